import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Slugs of the Markdown files, for build tooling that runs outside Vite (the prerender list). */
export function articleSlugsFromDisk(): string[] {
  const dir = fileURLToPath(new URL("./articles", import.meta.url));
  return readdirSync(dir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => file.slice(0, -3))
    .sort();
}
