import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, minify, type Plugin } from "vite";
import { routeModulesPlugin } from "./scripts/build/route-css";

/**
 * The small page scripts (app/browser/*.js, imported with `?url&no-inline`) are emitted as assets,
 * copied as written, comments and all. Their text is written into every page without React
 * (app/lib/first-paint.tsx), where each byte counts against a new connection's first round trip
 * (~14 KB): minify them here, with Vite's own minifier, before prerendering reads them.
 */
function minifyPageScripts(): Plugin {
  return {
    name: "minify-page-scripts",
    apply: "build",
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== "asset" || !file.fileName.endsWith(".js")) continue;
        if (!file.originalFileNames.some((name) => name.startsWith("app/browser/"))) continue;
        const minified = await minify(file.fileName, String(file.source), { compress: true, mangle: true });
        if (minified.errors.length > 0) this.error(`${file.fileName}: ${minified.errors.map((e) => e.message).join("; ")}`);
        file.source = minified.code;
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    // The server build's entry is our Express app, which wraps React Router's request handler.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [tailwindcss(), reactRouter(), minifyPageScripts(), routeModulesPlugin()],
}));
