/**
 * Build step (react-router.config.ts, buildEnd, after the critical CSS): each prerendered page's
 * inline scripts as CSP sources, by its path under build/client, in
 * build/server/static-script-hashes.json. The server reads that list at start-up
 * (server/static-files.ts) instead of parsing the pages itself.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { inlineScriptHashes } from "../../app/server/document/script-hashes.server.ts";
import { htmlFiles } from "./critical-css.ts";
import { STATIC_SCRIPT_HASHES_FILE, type StaticScriptHashes } from "../../server/static-files.ts";

/** The hashes of every HTML file under `clientDir` (a test's folder, or the build's). */
export function staticScriptHashes(clientDir: string): StaticScriptHashes {
  const hashes: StaticScriptHashes = {};
  for (const file of htmlFiles(clientDir)) hashes[relative(clientDir, file).split(sep).join("/")] = inlineScriptHashes(readFileSync(file, "utf8"));
  return hashes;
}

export function writeStaticScriptHashes(buildDir: string): number {
  const hashes = staticScriptHashes(join(buildDir, "client"));
  writeFileSync(join(buildDir, "server", STATIC_SCRIPT_HASHES_FILE), `${JSON.stringify(hashes, null, 2)}\n`);
  return Object.keys(hashes).length;
}
