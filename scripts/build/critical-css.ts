/**
 * Build step (react-router.config.ts, buildEnd): every prerendered page that does not hydrate
 * keeps only the CSS its markup uses (app/server/document/critical-css.server.ts, the same pruning
 * the server gives the pages it caches).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { criticalCss } from "../../app/server/document/critical-css.server.ts";

/** Every HTML file under `dir`. */
export function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name.endsWith(".html")) yield path;
  }
}

export type CriticalCssResult = { file: string; before: number; after: number };

/** Prunes the inline stylesheet of every prerendered page under `clientDir` that does not hydrate. */
export async function inlineCriticalCss(clientDir: string): Promise<CriticalCssResult[]> {
  const prune = criticalCss(clientDir);
  const results: CriticalCssResult[] = [];
  for (const file of htmlFiles(clientDir)) {
    let done: Awaited<ReturnType<typeof prune>>;
    try {
      done = await prune(readFileSync(file, "utf8"));
    } catch (error) {
      throw new Error(`${file}: ${(error as Error).message}`);
    }
    if (!done) continue;
    writeFileSync(file, done.html);
    results.push({ file, before: done.before, after: done.after });
  }
  return results;
}
