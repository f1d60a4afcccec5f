/**
 * E-mails to the buyers of a product (issue 53, decision 071): a row of the broadcasts table with
 * its product, edited under a version like a broadcast's draft, sent only after a confirmation
 * that names the product and the count. Starting it queues one "product-update" copy per buyer in
 * one statement (the broadcast's own fan-out, dedupe key pu:<update>:<contact>), so each buyer gets
 * it once across restarts and servers; its progress, pause, resume and cancel are the broadcast's.
 */
import { eq, sql } from "drizzle-orm";
import { broadcasts } from "../../../db/schema";
import { PRODUCT_UPDATE_MESSAGES, type ProductUpdateInput, type ProductUpdateSendInput } from "~/lib/forms/product-update";
import { countProductBuyers, productBuyersWhere } from "~/server/audience/audience.server";
import { queueBroadcastRecipients } from "~/server/audience/audience.sql.server";
import { broadcastsWithFigures, type BroadcastWithFigures } from "~/server/audience/broadcast-admin.server";
import { atVersion, findBroadcast, whyRefused, type Broadcast, type Refusal, type SaveOutcome } from "~/server/audience/broadcasts.server";
import { buyerProduct, buyerProducts, type BuyerProduct } from "~/server/audience/buyer-products.server";
import { db } from "~/server/db.server";
import { composeProductUpdate } from "~/server/mail/list-compose.server";
import { previewListMessage, sendListMessageTest } from "~/server/mail/mailer.server";
import { wakeOutbox } from "~/server/mail/outbox.server";

/** An update as the owner's page shows it: a broadcast row with its product's name. */
export type ProductUpdate = BroadcastWithFigures & { productId: string; productName: string };

/** A product the page offers, with how many buyers an update about it would reach now. */
export type ProductWithBuyers = BuyerProduct & { buyers: number };

export async function productsWithBuyers(): Promise<ProductWithBuyers[]> {
  const products = await buyerProducts();
  return Promise.all(products.map(async (p) => ({ ...p, buyers: await countProductBuyers(p.id) })));
}

/** Every product update, newest first, with its figures (the broadcasts' own). */
export async function listProductUpdates(): Promise<ProductUpdate[]> {
  const [rows, products] = await Promise.all([broadcastsWithFigures(undefined, "product-update"), buyerProducts()]);
  return rows.map((row) => {
    const productId = row.productId ?? "";
    return { ...row, productId, productName: products.find((p) => p.id === productId)?.name ?? productId };
  });
}

/** A product update by id (none for a newsletter broadcast's id). */
async function findProductUpdate(id: number): Promise<(Broadcast & { productId: string }) | undefined> {
  const found = await findBroadcast(id);
  return found?.productId ? { ...found, productId: found.productId } : undefined;
}

const UNKNOWN_PRODUCT: Refusal = { refused: PRODUCT_UPDATE_MESSAGES.unknownProduct, httpStatus: 400 };

/** A new draft (id 0), or an edit of a draft at the version it was loaded with; a product no one can have bought is refused. */
export async function saveProductUpdate(input: ProductUpdateInput): Promise<SaveOutcome> {
  if (!(await buyerProduct(input.productId))) return UNKNOWN_PRODUCT;
  const content = { subject: input.subject, preview: input.preview, body: input.body, productId: input.productId };
  if (input.id === 0) {
    const [row] = await db().insert(broadcasts).values(content).returning({ id: broadcasts.id });
    return { saved: row!.id };
  }
  const [row] = await db()
    .update(broadcasts)
    .set({ ...content, version: sql`${broadcasts.version} + 1`, updatedAt: sql`now()` })
    .where(atVersion(input.id, input.version, "product-update"))
    .returning({ id: broadcasts.id });
  return row ? { saved: row.id } : whyRefused(input.id, "product-update");
}

export type StartUpdateOutcome = { queued: number; productName: string } | Refusal;

class CountChanged extends Error {
  constructor(readonly now: number) {
    super(`the buyers are ${now} now`);
  }
}

/**
 * Send the update now, to the buyers the confirmation counted: one transaction marks it sending
 * and queues a copy to each buyer; if their number is not the one confirmed (someone bought or
 * was refunded meanwhile), nothing is changed and the owner is asked to confirm again. A second
 * start (another tab, a repeated post) finds it sending and is refused.
 */
export async function startProductUpdate(input: Omit<ProductUpdateSendInput, "intent" | "confirmed">): Promise<StartUpdateOutcome> {
  const current = await findProductUpdate(input.id);
  const product = current && (await buyerProduct(current.productId));
  if (current && !product) return UNKNOWN_PRODUCT;
  try {
    const queued = await db().transaction(async (tx) => {
      const [row] = await tx
        .update(broadcasts)
        .set({ status: "sending", startedAt: sql`now()`, version: sql`${broadcasts.version} + 1`, updatedAt: sql`now()` })
        .where(atVersion(input.id, input.version, "product-update"))
        .returning({ productId: broadcasts.productId });
      if (!row?.productId) return undefined;
      const n = await queueBroadcastRecipients(tx, input.id, productBuyersWhere(row.productId), "product-update");
      if (n !== input.recipients) throw new CountChanged(n);
      await tx.update(broadcasts).set({ queued: n }).where(eq(broadcasts.id, input.id));
      return n;
    });
    if (queued === undefined) return whyRefused(input.id, "product-update");
    wakeOutbox();
    return { queued, productName: product!.name };
  } catch (error) {
    if (!(error instanceof CountChanged)) throw error;
    const who = error.now === 1 ? "1 buyer" : `${error.now} buyers`;
    return {
      refused:
        error.now === 0
          ? `Nobody would get this update now: no buyer of the ${product!.name} can be e-mailed. Nothing was sent.`
          : `The ${product!.name} has ${who} to e-mail now, not the ${input.recipients} you confirmed: nothing was sent. Look again and confirm.`,
      httpStatus: 409,
    };
  }
}

/** An update's words with its product's name, for the preview and the test send. */
async function composable(id: number) {
  const update = await findProductUpdate(id);
  const product = update && (await buyerProduct(update.productId));
  return update && product ? { ...update, productName: product.name } : undefined;
}

/** Stand-ins for one buyer's own links, in the preview and the test send (no buyer, no token). */
const SAMPLE_LINKS = (origin: string, what: string) => ({
  orderUrl: `${origin}/orders/${what}`,
  stopUrl: `${origin}/updates/stop/${what}`,
});

/** The update's HTML and text as buyers will get them (their own links stand-ins). */
export async function previewProductUpdate(id: number) {
  const update = await composable(id);
  return update && previewListMessage(update, (m, ctx) => composeProductUpdate(m, ctx, SAMPLE_LINKS(ctx.origin, "preview")));
}

/** A test send of the saved update to OWNER_EMAIL, outside the outbox (no buyer, no count). */
export async function sendProductUpdateTest(id: number): Promise<string | undefined> {
  const update = await composable(id);
  return (
    update &&
    sendListMessageTest(update, (m, ctx) => composeProductUpdate(m, ctx, SAMPLE_LINKS(ctx.origin, "test")), "product-update", `pu:${id}`)
  );
}
