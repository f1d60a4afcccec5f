/** A link to every paid order of an address that lost its receipt: the address is the whole question. */
import { z } from "zod";
import { orderPagePath } from "~/lib/order-files";
import { mintOrderLink, productNamesByOrder } from "~/server/delivery/order-access.server";
import { orderNumber, paidOrdersFor } from "~/server/payments/orders.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_ORDER_URL, SAMPLE_PAID_AT } from "~/server/mail/messages/preview-data.server";
import type { LostLinkProps } from "~/server/mail/templates/lost-link.server";

export const lostLink = defineMessage({
  kind: "lost-link",
  // Every paid order of the address is looked up at send time.
  payload: z.object({}),
  policy: { consent: "transactional", list: false, unsubscribe: false },
  async load({ to, url, products }) {
    const orders = await paidOrdersFor(to);
    if (orders.length === 0) return { skip: "no paid orders for this address" };
    const names = await productNamesByOrder(
      orders.map((o) => o.id),
      await products(),
    );
    const links = [];
    for (const order of orders) {
      const token = await mintOrderLink(order.id, "lost-link");
      links.push({
        orderNumber: orderNumber(order.id),
        paidAt: order.paidAt ?? order.updatedAt,
        productNames: names.get(order.id) ?? [],
        orderUrl: url(orderPagePath(token)),
      });
    }
    return { props: { orders: links } };
  },
  async render(ctx, props: LostLinkProps) {
    return { mail: await (await import("~/server/mail/templates/lost-link.server")).lostLinkMail(ctx, props) };
  },
  previews: () => [
    {
      name: "lost-link",
      props: {
        orders: [
          {
            orderNumber: "FSM-000123",
            paidAt: SAMPLE_PAID_AT,
            productNames: ["Credit Repair Toolkit", "Dispute Letter Power Pack"],
            orderUrl: SAMPLE_ORDER_URL,
          },
          {
            orderNumber: "FSM-000098",
            paidAt: new Date("2026-02-02T15:00:00Z"),
            productNames: ["Credit Repair Toolkit"],
            orderUrl: SAMPLE_ORDER_URL.replace("000123", "000098"),
          },
        ],
      },
    },
  ],
});
