/**
 * What a build was made for, written by the build itself (react-router.config.ts, buildEnd) to
 * BUILD_DIR/build-info.json: the server and the scripts read it instead of reading the origin
 * back out of a generated page. Beside it, what the build learnt of its pages (script hashes).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type BuildInfo = { publicOrigin: string };

export const BUILD_INFO_FILE = "build-info.json";

export function writeBuildInfo(buildDir: string, info: BuildInfo): void {
  writeFileSync(join(buildDir, BUILD_INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
}

/** The build's metadata; undefined when there is no build (or one made before this file existed). */
export function readBuildInfo(buildDir: string): BuildInfo | undefined {
  try {
    return JSON.parse(readFileSync(join(buildDir, BUILD_INFO_FILE), "utf8")) as BuildInfo;
  } catch {
    return undefined;
  }
}

/**
 * The sha256 sources of each prerendered page's inline scripts, by its file under client/
 * ("about/index.html"): computed by the build (scripts/build/finish-client.ts), sent by the
 * server in the page's Content-Security-Policy.
 */
export type ScriptHashes = Record<string, string[]>;

export const SCRIPT_HASHES_FILE = "script-hashes.json";

export function writeScriptHashes(buildDir: string, hashes: ScriptHashes): void {
  writeFileSync(join(buildDir, SCRIPT_HASHES_FILE), `${JSON.stringify(hashes, null, 2)}\n`);
}

/** Empty when the build wrote none (then a prerendered page's policy allows no inline script). */
export function readScriptHashes(buildDir: string): ScriptHashes {
  try {
    return JSON.parse(readFileSync(join(buildDir, SCRIPT_HASHES_FILE), "utf8")) as ScriptHashes;
  } catch {
    return {};
  }
}
