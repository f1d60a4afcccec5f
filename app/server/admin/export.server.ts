/**
 * The CSV exports of leads, contact messages and subscribers, a page of rows at a time: used by
 * `npm run export` (scripts/export.ts) and the owner dashboard's downloads alike.
 */
import { asc, gt } from "drizzle-orm";
import { contactMessages, leads, newsletterSubscribers } from "../../../db/schema";
import { csvRow } from "~/lib/csv";
import { db } from "~/server/db.server";

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
