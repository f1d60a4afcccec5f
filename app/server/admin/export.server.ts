/**
 * The CSV exports of leads, contact messages, subscribers and the one audience (contacts with
 * their suppression and consents), a page of rows at a time: used by `npm run export`
 * (scripts/export.ts) and the owner dashboard's downloads alike.
 */
import { asc, gt, sql } from "drizzle-orm";
import { CONSENT_PURPOSES, contactMessages, leads, newsletterSubscribers } from "../../../db/schema";
import { csvRow } from "~/lib/csv";
import { db, rowsOf } from "~/server/db.server";

type Cell = string | number | Date | null;

type LatestConsent = { purpose: string; source: string; version: string; at: string; withdrawn: string | null };
type AudienceRow = {
  id: number;
  email: string;
  name: string | null;
  createdAt: string | Date;
  provedAt: string | Date | null;
  suppression: string | null;
  suppressionDetail: string | null;
  suppressedAt: string | Date | null;
  consents: LatestConsent[] | string | null;
  tags: string | null;
};

/** Contacts after `after`, each with its latest consent per purpose and its tags (space-separated, A to Z). */
async function audiencePage(after: number, limit: number): Promise<AudienceRow[]> {
  return rowsOf<AudienceRow>(
    await db().execute(sql`
      select c.id, c.email, c.name, c.created_at as "createdAt", c.proved_at as "provedAt", c.suppression,
             c.suppression_detail as "suppressionDetail", c.suppressed_at as "suppressedAt",
             (select json_agg(json_build_object('purpose', x.purpose, 'source', x.source, 'version', x.wording_version,
                                                'at', x.created_at, 'withdrawn', x.withdrawn_at))
              from (select distinct on (purpose) * from consents where contact_id = c.id order by purpose, id desc) x) as consents,
             array_to_string(c.tags, ' ') as tags
      from contacts c where c.id > ${after} order by c.id limit ${limit}
    `),
  );
}

const dateCell = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

function audienceCells(r: AudienceRow): Cell[] {
  const consents: LatestConsent[] = typeof r.consents === "string" ? JSON.parse(r.consents) : (r.consents ?? []);
  return [
    r.email,
    r.name,
    dateCell(r.createdAt),
    dateCell(r.provedAt),
    r.suppression,
    r.suppressionDetail,
    dateCell(r.suppressedAt),
    ...CONSENT_PURPOSES.flatMap((purpose) => {
      const c = consents.find((x) => x.purpose === purpose);
      return c ? [c.source, c.version, dateCell(c.at), dateCell(c.withdrawn)] : [null, null, null, null];
    }),
    r.tags,
  ];
}

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
  /** The one audience (/admin/contacts): each contact's latest consent per purpose. */
  audience: {
    header: [
      "email",
      "name",
      "created_at",
      "proved_at",
      "suppression",
      "suppression_detail",
      "suppressed_at",
      ...CONSENT_PURPOSES.flatMap((p) => [`${p}_source`, `${p}_wording_version`, `${p}_consented_at`, `${p}_withdrawn_at`]),
      "tags",
    ],
    page: audiencePage,
    cells: audienceCells,
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
