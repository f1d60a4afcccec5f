/**
 * The dashboard's statements that stay SQL: each reads or writes a whole set at once (a page of a
 * filtered list with its count, the overview's sums over the window, the exports' pages, the page
 * views' roll-up, the contacts import's staging and merge), in a shape the query builder cannot
 * say or says only as a slower plan. Each is named, says why it is SQL, and parses its rows by a
 * schema (`parsedRows`): a column renamed in a statement fails here by name. Every other read and
 * write of the dashboard goes through the query builder, typed by db/schema.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { ARTICLE_STATUSES, SUPPRESSION_REASONS } from "../../../db/schema";
import { IMPORTED_TAG } from "~/lib/tags";
import { recordConsentSet } from "~/server/audience/audience.sql.server";
import { db, parsedRows, type Executor } from "~/server/db.server";

/** A count or sum: `::int` answers a number, a bigint sum a string (node-postgres) or a number. */
const count = z.coerce.number();
/** A timestamp: a Date from both drivers, a string inside json. */
const at = z.coerce.date();
const maybeAt = at.nullable();

// --- the contacts list (/admin/contacts) -------------------------------------------------------

/** `where`: the list's conditions on contacts as `c` (audience.server.ts contactFilterWhere and the search). */
export const ContactRowSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: at,
  provedAt: maybeAt,
  suppression: z.enum(SUPPRESSION_REASONS).nullable(),
  suppressionDetail: z.string().nullable(),
  /** Purposes with a consent not withdrawn, e.g. "guide_followups,newsletter". */
  activeConsents: z.string().nullable(),
  withdrawnConsents: z.number(),
  /** Its tags, space-separated, A to Z. */
  tags: z.string().nullable(),
});
const ContactRowWithTotal = ContactRowSchema.extend({ total: z.number() });

/** How many contacts pass `where`. SQL: the list's conditions are SQL fragments on `c` (shared with the audience counts). */
export async function countContactsWhere(where: SQL): Promise<number> {
  const [row] = parsedRows(
    await db().execute(sql`select count(*)::int as total from contacts c where ${where}`),
    z.object({ total: count }),
  );
  return row?.total ?? 0;
}

/**
 * One page of the contacts passing `where`, newest first, each with its consents summed up and its
 * tags; `withTotal`, also how many pass in all, from the same reading of the rows (a search: few
 * rows, one pass). SQL: the page is cut from contacts before the per-contact subqueries run, a
 * nesting the builder would flatten into one pass over every consent.
 */
export async function contactsPage(
  where: SQL,
  page: number,
  pageSize: number,
  withTotal: boolean,
): Promise<{ rows: z.output<typeof ContactRowSchema>[]; total: number | undefined }> {
  const result = await db().execute(sql`
    select c.id, c.email, c.name, c.created_at as "createdAt", c.proved_at as "provedAt", c.suppression,
           c.suppression_detail as "suppressionDetail",
           (select string_agg(distinct purpose, ',' order by purpose) from consents where contact_id = c.id and withdrawn_at is null) as "activeConsents",
           (select count(*) from consents where contact_id = c.id and withdrawn_at is not null)::int as "withdrawnConsents",
           array_to_string(c.tags, ' ') as tags${withTotal ? sql`, c.total` : sql``}
    from (select c.*${withTotal ? sql`, count(*) over ()::int as total` : sql``} from contacts c where ${where}
          order by c.id desc limit ${pageSize} offset ${(page - 1) * pageSize}) c
    order by c.id desc
  `);
  if (!withTotal) return { rows: parsedRows(result, ContactRowSchema), total: undefined };
  const found = parsedRows(result, ContactRowWithTotal);
  return { rows: found.map(({ total: _total, ...row }) => row), total: found[0]?.total };
}

// --- the overview (/admin) ---------------------------------------------------------------------

