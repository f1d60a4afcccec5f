/** A paid order, to the owner: what sold, for how much, to whom, and the order in the dashboard (decision 069). */
import { z } from "zod";
import { purchaseRows } from "~/lib/offers";
import { findOrder, orderNumber } from "~/server/payments/orders.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_LINES, SAMPLE_PAID_AT } from "~/server/mail/messages/preview-data.server";
import type { OwnerSaleProps } from "~/server/mail/templates/owner-sale.server";

export const ownerSale = defineMessage({
  kind: "owner-sale",
  payload: z.object({ orderId: z.number() }),
  policy: { consent: "transactional", list: false, unsubscribe: false },
  async load({ payload, url }) {
    const order = await findOrder(payload.orderId);
    // Refunded or disputed before it went: still a sale the owner made (the dashboard shows what followed).
    if (!order || !order.paidAt) return { skip: `order ${payload.orderId} was never paid (${order?.status ?? "missing"})` };
    return {
      props: {
        orderNumber: orderNumber(order.id),
        paidAt: order.paidAt,
        // At their prices, then the promotion code's line: the owner sees the code that made the sale.
        ...purchaseRows(order),
        totalCents: order.amountTotal,
        buyerEmail: order.customerEmail,
        dashboardUrl: url(`/admin/orders/${order.id}`),
      },
    };
  },
  async render(ctx, props: OwnerSaleProps) {
    return {
      // The owner's reply goes to the buyer, as a contact message's goes to its sender.
      replyTo: props.buyerEmail ?? undefined,
      mail: await (await import("~/server/mail/templates/owner-sale.server")).ownerSaleMail(ctx, props),
    };
  },
  previews: () => [
    {
      name: "owner-sale",
      props: {
        orderNumber: "FSM-000123",
        paidAt: SAMPLE_PAID_AT,
        lines: SAMPLE_LINES,
        totalCents: 2199,
        buyerEmail: "maria.santos@example.com",
        dashboardUrl: "https://freshstartmoney.com/admin/orders/123",
      },
    },
  ],
});
