/**
 * The CSV exports of leads, contact messages, subscribers, the one audience (contacts with their
 * suppression and consents) and the orders (with their refunds), a page of rows at a time: used by
 * `npm run export` (scripts/export.ts) and the owner dashboard's downloads alike.
 *
 * Memory stays flat at any size (issue 44): each page is one query after the last id seen (keyset,
 * never OFFSET, so the thousandth page costs what the first does), and the download's stream asks
 * for the next page only when the client has taken the last one (`csvStream`).
 */
import { asc, gt } from "drizzle-orm";
import { CONSENT_PURPOSES, contactMessages, leads, newsletterSubscribers } from "../../../db/schema";
import { csvRow } from "~/lib/csv";
import { audienceExportPage, ordersExportPage, type AudienceExportRow, type OrderExportRow } from "~/server/admin/admin.sql.server";
import { db } from "~/server/db.server";
import { orderNumber } from "~/server/payments/orders.server";

type Cell = string | number | Date | null;

type LatestConsent = AudienceExportRow["consents"][number];

/** How the products of an order are joined in one cell, as the orders page lists them. */
const PRODUCT_SEPARATOR = " + ";

const ordersPage = (after: number, limit: number) => ordersExportPage(after, limit, PRODUCT_SEPARATOR);

const dateCell = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

function audienceCells(r: AudienceExportRow): Cell[] {
  const consents: LatestConsent[] = r.consents;
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

/** Money in whole cents, as the orders table holds it (the header says so: `_cents`). */
function orderCells(r: OrderExportRow): Cell[] {
  return [
    r.id,
    orderNumber(r.id),
    dateCell(r.createdAt),
    dateCell(r.paidAt),
    r.status,
    r.provider,
    r.customerEmail,
    r.products,
    r.amountTotal,
    r.currency,
    r.refundedCents,
    r.refundedProducts,
    r.sourceArticle,
    r.campaign,
  ];
}

type ExportTable<R extends { id: number }> = {
  header: readonly string[];
  page: (after: number, limit: number) => Promise<R[]>;
  cells: (row: R) => Cell[];
};

/** One export's CSV, a page of rows at a time after the last id seen; each table's row type stays its own. */
function exportTable<R extends { id: number }>(table: ExportTable<R>) {
  return async function* pages(pageSize: number): AsyncGenerator<{ csv: string; rows: number }> {
    yield { csv: csvRow(table.header), rows: 0 };
    let after = 0;
    for (;;) {
      const rows = await table.page(after, pageSize);
      if (rows.length === 0) return;
      yield { csv: rows.map((row) => csvRow(table.cells(row))).join(""), rows: rows.length };
      after = rows.at(-1)!.id;
      if (rows.length < pageSize) return;
    }
  };
}

const EXPORTS = {
  leads: exportTable({
    header: ["id", "name", "email", "lead_magnet", "source_page", "created_at"],
    page: (after: number, limit: number) => db().select().from(leads).where(gt(leads.id, after)).orderBy(asc(leads.id)).limit(limit),
    cells: (r: typeof leads.$inferSelect): Cell[] => [r.id, r.name, r.email, r.leadMagnet, r.sourcePage, r.createdAt],
  }),
  contacts: exportTable({
    header: ["id", "name", "email", "subject", "message", "created_at"],
    page: (after: number, limit: number) =>
      db().select().from(contactMessages).where(gt(contactMessages.id, after)).orderBy(asc(contactMessages.id)).limit(limit),
    cells: (r: typeof contactMessages.$inferSelect): Cell[] => [r.id, r.name, r.email, r.subject, r.message, r.createdAt],
  }),
  subscribers: exportTable({
    header: ["id", "email", "created_at"],
    page: (after: number, limit: number) =>
      db()
        .select()
        .from(newsletterSubscribers)
        .where(gt(newsletterSubscribers.id, after))
        .orderBy(asc(newsletterSubscribers.id))
        .limit(limit),
    cells: (r: typeof newsletterSubscribers.$inferSelect): Cell[] => [r.id, r.email, r.createdAt],
  }),
  /** The one audience (/admin/contacts): each contact's latest consent per purpose. */
  audience: exportTable({
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
    page: audienceExportPage,
    cells: audienceCells,
  }),
  /** Every order, abandoned checkouts too (status pending, no address): the status column tells them apart. */
  orders: exportTable({
    header: [
      "id",
      "order_number",
      "created_at",
      "paid_at",
      "status",
      "provider",
      "customer_email",
      "products",
      "amount_total_cents",
      "currency",
      "amount_refunded_cents",
      "refunded_products",
      "source_article",
      "campaign",
    ],
    page: ordersPage,
    cells: orderCells,
  }),
};

export type ExportName = keyof typeof EXPORTS;
export const EXPORT_NAMES = Object.keys(EXPORTS) as ExportName[];

/** The CSV text of one table, a page of rows at a time (the open database is used). */
export function exportCsv(name: ExportName, pageSize = 1_000): AsyncGenerator<{ csv: string; rows: number }> {
  return EXPORTS[name](pageSize);
}

/**
 * The CSV as a byte stream for a download: pull-based, so the next page is queried only when the
 * reader (the HTTP response, which waits for the socket to drain) asks for more; at most one page
 * waits in the stream's queue (its high-water mark of one chunk). A client that goes away ends the
 * pages (cancel closes the generator).
 */
export function csvStream(chunks: AsyncGenerator<{ csv: string }>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.csv));
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 1 },
  );
}
