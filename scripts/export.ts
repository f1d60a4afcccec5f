/**
 * The owner's copy of what visitors sent: `npm run -s export -- leads|contacts|subscribers|audience|orders > file.csv`
 * (or `--output file.csv`). Writes CSV (header row, RFC 4180 quoting, formula-looking cells
 * neutralised) to standard output, from the configured database: DATABASE_URL, or the embedded
 * one in DATA_DIR (stop the server first: the embedded database allows one process at a time).
 * The owner dashboard's CSV downloads use the same exportCsv() (app/server/admin/export.server.ts).
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { pathToFileURL } from "node:url";
import { closeDatabase, openDatabase } from "../app/server/db.server";
import { EXPORT_NAMES, exportCsv, type ExportName } from "../app/server/admin/export.server";

export { EXPORT_NAMES, exportCsv, type ExportName };

function writer(out: NodeJS.WritableStream) {
  return (chunk: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.write(chunk)) resolve();
      else out.once("drain", resolve).once("error", reject);
    });
}

const USAGE = `Usage: npm run -s export -- ${EXPORT_NAMES.join("|")} [--output file.csv]`;

async function main() {
  const args = process.argv.slice(2);
  const name = args.find((a) => !a.startsWith("-"));
  const outputAt = args.findIndex((a) => a === "--output" || a === "-o");
  const outputFile = outputAt >= 0 ? args[outputAt + 1] : undefined;
  if (!name || !EXPORT_NAMES.includes(name as ExportName) || (outputAt >= 0 && !outputFile)) {
    console.error(USAGE);
    process.exit(2);
  }
  // `npm run` (without -s) prints its own "> export" banner into standard output first.
  if (!outputFile && !process.stdout.isTTY && process.env.npm_lifecycle_event && process.env.npm_config_loglevel !== "silent") {
    console.error(
      "Note: npm printed its own banner lines above the CSV in standard output. Use `npm run -s export -- ...` or `--output file.csv` for a clean file.",
    );
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || "./data";
  try {
    await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  } catch (error) {
    console.error(`Could not open the database (${databaseUrl ? "DATABASE_URL" : `embedded, in ${dataDir}`}): ${(error as Error).message}`);
    process.exit(1);
  }
  let out: NodeJS.WritableStream = process.stdout;
  if (outputFile) out = createWriteStream(outputFile);
  // `npm run -s export -- leads | head` closes the pipe early: that's not an error.
  out.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    console.error(`Could not write the CSV: ${error.message}`);
    process.exit(1);
  });
  const write = writer(out);
  let rows = 0;
  try {
    for await (const chunk of exportCsv(name as ExportName)) {
      rows += chunk.rows;
      await write(chunk.csv);
    }
    if (outputFile) {
      await new Promise<void>((resolve) => (out as WriteStream).end(resolve));
      console.error(`Wrote ${rows} ${name} to ${outputFile}`);
    }
  } catch (error) {
    console.error(`Export failed: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    await closeDatabase();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
