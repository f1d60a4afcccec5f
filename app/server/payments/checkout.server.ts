/**
 * Starting a purchase: lines from the products table (the server's product store, never the
 * browser), our pending order holding them, then the provider's hosted page charging exactly those
 * lines (Stripe's price_data per line): a price the owner changes afterwards changes neither.
 */
import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { checkoutHref } from "~/lib/checkout";
import type { ArticleStore } from "~/server/content/article-store.server";
import { formatCents } from "~/lib/site";
import { orderLines, shownPrices, type PricedOrder } from "~/lib/catalogue";
import { CODE_REFUSALS, normalizeCode } from "~/lib/offers";
import { canonicalEmail } from "~/lib/email-address";
import { db, type Tx } from "~/server/db.server";
import { checkCode, CODE_HOLD_MS, discounted } from "~/server/payments/promotions.server";
import { CHECKOUT_REFUSALS } from "~/lib/form-outcomes";
import type { ProductStore } from "~/server/shop/product-store.server";
import { type CreatePayment, CreatePaymentSchema, type FormOutcome, MESSAGES, OUTCOME_STATUS_CODES } from "~/lib/forms/public";
import { issueBuyerKey } from "~/server/delivery/buyer-key.server";
import { parseSubmission, submitPublicForm } from "~/server/forms/submission.server";
import { campaignFromCookieHeader } from "~/server/payments/campaign-cookie.server";
import { attachSession, createPendingOrder, discardPendingOrder } from "~/server/payments/orders.server";
import { PaymentProviderError, type Payments } from "~/server/payments/provider.server";
import { log } from "~/server/log.server";

/** What a checkout reads of the site: the articles (the `from` it keeps; the business's zone, for its messages' dates) and the products it sells. */
export type CheckoutSite = {
  content: Pick<ArticleStore, "articleExists" | "business">;
  products: Pick<ProductStore, "sellable" | "byId">;
};

/**
 * A code checked as the payment page is made (promotions.server.ts, with its row locked in `tx`):
 * the lines it leaves to pay and the use the pending order holds, or a refusal in the buyer's words.
 */
async function reserveCode(
  tx: Tx,
  site: CheckoutSite,
  code: string,
  priced: PricedOrder,
  { productIds, buyer }: { productIds: string[]; buyer: string | null },
) {
  const now = new Date();
  const name = (id: string) => site.products.byId(id)?.name ?? id;
  const refused = (description: string) => new CheckoutRefused({ title: "Code not applied", description });
  const check = await checkCode(tx, code, { productIds, name, now, timeZone: site.content.business().timeZone, buyer, lock: true });
  if (!check.ok) throw refused(check.message);
  if (check.code.oncePerBuyer && !buyer) throw refused(CODE_REFUSALS.needsEmail(check.code.code));
  const charged = discounted(priced, check.offer, name);
  if ("refused" in charged) throw refused(charged.refused);
  return {
    charged,
    promotion: {
      codeId: check.code.id,
      code: check.code.code,
      discountCents: charged.discountCents,
      buyer: check.code.oncePerBuyer ? buyer : null,
      sessionExpiresAt: new Date(now.getTime() + CODE_HOLD_MS),
    },
  };
}

/** A checkout refused before anything was stored or asked of the provider: the product, or the price the page showed. */
export class CheckoutRefused extends Error {
  constructor(readonly refusal: { title: string; description: string }) {
    super(refusal.description);
    this.name = "CheckoutRefused";
  }
}

/**
 * The lines a checkout charges, from the products as this server has them now: the product named
 * by `product` (none: the toolkit) and its bump when chosen. Refused when the product is not on
 * sale, or when the page's prices (`shown`) are not today's: the buyer sees the new price first.
 */
