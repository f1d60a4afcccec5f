/**
 * The request for a review, days after the payment (REVIEW_REQUEST_DELAY_DAYS). Whether it still
 * goes is decided when it is due (reviewRequestDecision: only a buyer who kept what they paid for
 * and has not reviewed yet). Asked of a buyer, not needed by them: it carries an unsubscribe link
 * and stops for an unsubscribe like the list's mail.
 */
import { z } from "zod";
import { orderPagePath } from "~/lib/order-files";
import { mintOrderLink } from "~/server/delivery/order-access.server";
import { orderNumber } from "~/server/payments/orders.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_LINES, SAMPLE_ORDER_URL, SAMPLE_PAID_AT, SAMPLE_UNSUBSCRIBE_URL } from "~/server/mail/messages/preview-data.server";
import type { ReviewRequestProps } from "~/server/mail/templates/review-request.server";

export const reviewRequest = defineMessage({
  kind: "review-request",
  payload: z.object({ orderId: z.number() }),
  policy: { consent: "buyer", list: false, unsubscribe: true },
  async load({ payload, url, unsubscribeUrl }) {
    // Imported when sent: the reviews' module reads the articles through Vite, which the previews (plain tsx) have not.
    const { reviewRequestDecision } = await import("~/server/content/review-requests.server");
    const decision = await reviewRequestDecision(payload.orderId);
    if ("skip" in decision) return decision;
    const order = decision.send;
    const token = await mintOrderLink(order.id, "review-request");
    return {
      props: {
        orderNumber: orderNumber(order.id),
        paidAt: order.paidAt ?? order.updatedAt,
        productNames: order.lines.map((l) => l.name),
        reviewUrl: url(`${orderPagePath(token)}#review`),
        unsubscribeUrl: await unsubscribeUrl(),
      },
    };
  },
  async render(ctx, props: ReviewRequestProps) {
    return {
      unsubscribeUrl: props.unsubscribeUrl,
      mail: await (await import("~/server/mail/templates/review-request.server")).reviewRequestMail(ctx, props),
    };
  },
  previews: () => [
    {
      name: "review-request",
      props: {
        orderNumber: "FSM-000123",
        paidAt: SAMPLE_PAID_AT,
        productNames: SAMPLE_LINES.map((l) => l.name),
        reviewUrl: `${SAMPLE_ORDER_URL}#review`,
        unsubscribeUrl: SAMPLE_UNSUBSCRIBE_URL,
      },
    },
  ],
});
