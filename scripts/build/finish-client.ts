/**
 * The build's last step (react-router.config.ts, buildEnd), one pass over the client build once
 * React Router has written the prerendered pages:
 *
 * - a page that hydrates starts its scripts after the first paint (first-paint.ts);
 * - a page that does not (an article, the calculators' list) keeps only the CSS its markup uses
 *   (critical-css.ts);
 * - each page's inline scripts are hashed for its Content-Security-Policy (SCRIPT_HASHES_FILE,
 *   read by the server at start-up);
 * - every compressible file gets its brotli (quality 11) and gzip (level 9) forms beside it,
 *   which the static middleware sends as they are (server/static-files.ts).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { writeScriptHashes } from "../../server/build-info.ts";
import { COMPRESSIBLE, MIN_COMPRESSED_SIZE } from "../../server/static-files.ts";
import { criticalCss } from "./critical-css.ts";
import { deferScripts, hydrates, inlineScriptHashes } from "./first-paint.ts";

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== ".vite") yield* filesUnder(path);
    } else yield path;
  }
}

export type FinishedPage = { file: string; hydrates: boolean; cssBefore?: number; cssAfter?: number };

export async function finishClientBuild(buildDir: string): Promise<FinishedPage[]> {
  const clientDir = join(buildDir, "client");
  const prune = criticalCss(clientDir);
  const pages: FinishedPage[] = [];
  const hashes: Record<string, string[]> = {};
  const files = [...filesUnder(clientDir)];
  for (const path of files.filter((f) => f.endsWith(".html"))) {
    const file = relative(clientDir, path).split(sep).join("/");
    let html = readFileSync(path, "utf8");
    if (hydrates(html)) {
      html = await deferScripts(html, file);
      pages.push({ file, hydrates: true });
    } else {
      const pruned = await prune(html, file);
      if (pruned) html = pruned.html;
      pages.push({ file, hydrates: false, cssBefore: pruned?.before, cssAfter: pruned?.after });
    }
    writeFileSync(path, html);
    hashes[file] = inlineScriptHashes(html);
  }
  writeScriptHashes(buildDir, hashes);
  for (const path of files) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const body = readFileSync(path);
    if (body.length <= MIN_COMPRESSED_SIZE) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  }
  return pages;
}