export function pricedCheckout(products: CheckoutSite["products"], { includeBump, product, shown, code }: CreatePayment) {
  const sellable = products.sellable(product ?? null);
  if (!sellable.ok) {
    throw new CheckoutRefused(sellable.product ? CHECKOUT_REFUSALS.notOnSale(sellable.product.name) : CHECKOUT_REFUSALS.unknown);
  }
  const { bump } = sellable;
  const [shownPricesPart, shownCode] = shown === undefined ? [undefined, undefined] : shown.split(":");
  // A code typed in the box but never applied: the buyer has not seen its price yet.
  if (code && shown !== undefined && normalizeCode(code) !== (shownCode ?? "")) {
    throw new CheckoutRefused({ title: "Apply the code", description: CODE_REFUSALS.notApplied(normalizeCode(code)) });
  }
  if (shownPricesPart !== undefined && shownPricesPart !== shownPrices(sellable.product, bump)) {
    const now = [sellable.product, ...(bump ? [bump] : [])].map((p) => `${p.name} ${formatCents(p.priceCents)}`).join(", ");
    throw new CheckoutRefused(CHECKOUT_REFUSALS.priceChanged(now));
  }
  // The code the page applied and showed the price with, even if its box was emptied since ("Remove the code" removes it).
  const applied = code ? normalizeCode(code) : shownCode || null;
  return { priced: orderLines(sellable.product, bump, { includeBump }), product: sellable.product, bump, code: applied };
}

/**
 * Start a purchase: the pending order first (so whatever the provider later says has an order
 * to land on), then a hosted payment page for it. Returns the page's URL.
 */
export async function startCheckout(
  payments: Payments,
  site: CheckoutSite,
  choice: CreatePayment,
  buyerKeyHash?: string,
  /** The list e-mail whose link brought this browser (its cookie, server/campaign-cookie.ts), for sales per e-mail. */
  campaign?: string,
): Promise<{ url: string; sessionId: string }> {
  const chosen = payments.provider;
  const { from } = choice;
  const { priced, product, bump, code } = pricedCheckout(site.products, choice);
  const includeBump = priced.lines.length > 1;
  const pending = {
    provider: chosen.name,
    lines: priced.lines,
    amountTotal: priced.totalCents,
    currency: priced.currency,
    sourceArticle: sourceArticle(site.content, from),
    buyerKeyHash,
    campaign,
  };
  // With a code: checked again, its use held by the pending order, in one transaction with the code's row locked.
  const { order, charged, promotion } = code
    ? await db().transaction(async (tx) => {
        const reserved = await reserveCode(tx, site, code, priced, {
          productIds: [product.id, ...(bump ? [bump.id] : [])],
          buyer: choice.email ? canonicalEmail(choice.email) : null,
        });
        const made = await createPendingOrder(
          { ...pending, lines: reserved.charged.lines, amountTotal: reserved.charged.totalCents, promotion: reserved.promotion },
          tx,
        );
        return { order: made, ...reserved };
      })
    : { order: await createPendingOrder(pending), charged: { ...priced, discountCents: 0 }, promotion: null };
  let session: { url: string; sessionId: string };
  try {
    session = await chosen.createSession(
      {
        ...charged,
        orderId: order.id,
        includeBump,
        from: order.sourceArticle,
        // Cancel returns to this product's checkout (none: the toolkit's /checkout).
        productSlug: choice.product ? product.slug : null,
        promotionCode: promotion?.code ?? null,
        customerEmail: promotion?.buyer ?? null,
        expiresAt: promotion?.sessionExpiresAt ?? null,
      },
      randomUUID(),
    );
  } catch (error) {
    await discardPendingOrder(order.id).catch(() => {});
    throw error;
  }
  await attachSession(order.id, session.sessionId);
  return session;
}

/**
 * A checkout started by this request's browser: the payment page's URL, and the cookie that lets
 * this browser (and only it) see the order's link and files on the success page. The list e-mail
 * the browser last came from, if any, goes on the order (both /checkout's form and the API come
 * here): only from a campaign cookie signed with `campaignSecret` (the owner's SESSION_SECRET;
 * none when her dashboard is off), so nobody can attribute a checkout to an e-mail by hand.
 */
