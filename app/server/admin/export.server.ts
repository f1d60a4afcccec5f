/**
 * The CSV exports of leads, contact messages, subscribers, the one audience (contacts with their
 * suppression and consents) and the orders (with their refunds), a page of rows at a time: used by
 * `npm run export` (scripts/export.ts) and the owner dashboard's downloads alike.
 *
 * Memory stays flat at any size (issue 44): each page is one query after the last id seen (keyset,
 * never OFFSET, so the thousandth page costs what the first does), and the download's stream asks
 * for the next page only when the client has taken the last one (`csvStream`).
 */
import { asc, gt, sql } from "drizzle-orm";
import { CONSENT_PURPOSES, contactMessages, leads, newsletterSubscribers } from "../../../db/schema";
import { csvRow } from "~/lib/csv";
import { db, rowsOf } from "~/server/db.server";
import { orderNumber } from "~/server/payments/orders.server";

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

/**
 * Contacts after `after`, each with its latest consent per purpose and its tags (space-separated,
 * A to Z). The consents are read per contact of the page through consents_contact_id_idx (a nested
 * loop over the page's contacts, never a scan of all consents).
 */
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

type OrderExportRow = {
  id: number;
  createdAt: string | Date;
  paidAt: string | Date | null;
  status: string;
  provider: string;
  customerEmail: string | null;
  products: string | null;
  amountTotal: number;
  currency: string;
  refundedCents: number;
  refundedProducts: string | null;
  sourceArticle: string | null;
  campaign: string | null;
};

/** How the products of an order are joined in one cell, as the orders page lists them. */
const PRODUCT_SEPARATOR = " + ";

/**
 * Orders after `after`, each with its products' names (in the order's own order), what was given
 * back (every refund row: its products and any amount that matched none) and the names of the
 * products refunded: one query per page, the refunds read per order of the page through
 * order_refunds_order_product_unique (its first column is order_id).
 */
async function ordersPage(after: number, limit: number): Promise<OrderExportRow[]> {
  return rowsOf<OrderExportRow>(
    await db().execute(sql`
      select o.id, o.created_at as "createdAt", o.paid_at as "paidAt", o.status, o.provider, o.customer_email as "customerEmail",
             (select string_agg(l.line->>'name', ${PRODUCT_SEPARATOR} order by l.n)
              from jsonb_array_elements(o.lines) with ordinality as l(line, n)) as products,
             o.amount_total as "amountTotal", o.currency,
             coalesce(r.cents, 0)::int as "refundedCents", r.products as "refundedProducts",
             o.source_article as "sourceArticle", o.campaign
      from orders o
      left join lateral (
        select sum(x.amount_cents) as cents,
               string_agg(coalesce(named.name, x.product_id), ${PRODUCT_SEPARATOR} order by x.id) filter (where x.product_id is not null) as products
        from order_refunds x
        left join lateral (
          select line->>'name' as name from jsonb_array_elements(o.lines) as line where line->>'id' = x.product_id limit 1
        ) named on true
        where x.order_id = o.id
      ) r on true
      where o.id > ${after} order by o.id limit ${limit}
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
  /** Every order, abandoned checkouts too (status pending, no address): the status column tells them apart. */
  orders: {
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
