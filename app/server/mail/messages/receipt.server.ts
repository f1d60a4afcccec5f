/** The receipt of a paid order, with the link to its files. */
import { z } from "zod";
import { orderPagePath } from "~/lib/order-files";
import { TOOLKIT_ID } from "~/lib/catalogue";
import { purchaseRows } from "~/lib/offers";
import { fileCounts, grantedProducts, mintOrderLink } from "~/server/delivery/order-access.server";
import { findOrder, orderNumber } from "~/server/payments/orders.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_LINES, SAMPLE_ORDER_URL, SAMPLE_PAID_AT } from "~/server/mail/messages/preview-data.server";
import type { ReceiptProps } from "~/server/mail/templates/receipt.server";

export const receipt = defineMessage({
  kind: "receipt",
  payload: z.object({ orderId: z.number() }),
  policy: { consent: "transactional", list: false, unsubscribe: false },
  async load({ payload, url, products: catalogue }) {
    const order = await findOrder(payload.orderId);
    if (!order || order.status !== "paid") return { skip: `order ${payload.orderId} is not paid (${order?.status ?? "missing"})` };
    const [products, names] = await Promise.all([grantedProducts(order.id), catalogue()]);
    const [token, counts] = await Promise.all([mintOrderLink(order.id, "receipt"), fileCounts(products)]);
    return {
      props: {
        orderNumber: orderNumber(order.id),
        paidAt: order.paidAt ?? order.updatedAt,
        ...purchaseRows(order),
        totalCents: order.amountTotal,
        orderUrl: url(orderPagePath(token)),
        products: products.map((id) => ({
          name: names.name(id),
          fileCount: counts.get(id) ?? 0,
        })),
        toolkit: products.includes(TOOLKIT_ID),
      },
    };
  },
  async render(ctx, props: ReceiptProps) {
    return { mail: await (await import("~/server/mail/templates/receipt.server")).receiptMail(ctx, props) };
  },
  previews: () => [
    {
      name: "receipt",
      props: {
        orderNumber: "FSM-000123",
        paidAt: SAMPLE_PAID_AT,
        lines: SAMPLE_LINES,
        totalCents: 2199,
        orderUrl: SAMPLE_ORDER_URL,
        products: [
          { name: "Credit Repair Toolkit", fileCount: 25 },
          { name: "Dispute Letter Power Pack", fileCount: 33 },
        ],
        toolkit: true,
      },
    },
    {
      name: "receipt-with-code",
      props: {
        orderNumber: "FSM-000126",
        paidAt: SAMPLE_PAID_AT,
        lines: SAMPLE_LINES.slice(0, 1),
        discount: { code: "SPRING", amountCents: 140 },
        totalCents: 560,
        orderUrl: SAMPLE_ORDER_URL.replace("000123", "000126"),
        products: [{ name: "Credit Repair Toolkit", fileCount: 25 }],
        toolkit: true,
      },
    },
    {
      name: "receipt-toolkit-only",
      props: {
        orderNumber: "FSM-000124",
        paidAt: SAMPLE_PAID_AT,
        lines: SAMPLE_LINES.slice(0, 1),
        totalCents: 700,
        orderUrl: SAMPLE_ORDER_URL.replace("000123", "000124"),
        products: [{ name: "Credit Repair Toolkit", fileCount: 25 }],
        toolkit: true,
      },
    },
    {
      name: "receipt-other-product",
      props: {
        orderNumber: "FSM-000125",
        paidAt: SAMPLE_PAID_AT,
        lines: [{ name: "Advanced Budget Planner", amountCents: 1500 }],
        totalCents: 1500,
        orderUrl: SAMPLE_ORDER_URL.replace("000123", "000125"),
        products: [{ name: "Advanced Budget Planner", fileCount: 3 }],
        toolkit: false,
      },
    },
  ],
});
