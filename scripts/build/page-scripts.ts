/**
 * The public pages' scripts (app/browser/*.ts): each one TypeScript module that imports the rules
 * it shares with the server (the blog's filter, app/lib/blog-filter.ts), and in the browser one
 * small classic script, written into the page (app/lib/first-paint.tsx), where each byte counts
 * against a new connection's first round trip (~14 KB). No React, no framework chunk, no module
 * loaded at run time.
 *
 * A route imports its script as `~/browser/<name>.ts?page-script&url`: the address of the script
 * bundled. Vite's own `?url` of a .ts would be the source file as it is, imports and all, so this
 * plugin answers such imports itself: Vite's `build()` (its library mode) bundles the module and
 * what it imports into one minified IIFE, the client build emits it as
 * `assets/<name>-<hash>.js`, and the import is its address, the same in the server build, which
 * reads the file by that address to write it into the page (app/server/document/built-assets.server.ts).
 * (`&url`: where this plugin is not loaded, the unit tests' Vite, Vite's `?url` answers an
 * address too, and the script is not run in Node.) On the dev server the address is served by a
 * middleware that bundles the script on each request.
 *
 * The server build also writes PAGE_SCRIPTS_FILE (build/server/page-scripts.json): each script
 * the build emitted, its address and the sha256 of its text, which is the text of the page's
 * inline <script> (the build refuses a script containing `</script`, the one thing
 * first-paint.tsx would escape), for a Content-Security-Policy that allows only these.
 */
import { createHash } from "node:crypto";
import { relative, resolve } from "node:path";
import { build, type Alias, type Plugin, type ResolvedConfig } from "vite";

/** Under build/server: the page scripts the build emitted (PageScriptsManifest). */
export const PAGE_SCRIPTS_FILE = "page-scripts.json";

export type PageScript = {
  /** The module, from the project's root: `app/browser/blog-script.ts`. */
  entry: string;
  /** The address the build serves it at, and the page's InlineScript names it by: `/assets/blog-script-<hash>.js`. */
  href: string;
  /** The hash of its text as a CSP source: `'sha256-<base64>'`. */
  hash: string;
};
export type PageScriptsManifest = PageScript[];

const QUERY = "page-script";
const VIRTUAL = "\0page-script:";
/** The dev server's address of a page script: this prefix and its path from the project's root. */
const DEV_PREFIX = "/@page-script/";

const ROOT = resolve(import.meta.dirname, "../..");
const BROWSER_DIR = resolve(ROOT, "app/browser");

/** The module bundled into one self-contained classic script (the build minifies it). */
export async function bundlePageScript(entry: string, { minify, alias }: { minify: boolean; alias: Alias[] }): Promise<string> {
  const result = await build({
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: "warn",
    root: ROOT,
    resolve: { alias },
    build: {
      write: false,
      minify,
      reportCompressedSize: false,
      lib: { entry, formats: ["iife"], name: "pageScript" },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((build) => ("output" in build ? build.output : []));
  const chunks = outputs.filter((file) => file.type === "chunk");
  const [chunk] = chunks;
  const name = relative(ROOT, entry);
  if (chunks.length !== 1 || !chunk) throw new Error(`${name}: bundled into ${chunks.length} scripts, not one`);
  if (chunk.imports.length > 0 || chunk.dynamicImports.length > 0) throw new Error(`${name}: imports modules at run time`);
  if (/<\/script/i.test(chunk.code)) throw new Error(`${name}: holds "</script", which a page's inline script cannot`);
  return chunk.code.trimEnd();
}

const cspHash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

export function pageScriptsPlugin(): Plugin {
  let config: ResolvedConfig;
  /** Each page script bundled in this build, by module file (the client and server builds bundle it alike). */
  const built = new Map<string, { code: string; fileName: string }>();
  const alias = () => config.resolve.alias;

  async function pageScript(file: string) {
    let script = built.get(file);
    if (!script) {
      const code = await bundlePageScript(file, { minify: true, alias: alias() });
      const hash = createHash("sha256").update(code).digest("base64url").slice(0, 8);
      const name = relative(BROWSER_DIR, file).replace(/\.ts$/, "");
      script = { code, fileName: `${config.build.assetsDir}/${name}-${hash}.js` };
      built.set(file, script);
    }
    return script;
  }

  return {
    name: "page-scripts",
    enforce: "pre",
    configResolved(resolved) {
      config = resolved;
    },
    async resolveId(source, importer) {
      const [path, query] = source.split("?");
      if (!path || !query || !new URLSearchParams(query).has(QUERY)) return null;
      const resolved = await this.resolve(path, importer, { skipSelf: true });
      if (!resolved || !resolved.id.startsWith(`${BROWSER_DIR}/`)) {
        this.error(`${source}: a page script is a module in app/browser`);
      }
      // A virtual id: the script is not a module of the page's own (nor a source of its CSS classes).
      return `${VIRTUAL}${resolved.id}`;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL)) return null;
      const file = id.slice(VIRTUAL.length);
      if (config.command === "serve") return `export default ${JSON.stringify(DEV_PREFIX + relative(ROOT, file))};`;
      const { code, fileName } = await pageScript(file);
      if (this.environment.name === "client") this.emitFile({ type: "asset", fileName, source: code });
      return `export default ${JSON.stringify(config.base + fileName)};`;
    },
    generateBundle() {
      if (this.environment.name !== "ssr") return;
      const manifest: PageScriptsManifest = [...built]
        .map(([file, { code, fileName }]) => ({ entry: relative(ROOT, file), href: config.base + fileName, hash: cspHash(code) }))
        .sort((a, b) => a.entry.localeCompare(b.entry));
      this.emitFile({ type: "asset", fileName: PAGE_SCRIPTS_FILE, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split("?")[0];
        if (!path?.startsWith(DEV_PREFIX)) return next();
        const file = resolve(ROOT, path.slice(DEV_PREFIX.length));
        if (!file.startsWith(`${BROWSER_DIR}/`)) return next();
        bundlePageScript(file, { minify: false, alias: alias() }).then((code) => {
          response.setHeader("Content-Type", "text/javascript");
          response.end(code);
        }, next);
      });
    },
  };
}
