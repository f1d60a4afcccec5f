/**
 * A freshly initialised embedded database (PGlite's initdb, nothing else), dumped once and loaded
 * by every test file that needs a new in-memory database: loading costs about 0.85 s of CPU where
 * initialising one costs about 3 s, and the integration files each made at least one. The dump
 * is kept in node_modules/.cache per PGlite version; the first files of a run on a clean clone
 * make it (each its own, renamed into place, so two at once are harmless).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";

let template: Promise<Blob> | undefined;

async function makeTemplate(): Promise<Blob> {
  const { version } = JSON.parse(readFileSync(resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  const dir = resolve("node_modules/.cache/pglite-template");
  const file = join(dir, `initdb-${version}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = new PGlite();
  await client.waitReady;
  const dump = await client.dumpDataDir("none");
  await client.close();
  const bytes = Buffer.from(await dump.arrayBuffer());
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, file);
  return new Blob([bytes]);
}

/** The dumped data directory of a freshly initialised cluster (for `new PGlite({ loadDataDir })`). */
export function pgliteTemplate(): Promise<Blob> {
  template ??= makeTemplate();
  return template;
}

/** A new in-memory PGlite, as `new PGlite()` gives, started from the template. */
export async function freshPglite(): Promise<PGlite> {
  const client = new PGlite({ loadDataDir: await pgliteTemplate() });
  await client.waitReady;
  return client;
}
