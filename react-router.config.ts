import type { Config } from "@react-router/dev/config";
import { publicBusiness } from "./app/lib/business";
import { businessDefaultsFromEnv, publicConfig } from "./app/server/env.server";
import { inlineCriticalCss } from "./scripts/build/critical-css";
import { prerenderedPaths } from "./scripts/build/page-policies";
import { writeRouteStylesheets } from "./scripts/build/route-css";
import { writeStaticScriptHashes } from "./scripts/build/static-script-hashes";
import { writeBuildInfo } from "./server/build-info";
import { writePrecompressed } from "./server/static-files";

export default {
  ssr: true,
  // BUILD_DIR lets parallel builds (several developers in one checkout) stay apart.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Pages that change only with a deploy become HTML files at build time; forms on them still
  // POST to their actions. Each route says so in its handle (`render: "prerendered"`,
  // app/lib/page-policy.ts); the pages made from the database are `render: "cached"`, kept by
  // each server (server/page-cache.ts).
  prerender: () => prerenderedPaths(),
  // The origin and the business details baked into the prerendered pages, for the server to check at start-up.
  async buildEnd({ reactRouterConfig, buildManifest }) {
    writeBuildInfo(reactRouterConfig.buildDirectory, {
      publicOrigin: publicConfig().origin,
      business: publicBusiness(businessDefaultsFromEnv()),
    });
    // Each route's own stylesheet, for the pages rendered per request without React.
    if (!buildManifest) throw new Error("React Router gave no build manifest");
    const routeCss = await writeRouteStylesheets(reactRouterConfig.buildDirectory, buildManifest.routes);
    const kb = (n: number) => (n / 1024).toFixed(1);
    console.log(
      `route stylesheets: ${routeCss.stylesheets.length} for ${Object.keys(routeCss.routes).length} routes, ${routeCss.stylesheets.map((css) => kb(css.length)).join(", ")} KB`,
    );
    // Pages without hydration (the articles) keep only the CSS their markup uses.
    const pruned = await inlineCriticalCss(`${reactRouterConfig.buildDirectory}/client`);
    for (const { file, before, after } of pruned) console.log(`critical CSS: ${file} ${kb(before)} KB -> ${kb(after)} KB`);
    // Their inline scripts' CSP hashes, for the server to read at start-up instead of the pages.
    console.log(`script hashes: ${writeStaticScriptHashes(reactRouterConfig.buildDirectory)} pages`);
    // Last, on the files as served: their brotli and gzip copies, so a server start need not make them.
    const compressed = await writePrecompressed(`${reactRouterConfig.buildDirectory}/client`);
    console.log(`precompressed: ${compressed} files (.br, .gz)`);
  },
} satisfies Config;
