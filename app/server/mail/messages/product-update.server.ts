/**
 * One update about a product to one of its buyers (decision 071): the update's content read at
 * send time, sent only while it is sending, and only while the buyer still owns the product (a
 * refund since it was queued leaves them out). It links the buyer's own order page, and stops with
 * one click for product updates only.
 */
import { z } from "zod";
import { orderPagePath } from "~/lib/order-files";
import { buyerProduct } from "~/server/audience/buyer-products.server";
import { mintEmailLink } from "~/server/audience/email-links.server";
import { mintOrderLink, newestOrderOpening } from "~/server/delivery/order-access.server";
import { composeProductUpdate, type ListMessage, type ProductUpdateLinks } from "~/server/mail/list-compose.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_ORDER_URL } from "~/server/mail/messages/preview-data.server";

type ProductUpdateProps = { update: ListMessage & { id: number; productName: string }; links: ProductUpdateLinks };

/** The path of a product update's stop link (routes/updates-stop.tsx). */
export const updatesStopPath = (token: string) => `/updates/stop/${token}`;

export const productUpdate = defineMessage({
  kind: "product-update",
  payload: z.object({ broadcastId: z.number(), contactId: z.number() }),
  policy: { consent: "product-updates", list: true, unsubscribe: true },
  async load({ to, payload, broadcast, url }) {
    // Paused: held (back to the queue); cancelled: never.
    const found = await broadcast(payload.broadcastId);
    if ("hold" in found || "cancel" in found) return found;
    const product = found.productId === null ? undefined : await buyerProduct(found.productId);
    if (!product) return { skip: `update ${found.id} names no product` };
    const orderId = await newestOrderOpening(to, product.id);
    if (orderId === undefined) return { skip: `no longer owns the ${product.name} (refunded or disputed since it was queued)` };
    // Minted only for a copy that goes: the buyer's order page and the stop link, each their own.
    const [orderToken, stopToken] = await Promise.all([mintOrderLink(orderId, "product-update"), mintEmailLink(to, "updates-stop")]);
    return {
      props: {
        update: { id: found.id, subject: found.subject, preview: found.preview, body: found.body, productName: product.name },
        links: { orderUrl: url(orderPagePath(orderToken)), stopUrl: url(updatesStopPath(stopToken)) },
      },
    };
  },
  render: (ctx, props: ProductUpdateProps, renders) => composeProductUpdate(props.update, ctx, props.links, renders),
  previews: () => [
    {
      name: "product-update",
      props: {
        update: {
          id: 8,
          productName: "Credit Repair Toolkit",
          subject: "New in your toolkit: a letter for medical debt",
          preview: "One more dispute letter, and a corrected budget planner.",
          body: [
            "Hi,",
            "",
            "Two changes to the Credit Repair Toolkit you bought:",
            "",
            "1. **A new letter** for medical debt that shows up on your report before the one-year waiting period.",
            "2. **A corrected budget planner**: the savings row now adds up in every month.",
            "",
            "Both are on your order page now, beside the rest of your files. Nothing to pay, nothing to do if you are happy with what you have.",
            "",
            "If something in the toolkit is unclear, reply to our support address and we’ll help.",
            "",
            "The Fresh Start Money team",
          ].join("\n"),
        },
        links: {
          orderUrl: SAMPLE_ORDER_URL,
          stopUrl: "https://freshstartmoney.com/updates/stop/c2FtcGxlLW9ubHktbm90LWEtcmVhbC1zdG9wLWxpbms",
        },
      },
    },
  ],
});
