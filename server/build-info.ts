/**
 * What a build was made for, written by the build itself (react-router.config.ts, buildEnd) to
 * BUILD_DIR/build-info.json: the server and the scripts read it instead of reading the origin
 * back out of a generated page.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PublicBusiness } from "../app/lib/business.ts";

export type BuildInfo = {
  publicOrigin: string;
  /** The business's details the prerendered pages were written with (their footer): while the running site's differ, the server renders them (decision 069). */
  business?: PublicBusiness;
};

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
 * The CSP sources (`'sha256-...'`) of the page scripts the build emitted (build/server/page-scripts.json,
 * written by the page-scripts build step, decision 059): the only inline scripts a prerendered
 * page may run. Empty when the build wrote none.
 */
export function readPageScriptHashes(buildDir: string): Set<string> {
  try {
    const scripts = JSON.parse(readFileSync(join(buildDir, "server", "page-scripts.json"), "utf8")) as { hash: string }[];
    return new Set(scripts.map((script) => script.hash));
  } catch {
    return new Set();
  }
}
