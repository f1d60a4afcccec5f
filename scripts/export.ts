/**
 * The owner's copy of what visitors sent: `npm run -s export -- leads|contacts|subscribers > file.csv`
 * (or `--output file.csv`). Writes CSV (header row, RFC 4180 quoting, formula-looking cells
 * neutralised) to standard output, from the configured database: DATABASE_URL, or the embedded
 * one in DATA_DIR (stop the server first: the embedded database allows one process at a time).
 */
import { createWriteStream, type WriteStream } from "node:fs";
import { pathToFileURL } from "node:url";
import { asc, gt } from "drizzle-orm";
import { contactMessages, leads, newsletterSubscribers } from "../db/schema";
import { closeDatabase, db, openDatabase } from "../app/server/db.server";
import { csvRow } from "./csv";

type Cell = string | number | Date | null;

const EXPORTS = {
  leads: {
    header: ["id", "name", "email", "lead_magnet", "source_page", "created_at"],
    page: (after: number, limit: number) => db().select().from(leads).where(gt(leads.id, after)).orderBy(asc(leads.id)).limit(limit),
    cells: (r: typeof leads.$inferSelect): Cell[] => [r.id, r.name, r.email, r.leadMagnet, r.sourcePage, r.createdAt],
  },
  contacts: {
    header: ["id", "name", "email", "subject", "message", "created_at"],
    page: (after: number, limit: number) =>
      db().select().from(contactMessages).where(gt(contactMessages.id, after)).orderBy(asc(contactMessages.id)).limit(limit),
    cells: (r: typeof contactMessages.$inferSelect): Cell[] => [r.id, r.name, r.email, r.subject, r.message, r.createdAt],
  },
  subscribers: {
    header: ["id", "email", "created_at"],
    page: (after: number, limit: number) =>
      db()
        .select()
        .from(newsletterSubscribers)
        .where(gt(newsletterSubscribers.id, after))
        .orderBy(asc(newsletterSubscribers.id))
        .limit(limit),
    cells: (r: typeof newsletterSubscribers.$inferSelect): Cell[] => [r.id, r.email, r.createdAt],
  },
} as const;

export type ExportName = keyof typeof EXPORTS;
export const EXPORT_NAMES = Object.keys(EXPORTS) as ExportName[];

/** The CSV text of one table, a page of rows at a time (the open database is used). */
export async function* exportCsv(name: ExportName, pageSize = 1_000): AsyncGenerator<{ csv: string; rows: number }> {
  const table = EXPORTS[name] as unknown as {
    header: readonly string[];
    page: (after: number, limit: number) => Promise<{ id: number }[]>;
    cells: (row: { id: number }) => Cell[];
  };
  yield { csv: csvRow(table.header), rows: 0 };
  let after = 0;
  for (;;) {
    const rows = await table.page(after, pageSize);
    if (rows.length === 0) return;
    yield { csv: rows.map((row) => csvRow(table.cells(row))).join(""), rows: rows.length };
    after = rows.at(-1)!.id;
    if (rows.length < pageSize) return;
  }
}

function writer(out: NodeJS.WritableStream) {
  return (chunk: string) =>
    new Promise<void>((resolve, reject) => {
      if (out.write(chunk)) resolve();
      else out.once("drain", resolve).once("error", reject);
    });
}

const USAGE = `Usage: npm run -s export -- ${Object.keys(EXPORTS).join("|")} [--output file.csv]`;

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
