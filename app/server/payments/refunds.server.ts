/**
 * Refunding an order, whole or one product of it, through the provider that took the payment: the
 * dashboard and `npm run order:refund` both call refundOrder(). Each provider refunds in its own
 * way (PaymentProvider.refund): the test provider at once, through the same event path a Stripe
 * refund takes; Stripe through its refund API, whose charge.refunded event ends access and queues
 * the notice, as for a refund made in its dashboard.
 *
 * A refund is asked for once, ever (issue 51): the request is recorded (refund_requests, one row
 * per order and part) and committed before the provider is called, and a repeat that finds the row
 * asks the provider what became of that refund instead of asking for another. Stripe's
 * idempotency key alone covered 24 hours; a webhook down for longer let a second press refund
 * the same product twice.
 */
import { formatZonedDateTime } from "~/lib/dates";
import { businessTimeZone } from "~/server/dates.server";
import type { Order } from "~/server/payments/orders.server";
import type {
  PaymentProvider,
  PaymentProviderName,
  Payments,
  RefundPart,
  RefundRequest,
  RefundResult,
} from "~/server/payments/provider.server";
import { refundsOf } from "~/server/payments/refund-events.server";
import { findRefundRequest, noteProviderRefund, recordRefundRequest } from "~/server/payments/refund-requests.server";
import { createTestProvider } from "~/server/payments/test-provider.server";

export type { RefundResult } from "~/server/payments/provider.server";

/**
 * `productId`: refund that product alone (the others stay the buyer's); without it, everything not
 * refunded yet. `timeZone`: the business's (the dashboard's businessTimeZone(context)), for the
 * dates a refusal names.
 */
export async function refundOrder(
  payments: Payments,
  order: Order,
  productId?: string,
  timeZone: string = businessTimeZone(undefined),
): Promise<RefundResult> {
  if (order.status === "refunded") return { kind: "already-refunded" };
  if (order.status !== "paid") return { kind: "not-refundable", reason: `the order is ${order.status}, not paid` };
  let part: RefundPart = { kind: "whole" };
  if (productId) {
    const line = order.lines.find((l) => l.id === productId);
    if (!line) return { kind: "not-refundable", reason: "the order did not include that product" };
    if ((await refundsOf(order.id)).products.includes(productId)) return { kind: "already-refunded" };
    // What the line was paid is what goes back (after a promotion code, less than its price); a line a code made free has nothing.
    if (line.unitAmountCents * line.quantity === 0) {
      return {
        kind: "not-refundable",
        reason: `nothing was paid for the ${line.name} (its code took its whole price): there is nothing to give back`,
      };
    }
    part = { kind: "product", productId, amountCents: line.unitAmountCents * line.quantity };
  }
  // An order the test provider took before Stripe was configured can still be given back.
  const provider =
    order.provider === payments.provider.name ? payments.provider : order.provider === "test" ? createTestProvider() : undefined;
  if (!provider) return { kind: "failed", reason: "Stripe is not configured (STRIPE_SECRET_KEY)" };

  // A whole refund asked for already covers each product: that one is what to look up.
  const whole = part.kind === "product" ? await findRefundRequest(order.id, "whole") : undefined;
  if (whole) return (await askedBefore(provider, order, whole, timeZone)) ?? unclearWhole(whole, timeZone);

  const { request, created } = await recordRefundRequest(order.id, part, provider.name);
  if (!created) {
    const before = await askedBefore(provider, order, request, timeZone);
    if (before) return before;
    // The provider has no refund of it: the earlier call never reached it, or was refused. Ask again, as the same request.
  }
  const result = await provider.refund(order, part, request);
  if (result.kind === "requested") await noteProviderRefund(request.id, result.refundId, result.status ?? null);
  if (result.kind === "refunded") await noteProviderRefund(request.id, result.refundId, "refunded");
  return result;
}

/**
 * A request made before, as the provider has it now: `already-requested` when it has the refund
 * (its status noted), a failure when it cannot be asked and might have it, undefined when it has
 * none (the caller may ask again). A request whose refund id was noted is never asked again: when
 * the provider cannot be asked, its status when last asked is said.
 */
async function askedBefore(
  provider: PaymentProvider,
  order: Order,
  request: RefundRequest,
  timeZone: string,
): Promise<RefundResult | undefined> {
  const found = await provider.findRefund(order, request);
  const requested = (status: string): RefundResult => ({
    kind: "already-requested",
    provider: provider.name,
    requestedAt: request.requestedAt,
    status,
  });
  if (found.kind === "found") {
    if (found.refundId !== request.providerRefundId || found.status !== request.providerStatus) {
      await noteProviderRefund(request.id, found.refundId, found.status);
    }
    return requested(found.status);
  }
  if (request.providerRefundId) return requested(request.providerStatus ?? "unknown");
  if (found.kind === "unknown") {
    return {
      kind: "failed",
      reason: `this refund was already asked for on ${when(request.requestedAt, timeZone)}, and ${providerName(provider.name)} could not be asked what became of it: nothing was asked again; try again in a few minutes`,
    };
  }
  return undefined;
}

function unclearWhole(whole: RefundRequest, timeZone: string): RefundResult {
  return {
    kind: "not-refundable",
    reason: `a refund of the whole order was asked for on ${when(whole.requestedAt, timeZone)} and the payment provider has no record of it: refund the whole order again`,
  };
}

const when = (at: Date, timeZone: string) => formatZonedDateTime(at, timeZone);
const providerName = (name: PaymentProviderName) => (name === "stripe" ? "Stripe" : "the test provider");

/** What the owner reads when a refund was asked for before: "This refund was already requested on <date>; Stripe has it as <status>." */
export function alreadyRequestedMessage(
  result: Extract<RefundResult, { kind: "already-requested" }>,
  timeZone: string = businessTimeZone(undefined),
): string {
  return `This refund was already requested on ${when(result.requestedAt, timeZone)}; ${providerName(result.provider)} has it as ${result.status}.`;
}
