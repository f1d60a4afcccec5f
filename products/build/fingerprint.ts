/**
 * What a built file is made of, as a hash, so a test can tell when a committed file no longer
 * matches its source without needing Chromium: for a PDF the HTML it was printed from; for Word
 * and Excel files the XML parts inside the zip (minus docProps/core.xml, which holds timestamps).
 */
import { createHash } from "node:crypto";
import JSZip from "jszip";

export function sha256(data: string | Buffer | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export async function zipContentHash(file: Buffer | Uint8Array): Promise<string> {
  const zip = await JSZip.loadAsync(file);
  const hash = createHash("sha256");
  const names = Object.keys(zip.files)
    .filter((name) => !zip.files[name]!.dir && name !== "docProps/core.xml")
    .sort();
  for (const name of names) {
    hash.update(name);
    hash.update(await zip.files[name]!.async("uint8array"));
  }
  return hash.digest("hex");
}

/** A printed file's fingerprint: its HTML and whether the page footer was printed. */
export function printFingerprint(html: string, footer: boolean): string {
  return sha256(`${footer}\n${html}`);
}
