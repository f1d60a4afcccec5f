/** Former prices the owner recorded (16 CFR 233.1), and the one /checkout may show. */
import { desc, eq } from "drizzle-orm";
import { formerPrices } from "../../../db/schema";
import { type FormerPrice, formerPriceProblem } from "~/lib/former-price";
import type { FormerPriceInput } from "~/lib/forms/prices";
import { formatCents } from "~/lib/site";
import { recordAudit } from "~/server/audit.server";
import type { ContentReload } from "~/server/content/article-store.server";
import { changePublicContent } from "~/server/content/content-version.server";
import { db } from "~/server/db.server";

export type FormerPriceRow = typeof formerPrices.$inferSelect;

export async function formerPricesForOwner(): Promise<(FormerPriceRow & { problem: string | null })[]> {
  const rows = await db().select().from(formerPrices).orderBy(desc(formerPrices.chargedUntil), desc(formerPrices.id));
  let shown = false;
  return rows.map((row) => {
    const problem = formerPriceProblem(row) ?? (shown ? "a later recorded price is shown instead" : null);
    if (problem === null) shown = true;
    return { ...row, problem };
  });
}

export async function recordFormerPrice(content: ContentReload, input: FormerPriceInput): Promise<void> {
  // /checkout's "it was" line reads the recorded prices once per content version (checkout-facts.server.ts).
  const [row] = await changePublicContent(content, (tx) =>
    tx
      .insert(formerPrices)
      .values({ productId: input.productId, priceCents: input.price, chargedFrom: input.chargedFrom, chargedUntil: input.chargedUntil })
      .returning({ id: formerPrices.id }),
  );
  await recordAudit(
    "former-price-add",
    `former-price:${row!.id}`,
    `${input.productId} ${formatCents(input.price)} from ${input.chargedFrom} to ${input.chargedUntil}`,
  );
}

export async function deleteFormerPrice(content: ContentReload, id: number): Promise<boolean> {
  const rows = await changePublicContent(content, (tx) => tx.delete(formerPrices).where(eq(formerPrices.id, id)).returning());
  if (rows.length === 0) return false;
  const r = rows[0]!;
  await recordAudit(
    "former-price-delete",
    `former-price:${id}`,
    `${r.productId} ${formatCents(r.priceCents)} from ${r.chargedFrom} to ${r.chargedUntil}`,
  );
  return true;
}

/** The latest recorded price that may be shown for this product today, or null (then the price stands alone). */
export async function formerPriceToShow(productId: string, now: Date = new Date()): Promise<FormerPrice | null> {
  const rows = await db()
    .select()
    .from(formerPrices)
    .where(eq(formerPrices.productId, productId))
    .orderBy(desc(formerPrices.chargedUntil), desc(formerPrices.id));
  const shown = rows.find((row) => formerPriceProblem(row, now) === null);
  return shown
    ? { productId: shown.productId, priceCents: shown.priceCents, chargedFrom: shown.chargedFrom, chargedUntil: shown.chargedUntil }
    : null;
}
