/**
 * The owner's promotion codes (/admin/offers): each with its uses and the revenue it brought,
 * made (checked: a code unique whatever its case, the product one of hers), disabled and enabled
 * again, each change in the audit log. Codes are never deleted: the orders that used one name it.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { orderRefunds, orders, products, promotionCodes } from "../../../db/schema";
import { codeValue, type NewCodeInput } from "~/lib/forms/promotion";
import { formatZonedDateTime } from "~/lib/dates";
import { offerLabel } from "~/lib/offers";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";
import { CODE_HOLD_MARGIN_MS, type PromotionCode } from "~/server/payments/promotions.server";

export type CodeRow = PromotionCode & {
  productName: string | null;
  productSlug: string | null;
  /** Paid orders that used it (refunded or disputed later included: a use is a use). */
  uses: number;
  /** Payment pages open with it now, each holding a use. */
  open: number;
  /** Past its end date. */
  ended: boolean;
  /** What its paid orders brought, net of what was refunded on them. */
  revenueCents: number;
  refundedCents: number;
};

/** Every code, newest first, with its figures. */
export async function codesForOwner(now: Date = new Date()): Promise<CodeRow[]> {
  const [codes, used, refunded] = await Promise.all([
    db()
      .select({ code: promotionCodes, productName: products.name, productSlug: products.slug })
      .from(promotionCodes)
      .leftJoin(products, eq(products.id, promotionCodes.productId))
      .orderBy(desc(promotionCodes.id)),
    db()
      .select({
        id: orders.promotionCodeId,
        uses: sql<number>`count(*) filter (where ${orders.status} in ('paid', 'refunded', 'disputed'))::int`,
        open: sql<number>`count(*) filter (where ${orders.status} = 'pending' and ${orders.sessionExpiresAt} > ${new Date(now.getTime() - CODE_HOLD_MARGIN_MS).toISOString()}::timestamptz)::int`,
        paidCents: sql<number>`coalesce(sum(${orders.amountTotal}) filter (where ${orders.status} in ('paid', 'refunded', 'disputed')), 0)::int`,
      })
      .from(orders)
      .where(sql`${orders.promotionCodeId} is not null`)
      .groupBy(orders.promotionCodeId),
    db()
      .select({ id: orders.promotionCodeId, cents: sql<number>`coalesce(sum(${orderRefunds.amountCents}), 0)::int` })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .where(sql`${orders.promotionCodeId} is not null`)
      .groupBy(orders.promotionCodeId),
  ]);
  const usedBy = new Map(used.map((u) => [u.id, u]));
  const refundedBy = new Map(refunded.map((r) => [r.id, r.cents]));
  return codes.map(({ code, productName, productSlug }) => {
    const u = usedBy.get(code.id);
    const back = refundedBy.get(code.id) ?? 0;
    return {
      ...code,
      productName,
      productSlug,
      uses: u?.uses ?? 0,
      open: u?.open ?? 0,
      ended: code.endsAt !== null && code.endsAt.getTime() <= now.getTime(),
      revenueCents: (u?.paidCents ?? 0) - back,
      refundedCents: back,
    };
  });
}

/** The products a code may be for: every one, drafts too (a code may be made before its product opens). */
export async function productChoices(): Promise<{ id: string; name: string }[]> {
  return db().select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.sortOrder), asc(products.id));
}

export type CodeResult =
  { ok: true; message: string } | { ok: false; status: 400 | 404 | 409; message: string; fieldErrors?: Record<string, string[]> };

const TAKEN = "Another code is already spelled this way (codes are the same whatever their case): choose another.";

/** A new code from the owner's form (already checked by its schema). */
export async function createCode(input: NewCodeInput, timeZone: string): Promise<CodeResult> {
  if (input.productId) {
    const [product] = await db().select({ id: products.id }).from(products).where(eq(products.id, input.productId));
    if (!product)
      return {
        ok: false,
        status: 400,
        message: "Check the fields marked below.",
        fieldErrors: { productId: ["Choose one of the products."] },
      };
  }
  // The unique code decides between two saves of one spelling: the second inserts nothing.
  const [row] = await db()
    .insert(promotionCodes)
    .values({
      code: input.code,
      kind: input.kind,
      value: codeValue(input.kind, input.value),
      productId: input.productId || null,
      endsAt: input.endsAt ?? null,
      maxUses: input.maxUses,
      oncePerBuyer: input.oncePerBuyer,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return { ok: false, status: 409, message: "Check the fields marked below.", fieldErrors: { code: [TAKEN] } };
  const detail = [
    offerLabel(row),
    row.productId ? `for ${row.productId}` : "for every product",
    row.endsAt ? `until ${formatZonedDateTime(row.endsAt, timeZone)}` : "no end date",
    row.maxUses ? `at most ${row.maxUses} uses` : "no limit of uses",
    row.oncePerBuyer ? "once per buyer" : "any number per buyer",
  ].join(", ");
  await recordAudit("promotion-create", `promotion:${row.code}`, detail);
  return { ok: true, message: `The code ${row.code} is ready: ${detail}.` };
}

/** Disable a code (the checkout refuses it from now on; payment pages already open keep their price), or enable it again. */
export async function setCodeDisabled(id: number, disabled: boolean): Promise<CodeResult> {
  const [row] = await db()
    .update(promotionCodes)
    .set({ disabledAt: disabled ? sql`now()` : null })
    .where(and(eq(promotionCodes.id, id), disabled ? isNull(promotionCodes.disabledAt) : sql`${promotionCodes.disabledAt} is not null`))
    .returning({ code: promotionCodes.code });
  if (!row) {
    const [exists] = await db()
      .select({ code: promotionCodes.code })
      .from(promotionCodes)
      .where(inArray(promotionCodes.id, [id]));
    if (!exists) return { ok: false, status: 404, message: "No such code." };
    return { ok: true, message: `The code ${exists.code} was already ${disabled ? "disabled" : "enabled"}.` };
  }
  await recordAudit(disabled ? "promotion-disable" : "promotion-enable", `promotion:${row.code}`, disabled ? "disabled" : "enabled again");
  return {
    ok: true,
    message: disabled ? `The code ${row.code} is disabled: the checkout refuses it from now on.` : `The code ${row.code} works again.`,
  };
}