export async function startBuyerCheckout(
  payments: Payments,
  site: CheckoutSite,
  request: Request,
  input: CreatePayment,
  campaignSecret?: string | null,
): Promise<{ url: string; setCookie: string }> {
  const key = await issueBuyerKey(request, payments.config.publicOrigin);
  const campaign = campaignFromCookieHeader(request.headers.get("Cookie"), campaignSecret);
  const { url } = await startCheckout(payments, site, input, key.hash, campaign);
  return { url, setCookie: key.setCookie };
}

/** The article a checkout came from, if `from` names one (a slug from the one list of articles). */
export function sourceArticle(articles: Pick<ArticleStore, "articleExists">, from: string | null | undefined): string | null {
  if (!from) return null;
  return articles.articleExists(from) ? from : null;
}

export type CreatePaymentResult = { status: number; body: { url: string } | { error: string }; setCookie?: string };

const BODY_SHAPE =
  'expected a JSON body {"includeBump": true|false} (and optionally "from": an article slug, "product": a product\'s address, "shown": the prices shown, "code": a promotion code, "email": the receipt\'s address) and nothing else';

/** POST /api/create-payment: strict JSON in, the hosted page's URL out; failures never leak detail. */
export async function createPaymentFromRequest(
  payments: Payments,
  site: CheckoutSite,
  request: Request,
  /** Verifies the campaign cookie (startBuyerCheckout). */
  campaignSecret?: string | null,
): Promise<CreatePaymentResult> {
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
    return { status: 400, body: { error: `Content-Type must be application/json: ${BODY_SHAPE}` } };
  }
  const parsed = await parseSubmission(request, CreatePaymentSchema);
  if (parsed.unreadable) return { status: 400, body: { error: `${parsed.unreadable.description.replace(/\.$/, "")}: ${BODY_SHAPE}` } };
  if (!parsed.ok) {
    const problems = Object.entries(parsed.error).flatMap(([field, issues]) =>
      issues.map((i) => (field ? `${field}: ${i.message}` : i.message)),
    );
    return { status: 400, body: { error: `Invalid request (${problems.join("; ")}): ${BODY_SHAPE}` } };
  }
  try {
    const { url, setCookie } = await startBuyerCheckout(payments, site, request, parsed.value, campaignSecret);
    return { status: 200, body: { url }, setCookie };
  } catch (error) {
    const failure = checkoutFailure(error);
    return { status: OUTCOME_STATUS_CODES[failure.status], body: { error: failure.description } };
  }
}

/** Without JavaScript /checkout's form posts here: the payment page's address (a 303 with the buyer's cookie), or the failure. */
export function submitCheckout(payments: Payments, site: CheckoutSite, request: Request, campaignSecret?: string | null) {
  return submitPublicForm(request, "checkout", CreatePaymentSchema, async (choice) => {
    // The Apply button: the same page with the code (an address of its own, without the e-mail).
    if (choice.intent === "apply") {
      const { includeBump: bump, from, product, code } = choice;
      return redirect(checkoutHref({ bump, from, product, code: code ? normalizeCode(code) : null }), 303);
    }
    try {
      const { url, setCookie } = await startBuyerCheckout(payments, site, request, choice, campaignSecret);
      return redirect(url, { status: 303, headers: { "Set-Cookie": setCookie } });
    } catch (error) {
      return checkoutFailure(error);
    }
  });
}

/** Log a failed checkout in full; "refused" (502) when the provider refused, "unavailable" (503) when it (or we) could not. */
function checkoutFailure(error: unknown): FormOutcome {
  if (error instanceof CheckoutRefused) return { form: "checkout", status: "rejected", ...error.refusal };
  const failed = { form: "checkout", ...MESSAGES.checkout.failed } as const;
  if (error instanceof PaymentProviderError) {
    log.error(`Checkout failed: ${error.message}`);
    return { ...failed, status: error.kind === "rejected" ? "refused" : "unavailable" };
  }
  log.error({ err: error }, "Checkout failed");
  return { ...failed, status: "unavailable" };
}
