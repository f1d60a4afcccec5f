/**
 * The owner's changes to products (/admin/products), each one transaction: the products row, a
 * former address kept for a 301, the price history (a change closes the current row and opens the
 * next; going off sale closes it, going on sale opens one: the history is of prices the product was
 * openly offered at), the waitlist's e-mails when a coming-soon product goes on sale, and the
 * content version raised so every server's product store reloads within a second. A save is
 * refused whole (nothing written) when the form's version is not the latest (two tabs), the address
 * is taken, or the bump is not another product. Each save leaves an audit-log entry.
 */
import { and, asc, count, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { articleImages, entitlements, orders, productPrices, productRedirects, products, productWaitlist } from "../../../db/schema";
import { PRODUCT_STATUS_LABELS } from "~/lib/catalogue";
import { formerPriceVerdict, type FormerPriceVerdict, type PriceSpell } from "~/lib/former-price";
import { spellsFrom, type Sale } from "~/lib/offers";
import type { SaleInput } from "~/lib/forms/promotion";
import type { NewProductForm, ProductForm } from "~/lib/forms/product";
import { slugFromTitle } from "~/lib/forms/article";
import { formatCents } from "~/lib/site";
import { formatZonedDateTime } from "~/lib/dates";
import { renderArticleMarkdown } from "~/content/markdown.server";
import { recordAudit } from "~/server/audit.server";
import type { ContentReload } from "~/server/content/article-store.server";
import { bumpContentVersion } from "~/server/content/content-version.server";
import { db, sqlState, type Tx } from "~/server/db.server";
import { openingMailQueued, queueOpeningMail } from "~/server/shop/waitlist.server";
import { saleOf } from "~/server/shop/product-store.server";

export type ProductRow = typeof products.$inferSelect;

/** Paid orders that bought each product (not counting refunds: what was sold). */
async function soldCounts(ids?: string[]): Promise<Map<string, number>> {
  const rows = await db()
    .select({ productId: entitlements.productId, n: count() })
    .from(entitlements)
    .innerJoin(orders, eq(orders.id, entitlements.orderId))
    .where(ids ? inArray(entitlements.productId, ids) : undefined)
    .groupBy(entitlements.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

async function waitingCounts(ids?: string[]): Promise<Map<string, number>> {
  const rows = await db()
    .select({ productId: productWaitlist.productId, n: count() })
    .from(productWaitlist)
    .where(ids ? inArray(productWaitlist.productId, ids) : undefined)
    .groupBy(productWaitlist.productId);
  return new Map(rows.map((r) => [r.productId, r.n]));
}

export type ProductListRow = Pick<ProductRow, "id" | "name" | "slug" | "priceCents" | "status"> & { waiting: number; sold: number };

/** The dashboard's list: every product with its status, price, waitlist and sales. */
export async function productsForOwner(): Promise<ProductListRow[]> {
  const [rows, waiting, sold] = await Promise.all([
    db()
      .select({ id: products.id, name: products.name, slug: products.slug, priceCents: products.priceCents, status: products.status })
      .from(products)
      .orderBy(asc(products.sortOrder), asc(products.id)),
    waitingCounts(),
    soldCounts(),
  ]);
  return rows.map((r) => ({ ...r, waiting: waiting.get(r.id) ?? 0, sold: sold.get(r.id) ?? 0 }));
}

export type PriceHistoryRow = { priceCents: number; from: Date; until: Date | null };

/** One product for its editor: the row, its price history, the "normally" rule's verdict, its waitlist and sales. */
export async function productForOwner(id: string): Promise<
  | {
      row: ProductRow;
      history: PriceHistoryRow[];
      formerPrice: FormerPriceVerdict;
      /** Its sale (saved, running or ahead), and the "normally" rule's verdict while it runs, or null. */
      sale: { sale: Sale; verdict: FormerPriceVerdict } | null;
      waiting: number;
      sold: number;
      others: { id: string; name: string }[];
    }
  | undefined
> {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  if (!row) return undefined;
  const [history, waiting, sold, others] = await Promise.all([
    db()
      .select({ priceCents: productPrices.priceCents, from: productPrices.validFrom, until: productPrices.validUntil })
      .from(productPrices)
      .where(eq(productPrices.productId, id))
      .orderBy(asc(productPrices.validFrom), asc(productPrices.id)),
    waitingCounts([id]),
    soldCounts([id]),
    db().select({ id: products.id, name: products.name }).from(products).where(ne(products.id, id)).orderBy(asc(products.sortOrder)),
  ]);
  return {
    row,
    history,
    formerPrice: formerPriceVerdict(id, history satisfies PriceSpell[]),
    sale: saleForOwner(id, row, history),
    waiting: waiting.get(id) ?? 0,
    sold: sold.get(id) ?? 0,
    others,
  };
}

/** A product's sale as the editor shows it: what the "normally" rule will say once it runs (at its start, or now). */
function saleForOwner(id: string, row: ProductRow, history: PriceSpell[], now = new Date()) {
  const sale = saleOf(row);
  if (!sale || (sale.endsAt && sale.endsAt.getTime() <= now.getTime())) return null;
  const at = new Date(Math.max(now.getTime(), sale.startsAt.getTime()));
  return { sale, verdict: formerPriceVerdict(id, history, at) };
}

export type ProductSaveResult =
  | { ok: true; slug: string; queued: number }
  | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors: Record<string, string[]> };

class Refused extends Error {
  constructor(readonly refusal: Extract<ProductSaveResult, { ok: false }>) {
    super(refusal.message);
  }
}

const refuse = (status: 400 | 404 | 409, message: string, fieldErrors: Record<string, string[]> = {}) =>
  new Refused({ ok: false, status, message, fieldErrors });

const SLUG_TAKEN = "Another product uses this address (now or as a former one): choose another.";

/**
 * The price history follows what the product is offered at, its sale included: from `at` on, the
 * spells its schedule charges (spellsFrom: its price; a sale's price from its start to its end,
 * then its price again) replace what was written ahead. The spell running at `at` goes on when it
 * charges the same (a save that changes nothing the buyer pays leaves the history as it was), else
 * it ends at `at`. One transaction: never two open rows (the unique index holds it). A product
 * going on sale starts afresh at `at` (a row left open by an older start is closed first).
 */
export async function writePriceSchedule(
  tx: Tx,
  productId: string,
  schedule: { wasOnSale: boolean; onSale: boolean; priceCents: number; sale: Sale | null },
  at: Date = new Date(),
): Promise<void> {
  const mine = eq(productPrices.productId, productId);
  await tx.delete(productPrices).where(and(mine, gt(productPrices.validFrom, at)));
  const [running] = await tx
    .select()
    .from(productPrices)
    .where(and(mine, lte(productPrices.validFrom, at), or(isNull(productPrices.validUntil), gt(productPrices.validUntil, at))));
  const spells = spellsFrom(schedule, at);
  const [first] = spells;
  if (running && schedule.wasOnSale && first && running.priceCents === first.priceCents) {
    await tx.update(productPrices).set({ validUntil: first.until }).where(eq(productPrices.id, running.id));
    spells.shift();
  } else if (running) {
    await (running.validFrom.getTime() < at.getTime()
      ? tx.update(productPrices).set({ validUntil: at }).where(eq(productPrices.id, running.id))
      : tx.delete(productPrices).where(eq(productPrices.id, running.id)));
  }
  if (spells.length > 0) {
    await tx
      .insert(productPrices)
      .values(spells.map((p) => ({ productId, priceCents: p.priceCents, validFrom: p.from, validUntil: p.until })));
  }
}

/** Save the editor's form for product `id` (whose form was made at `version`). */
export async function saveProduct(content: ContentReload, id: string, input: ProductForm): Promise<ProductSaveResult> {
  let queued = 0;
  let before: ProductRow | undefined;
  try {
    await db().transaction(async (tx) => {
      [before] = await tx.select().from(products).where(eq(products.id, id)).for("update");
      if (!before) throw refuse(404, "No such product.");
      if (before.version !== input.version) {
        throw refuse(
          409,
          "This product was changed in another tab or by another save since this page was opened: reload it to see the latest.",
        );
      }
      // A sale still to come or running stays below the price (the table's CHECK holds it too); one that ended is let go.
      const sale = saleOf(before);
      const liveSale = sale && (sale.endsAt === null || sale.endsAt.getTime() > Date.now()) ? sale : null;
      if (liveSale && input.price <= liveSale.priceCents) {
        throw refuse(400, "Check the fields marked below.", {
          price: [
            `Its sale charges ${formatCents(liveSale.priceCents)}: the price must stay above that (end the sale first to change it).`,
          ],
        });
      }
      const bumpProductId = input.bumpProductId || null;
      if (bumpProductId) {
        if (bumpProductId === id)
          throw refuse(400, "Check the fields marked below.", { bumpProductId: ["A product cannot be its own add-on."] });
        const [bump] = await tx.select({ id: products.id }).from(products).where(eq(products.id, bumpProductId));
        if (!bump) throw refuse(400, "Check the fields marked below.", { bumpProductId: ["Choose one of the products."] });
      }
      if (input.imageId) {
        const [image] = await tx.select({ id: articleImages.id }).from(articleImages).where(eq(articleImages.id, input.imageId));
        if (!image) throw refuse(400, "Check the fields marked below.", { imageId: ["That cover image was not found: upload it again."] });
      }
      if (input.slug !== before.slug) {
        const [taken] = await tx
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.slug, input.slug), ne(products.id, id)));
        const [former] = await tx
          .select({ productId: productRedirects.productId })
          .from(productRedirects)
          .where(and(eq(productRedirects.oldSlug, input.slug), ne(productRedirects.productId, id)));
        if (taken || former) throw refuse(409, "Check the fields marked below.", { slug: [SLUG_TAKEN] });
        // Its own former address taken back: no longer a redirect. The one it leaves: one now.
        await tx.delete(productRedirects).where(eq(productRedirects.oldSlug, input.slug));
        await tx.insert(productRedirects).values({ oldSlug: before.slug, productId: id }).onConflictDoNothing();
      }
      await tx
        .update(products)
        .set({
          name: input.name,
          slug: input.slug,
          priceCents: input.price,
          included: input.included,
          summary: input.summary,
          body: input.body,
          html: renderArticleMarkdown(input.body),
          imageId: input.imageId ?? null,
          imageAlt: input.imageId ? input.imageAlt : "",
          status: input.status,
          bumpProductId,
          ...(sale && !liveSale ? { salePriceCents: null, saleStartsAt: null, saleEndsAt: null } : {}),
          version: sql`${products.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(products.id, id));
      await writePriceSchedule(tx, id, {
        wasOnSale: before.status === "on_sale",
        onSale: input.status === "on_sale",
        priceCents: input.price,
        sale: liveSale,
      });
      if (before.status !== "on_sale" && input.status === "on_sale") queued = await queueOpeningMail(tx, id);
      await bumpContentVersion(tx);
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    // Two saves racing for one address: the unique index decides.
    if (sqlState(error) === "23505")
      return { ok: false, status: 409, message: "Check the fields marked below.", fieldErrors: { slug: [SLUG_TAKEN] } };
    throw error;
  }
  await content.reload();
  openingMailQueued(queued);
  const was = before!;
  const changes = [
    was.name !== input.name ? `name "${input.name}"` : null,
    was.slug !== input.slug ? `address ${was.slug} -> ${input.slug}` : null,
    was.status !== input.status ? `status ${PRODUCT_STATUS_LABELS[was.status]} -> ${PRODUCT_STATUS_LABELS[input.status]}` : null,
    (was.bumpProductId ?? "") !== (input.bumpProductId ?? "") ? `add-on ${input.bumpProductId || "none"}` : null,
    queued > 0 ? `${queued} waitlist e-mail${queued === 1 ? "" : "s"} queued` : null,
  ].filter(Boolean);
  await recordAudit("product-save", `product:${id}`, changes.length > 0 ? changes.join("; ") : "saved (text only)");
  if (was.priceCents !== input.price) {
    await recordAudit("product-price", `product:${id}`, `${formatCents(was.priceCents)} -> ${formatCents(input.price)}`);
  }
  return { ok: true, slug: input.slug, queued };
}

/**
 * A new product from its name and price: a draft (no page, nothing to buy) whose id and address
 * come from the name, "-2", "-3"... when another product has (or had) them. The owner finishes it
 * in its editor. Returns its id.
 */
export async function createProduct(
  content: ContentReload,
  input: NewProductForm,
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  // An article's rule for an address from its title, kept short enough for a "-2" after it.
  const base = slugFromTitle(input.name).slice(0, 60).replace(/-+$/, "");
  if (!base) return { ok: false, message: "Give it a name with at least one letter or digit." };
  const id = await db().transaction(async (tx) => {
    const [taken, former, last] = await Promise.all([
      tx.select({ id: products.id, slug: products.slug }).from(products),
      tx.select({ slug: productRedirects.oldSlug }).from(productRedirects),
      tx.select({ n: sql<number>`coalesce(max(${products.sortOrder}), 0)` }).from(products),
    ]);
    const used = new Set([...taken.flatMap((p) => [p.id, p.slug]), ...former.map((r) => r.slug)]);
    let candidate = base;
    for (let n = 2; used.has(candidate); n++) candidate = `${base}-${n}`;
    await tx.insert(products).values({
      id: candidate,
      slug: candidate,
      name: input.name,
      priceCents: input.price,
      summary: "",
      status: "draft",
      sortOrder: Number(last[0]?.n ?? 0) + 1,
    });
    await bumpContentVersion(tx);
    return candidate;
  });
  await content.reload();
  await recordAudit("product-create", `product:${id}`, `"${input.name}" ${formatCents(input.price)}, a draft`);
  return { ok: true, id };
}

export type SaleSaveResult =
  { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors: Record<string, string[]> };

/**
 * Put product `id` on a sale (`input`), or end its sale (`input` null), from now: the products
 * row, the price history's spells ahead rewritten (writePriceSchedule), the content version
 * raised; refused whole when the form is not the latest, or the sale's price is not below the
 * product's. Each change goes in the audit log.
 */
export async function saveSale(
  content: ContentReload,
  id: string,
  version: number,
  input: Pick<SaleInput, "salePrice" | "saleStartsAt" | "saleEndsAt"> | null,
  timeZone: string,
): Promise<SaleSaveResult> {
  const at = new Date();
  let was: ProductRow | undefined;
  try {
    await db().transaction(async (tx) => {
      [was] = await tx.select().from(products).where(eq(products.id, id)).for("update");
      if (!was) throw refuse(404, "No such product.");
      if (was.version !== version) {
        throw refuse(
          409,
          "This product was changed in another tab or by another save since this page was opened: reload it to see the latest.",
        );
      }
      if (input && input.salePrice >= was.priceCents) {
        throw refuse(400, "Check the fields marked below.", {
          salePrice: [`A sale price is below the product's price (${formatCents(was.priceCents)}).`],
        });
      }
      const sale: Sale | null = input
        ? { priceCents: input.salePrice, startsAt: input.saleStartsAt ?? at, endsAt: input.saleEndsAt ?? null }
        : null;
      await tx
        .update(products)
        .set({
          salePriceCents: sale?.priceCents ?? null,
          saleStartsAt: sale?.startsAt ?? null,
          saleEndsAt: sale?.endsAt ?? null,
          version: sql`${products.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(eq(products.id, id));
      const onSale = was.status === "on_sale";
      await writePriceSchedule(tx, id, { wasOnSale: onSale, onSale, priceCents: was.priceCents, sale }, at);
      await bumpContentVersion(tx);
    });
  } catch (error) {
    if (error instanceof Refused) {
      const { status, message, fieldErrors } = error.refusal as Extract<ProductSaveResult, { ok: false }>;
      return { ok: false, status, message, fieldErrors };
    }
    throw error;
  }
  await content.reload();
  const when = (d: Date) => formatZonedDateTime(d, timeZone);
  const detail = input
    ? `sale ${formatCents(input.salePrice)} from ${when(input.saleStartsAt ?? at)} ${input.saleEndsAt ? `until ${when(input.saleEndsAt)}` : "with no end set"}`
    : "sale ended";
  await recordAudit("product-sale", `product:${id}`, detail);
  return { ok: true, message: input ? `Saved: ${detail}.` : "The sale is over: the product charges its own price again." };
}
