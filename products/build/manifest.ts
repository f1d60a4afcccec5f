import { readFileSync } from "node:fs";

/** Where built product files live: private, outside public/, never served by the static server. */
export const PRODUCT_FILES_DIR = new URL("../files/", import.meta.url);
export const MANIFEST_URL = new URL("manifest.json", PRODUCT_FILES_DIR);

/** Per file: the fingerprint of what it was built from, and the file's own size and hash. */
export type ManifestEntry = { fingerprint: string; bytes: number; sha256: string };
export type Manifest = Record<string, ManifestEntry>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(MANIFEST_URL, "utf8")) as Manifest;
}