/** Paid at some point: still paid, or later refunded or disputed. */
const EVER_PAID = sql.raw(`status in ('paid', 'refunded', 'disputed') and paid_at is not null`);
/** What an order (the row `orders` in scope) gave back so far: its products refunded and any unmatched amount. */
const REFUNDED_CENTS = sql.raw(`coalesce((select sum(r.amount_cents) from order_refunds r where r.order_id = orders.id), 0)`);

const MoneyRow = z.object({ gross: z.number(), refunded: z.number(), paid: z.number(), bump: z.number(), refundedOrders: z.number() });

/**
 * The window's money: gross, refunded, orders still paid for, those with an add-on (an order bump:
 * any line after the first, whichever product it is) still paid for, and those refunded in part or whole. SQL: five filtered aggregates over one reading of the window's orders,
 * each with a correlated sum of its refunds.
 */
export async function overviewMoney(from: Date): Promise<z.output<typeof MoneyRow>> {
  const [row] = parsedRows(
    await db().execute(sql`
      select coalesce(sum(amount_total), 0)::int as gross,
             coalesce(sum(${REFUNDED_CENTS}), 0)::int as refunded,
             count(*) filter (where status = 'paid')::int as paid,
             count(*) filter (where status = 'paid' and exists (
               select 1 from jsonb_array_elements(lines) with ordinality as l(line, n)
               where n > 1 and not exists (select 1 from order_refunds r where r.order_id = orders.id and r.product_id = l.line->>'id')))::int as bump,
             count(*) filter (where ${REFUNDED_CENTS} > 0)::int as "refundedOrders"
      from orders where ${EVER_PAID} and paid_at >= ${from}
    `),
    MoneyRow,
  );
  return row!;
}

const DailyRow = z.object({ day: z.string(), revenue: z.number(), leads: z.number() });

/**
 * Each day of the business's zone from `fromDay` to `toDay`: its sales net of their refunds and its
 * new leads, every day present. SQL: a generated series of days joined to two grouped reads, the
 * window's rows read once by index (not a query per day).
 */
export async function overviewDaily(from: Date, fromDay: string, toDay: string, timeZone: string): Promise<z.output<typeof DailyRow>[]> {
  return parsedRows(
    await db().execute(sql`
      with days as (
        select (generate_series(${fromDay}::date, ${toDay}::date, interval '1 day'))::date as day
      ), sales as (
        select (paid_at at time zone ${timeZone})::date as day, sum(amount_total - ${REFUNDED_CENTS}) as revenue
        from orders where ${EVER_PAID} and paid_at >= ${from} group by 1
      ), new_leads as (
        select (created_at at time zone ${timeZone})::date as day, count(*) as n
        from leads where created_at >= ${from} group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.revenue, 0)::int as revenue, coalesce(l.n, 0)::int as leads
      from days d left join sales s on s.day = d.day left join new_leads l on l.day = d.day
      order by d.day
    `),
    DailyRow,
  );
}

const ArticleFiguresRow = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  publishAt: maybeAt,
  views: z.number(),
  leads: z.number(),
  checkouts: z.number(),
  sales: z.number(),
});

/**
 * Per article: views since `fromDay` (UTC), leads, checkouts and sales (still paid) since `from`,
 * under its current address and its former ones. SQL: four correlated counts per article over the
 * union of its names, each read by index.
 */
export async function articleFigures(from: Date, fromDay: string): Promise<z.output<typeof ArticleFiguresRow>[]> {
  return parsedRows(
    await db().execute(sql`
      with names (article_id, slug) as (
        select id, slug from articles union all select article_id, old_slug from article_redirects
      )
      select a.id, a.slug, a.title, a.status, a.publish_at as "publishAt",
             (select coalesce(sum(views), 0) from page_views where path in (select '/blog/' || n.slug from names n where n.article_id = a.id) and day >= ${fromDay}::date)::int as views,
             (select count(*) from leads where source_page in (select n.slug from names n where n.article_id = a.id) and created_at >= ${from})::int as leads,
             (select count(*) from orders where source_article in (select n.slug from names n where n.article_id = a.id) and created_at >= ${from})::int as checkouts,
             (select count(*) from orders where source_article in (select n.slug from names n where n.article_id = a.id) and created_at >= ${from} and status = 'paid')::int as sales
      from articles a
    `),
    ArticleFiguresRow,
  );
}

