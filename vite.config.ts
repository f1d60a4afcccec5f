import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { pageScriptsPlugin } from "./scripts/build/page-scripts.ts";
import { routeModulesPlugin } from "./scripts/build/route-css";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    // The server build's entry is our Express app, which wraps React Router's request handler.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  // The public pages' scripts (app/browser/*.ts, imported with `?page-script&url`): each bundled
  // into one minified classic script, written into the page (scripts/build/page-scripts.ts).
  plugins: [tailwindcss(), reactRouter(), pageScriptsPlugin(), routeModulesPlugin()],
}));
