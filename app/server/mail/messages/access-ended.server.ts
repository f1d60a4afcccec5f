/** The notice that an order's files are no longer available: refunded (all of it or one product) or disputed. */
import { z } from "zod";
import { refundNoticePart } from "~/server/delivery/order-access.server";
import { findOrder, orderNumber } from "~/server/payments/orders.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_LINES } from "~/server/mail/messages/preview-data.server";
import type { RefundProps } from "~/server/mail/templates/refund.server";

export const accessEnded = defineMessage({
  kind: "access-ended",
  payload: z.object({
    orderId: z.number(),
    kind: z.enum(["refunded", "disputed"]),
    /** What this notice refunds (one product of several, issue 42); none (rows queued before) is the whole order. */
    products: z.array(z.string()).optional(),
  }),
  policy: { consent: "transactional", list: false, unsubscribe: false },
  async load({ payload, products }) {
    const order = await findOrder(payload.orderId);
    if (!order) return { skip: `order ${payload.orderId} is missing` };
    return {
      props: {
        orderNumber: orderNumber(order.id),
        kind: order.status === "disputed" ? ("disputed" as const) : ("refunded" as const),
        lines: order.lines.map((l) => ({ name: l.name, amountCents: l.unitAmountCents * l.quantity })),
        totalCents: order.amountTotal,
        part: await refundNoticePart(order, payload.products, await products()),
      },
    };
  },
  async render(ctx, props: RefundProps) {
    return { mail: await (await import("~/server/mail/templates/refund.server")).refundMail(ctx, props) };
  },
  previews: () => [
    { name: "refunded", props: { orderNumber: "FSM-000123", kind: "refunded" as const, lines: SAMPLE_LINES, totalCents: 2199 } },
    {
      name: "refunded-power-pack",
      props: {
        orderNumber: "FSM-000123",
        kind: "refunded" as const,
        lines: SAMPLE_LINES,
        totalCents: 2199,
        part: { refunded: SAMPLE_LINES.slice(1), kept: [SAMPLE_LINES[0]!.name] },
      },
    },
    { name: "disputed", props: { orderNumber: "FSM-000123", kind: "disputed" as const, lines: SAMPLE_LINES, totalCents: 2199 } },
  ],
});