const CampaignRow = z.object({ campaign: z.string(), checkouts: z.number(), sales: z.number(), revenueCents: z.number() });

/**
 * Checkouts, sales and revenue (net of refunds) per campaign for orders started since `from`; all
 * time without it, with the checkouts the sweep deleted (swept_campaign_checkouts). SQL: filtered
 * aggregates per campaign, unioned with the swept counts and summed again.
 */
export async function campaignFigureRows(from?: Date): Promise<z.output<typeof CampaignRow>[]> {
  return parsedRows(
    await db().execute(sql`
      select campaign, sum(checkouts)::int as checkouts, sum(sales)::int as sales, sum("revenueCents")::int as "revenueCents"
      from (
        select campaign, count(*) as checkouts,
               count(*) filter (where status = 'paid') as sales,
               coalesce(sum(amount_total - coalesce((select sum(r.amount_cents) from order_refunds r where r.order_id = orders.id), 0))
                 filter (where paid_at is not null), 0) as "revenueCents"
        from orders
        where campaign is not null ${from ? sql`and created_at >= ${from}` : sql``}
        group by campaign
        ${from ? sql`` : sql`union all select campaign, checkouts, 0, 0 from swept_campaign_checkouts`}
      ) counted
      group by campaign
    `),
    CampaignRow,
  );
}

// --- the exports' pages ------------------------------------------------------------------------

const LatestConsent = z.object({
  purpose: z.string(),
  source: z.string(),
  version: z.string(),
  at: z.string(),
  withdrawn: z.string().nullable(),
});
const AudienceExportRow = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  createdAt: at,
  provedAt: maybeAt,
  suppression: z.string().nullable(),
  suppressionDetail: z.string().nullable(),
  suppressedAt: maybeAt,
  // json_agg: parsed already by both drivers (a string only if a driver hands json over as text).
  consents: z.preprocess((v) => (typeof v === "string" ? JSON.parse(v) : (v ?? [])), z.array(LatestConsent)),
  tags: z.string().nullable(),
});
export type AudienceExportRow = z.output<typeof AudienceExportRow>;

/**
 * Contacts after `after`, each with its latest consent per purpose and its tags (space-separated,
 * A to Z). SQL: the consents are read per contact of the page through consents_contact_id_idx (a
 * nested loop over the page's contacts, never a scan of all consents) with `distinct on`.
 */
export async function audienceExportPage(after: number, limit: number): Promise<AudienceExportRow[]> {
  return parsedRows(
    await db().execute(sql`
      select c.id, c.email, c.name, c.created_at as "createdAt", c.proved_at as "provedAt", c.suppression,
             c.suppression_detail as "suppressionDetail", c.suppressed_at as "suppressedAt",
             (select json_agg(json_build_object('purpose', x.purpose, 'source', x.source, 'version', x.wording_version,
                                                'at', x.created_at, 'withdrawn', x.withdrawn_at))
              from (select distinct on (purpose) * from consents where contact_id = c.id order by purpose, id desc) x) as consents,
             array_to_string(c.tags, ' ') as tags
      from contacts c where c.id > ${after} order by c.id limit ${limit}
    `),
    AudienceExportRow,
  );
}

const OrderExportRow = z.object({
  id: z.number(),
  createdAt: at,
  paidAt: maybeAt,
  status: z.string(),
  provider: z.string(),
  customerEmail: z.string().nullable(),
  products: z.string().nullable(),
  amountTotal: z.number(),
  currency: z.string(),
  refundedCents: z.number(),
  refundedProducts: z.string().nullable(),
  sourceArticle: z.string().nullable(),
  campaign: z.string().nullable(),
});
export type OrderExportRow = z.output<typeof OrderExportRow>;

/**
 * Orders after `after`, each with its products' names (in the order's own order), what was given
 * back and the names of the products refunded. SQL: the lines are unnested from the order's jsonb
 * with their positions, and the refunds read per order of the page by a lateral join through
 * order_refunds_order_product_unique (its first column is order_id).
 */
export async function ordersExportPage(after: number, limit: number, separator: string): Promise<OrderExportRow[]> {
  return parsedRows(
    await db().execute(sql`
      select o.id, o.created_at as "createdAt", o.paid_at as "paidAt", o.status, o.provider, o.customer_email as "customerEmail",
             (select string_agg(l.line->>'name', ${separator} order by l.n)
              from jsonb_array_elements(o.lines) with ordinality as l(line, n)) as products,
             o.amount_total as "amountTotal", o.currency,
             coalesce(r.cents, 0)::int as "refundedCents", r.products as "refundedProducts",
             o.source_article as "sourceArticle", o.campaign
      from orders o
      left join lateral (
        select sum(x.amount_cents) as cents,
               string_agg(coalesce(named.name, x.product_id), ${separator} order by x.id) filter (where x.product_id is not null) as products
        from order_refunds x
        left join lateral (
          select line->>'name' as name from jsonb_array_elements(o.lines) as line where line->>'id' = x.product_id limit 1
        ) named on true
        where x.order_id = o.id
      ) r on true
      where o.id > ${after} order by o.id limit ${limit}
    `),
    OrderExportRow,
  );
}

// --- page views --------------------------------------------------------------------------------

/**
 * A batch of day rows older than `beforeDay` moved into their months; how many moved. SQL: the
 * rows deleted feed the monthly upsert in the same statement, so a view is never counted twice or
 * lost (a second run at the same time finds the rows gone and adds nothing).
 */
export async function rollUpPageViewBatch(beforeDay: string, batch: number): Promise<number> {
  const [row] = parsedRows(
    await db().execute(sql`
      with batch as (
        select day, path from page_views where day < ${beforeDay}::date order by day, path limit ${batch}
      ), gone as (
        delete from page_views p using batch b where p.day = b.day and p.path = b.path returning p.day, p.path, p.views
      ), added as (
        insert into page_views_monthly (month, path, views)
        select date_trunc('month', day)::date, path, sum(views) from gone group by 1, 2
        on conflict (month, path) do update set views = page_views_monthly.views + excluded.views
      )
      select count(*)::int as moved from gone
    `),
    z.object({ moved: z.number() }),
  );
  return row?.moved ?? 0;
}

// --- the contacts import -----------------------------------------------------------------------

/** One checked row, spelled as stored: `row` is its number in the spreadsheet (the header is row 1). */
export type StagedRow = { row: number; email: string; name: string | null; source: string; tags: string[] };

/**
 * A batch of checked rows staged, and the rows read so far noted, in one statement. SQL: the batch
 * travels as one jsonb parameter unpacked by jsonb_to_recordset (a builder insert would bind six
 * parameters per row), and the progress is written by the same statement.
 */
export async function stageImportRows(id: string, rows: readonly StagedRow[], rowsRead: number): Promise<void> {
  await db().execute(sql`
    with staged as (
      insert into contact_import_rows (import_id, row, email, name, source, tags)
      select ${id}, r.row, r.email, r.name, r.source, r.tags
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("row" integer, email text, name text, source text, tags text[])
    )
    update contact_imports set rows_read = ${rowsRead}, updated_at = now() where id = ${id}
  `);
}

/**
 * The planner's figures for the staged rows just written. SQL: ANALYZE has no builder form; without
 * it the planner takes the table for a few rows and joins by nested loops (285 s for 100,000 rows on
 * the embedded database, instead of under one).
 */
export async function analyzeStagedRows(): Promise<void> {
  await db().execute(sql`analyze contact_import_rows`);
}

/**
 * One staged row per address: a later row of an address gives its name to a first row without one
 * and adds its tags, then goes. How many rows went. SQL: grouped by address, the kept row updated and
 * the others deleted in one statement.
 */
export async function collapseStagedDuplicates(id: string): Promise<number> {
  const [gone] = parsedRows(
    await db().execute(sql`
      with repeated as (
        select min(row) as keep, array_agg(row) as rows,
          (array_agg(name order by row) filter (where name is not null))[1] as name,
          -- A tag holds no comma (app/lib/tags.ts): joined and split again, the rows' tags are one array.
          array_remove(string_to_array(string_agg(array_to_string(tags, ','), ','), ','), '') as tags
        from contact_import_rows where import_id = ${id}
        group by email having count(*) > 1
      ),
      kept as (
        update contact_import_rows r set name = g.name, tags = g.tags
        from repeated g where r.import_id = ${id} and r.row = g.keep
      ),
      dropped as (
        delete from contact_import_rows r using (select unnest(rows) as row, keep from repeated) d
        where r.import_id = ${id} and r.row = d.row and d.row <> d.keep
        returning 1
      )
      select count(*) as n from dropped
    `),
    z.object({ n: count }),
  );
  return gone?.n ?? 0;
}

const ImportSummaryRow = z.object({
  rows: count,
  known: count,
  suppressed: count,
  listed: z.array(z.string()).nullable(),
});

/**
 * The staged rows against the audience before the merge: how many, how many are contacts already,
 * how many of those are suppressed, and the first `listed` of those ("<reason> <email>", A to Z).
 * SQL: one left join of the staged rows to contacts, counted and aggregated in one pass.
 */
export async function stagedRowsSummary(tx: Executor, id: string, listed: number): Promise<z.output<typeof ImportSummaryRow>> {
  const [row] = parsedRows(
    await tx.execute(sql`
      select count(*) as rows, count(c.id) as known, count(c.suppression) as suppressed,
        (array_agg(c.suppression || ' ' || c.email order by c.email) filter (where c.suppression is not null))[1:${sql.raw(String(Math.trunc(listed)))}] as listed
      from contact_import_rows s left join contacts c on c.email = s.email
      where s.import_id = ${id}
    `),
    ImportSummaryRow,
  );
  return row ?? { rows: 0, known: 0, suppressed: 0, listed: null };
}

/** The consent's shape every import writes (the broadcasts' audience counts these as confirmed newsletter subscribers). */
export const IMPORT_CONSENT = { purpose: "newsletter", sourcePrefix: "import: ", wordingVersion: "import" } as const;

/**
 * The staged rows numbered in (fromRow, toRow] merged into the audience: contacts made or updated,
 * their tags (with "imported"), a newsletter consent where the address is not suppressed, an event
 * on each. How many consents were recorded. SQL: the audience's one consent statement for a set of
 * people at once (audience/audience.sql.server.ts recordConsentSet) over a select of the staged
 * rows, up to 10,000 a statement: a step per person would be 100,000 round trips inside the
 * import's one transaction, and handing the rows to the builder sends each back as parameters.
 */
export async function mergeStagedRows(tx: Executor, id: string, fileName: string, fromRow: number, toRow: number): Promise<number> {
  const recorded = await recordConsentSet(
    tx,
    sql`select s.email, s.name, ${IMPORT_CONSENT.sourcePrefix} || s.source as source, array_append(s.tags, ${IMPORTED_TAG}) as tags,
        ${`from ${fileName}: newsletter consent from `} || ${IMPORT_CONSENT.sourcePrefix} || s.source as detail,
        ${`from ${fileName}: kept suppressed`} as kept_detail
      from contact_import_rows s
      where s.import_id = ${id} and s.row > ${fromRow} and s.row <= ${toRow}`,
    { purpose: IMPORT_CONSENT.purpose, wordingVersion: IMPORT_CONSENT.wordingVersion, skipSuppressed: true, eventKind: "import" },
  );
  return recorded.consents;
}
