/** A coming-soon product went on sale: once to each address on its waitlist. */
import { z } from "zod";
import { productPath } from "~/lib/catalogue";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_UNSUBSCRIBE_URL } from "~/server/mail/messages/preview-data.server";
import type { ProductOpenProps } from "~/server/mail/templates/product-open.server";

export const productOpen = defineMessage({
  kind: "product-open",
  payload: z.object({ productId: z.string(), contactId: z.number() }),
  // Under the waitlist consent its form recorded (its own purpose): a suppressed or withdrawn address gets nothing.
  policy: { consent: "waitlist", list: false, unsubscribe: true },
  async load({ payload, url, unsubscribeUrl, products }) {
    const product = (await products()).byId(payload.productId);
    if (!product) return { skip: `product ${payload.productId} is missing` };
    // Opened, then closed again before this went: it would announce what cannot be bought.
    if (product.status !== "on_sale") return { skip: `product ${payload.productId} is not on sale now (${product.status})` };
    return {
      props: {
        name: product.name,
        priceCents: product.priceCents,
        summary: product.summary,
        productUrl: url(productPath(product.slug)),
        unsubscribeUrl: await unsubscribeUrl(),
      },
    };
  },
  async render(ctx, props: ProductOpenProps) {
    return {
      unsubscribeUrl: props.unsubscribeUrl,
      mail: await (await import("~/server/mail/templates/product-open.server")).productOpenMail(ctx, props),
    };
  },
  previews: () => [
    {
      name: "product-open",
      props: {
        name: "Debt Freedom Blueprint",
        priceCents: 1200,
        summary: "A clear plan to pay off debt faster and stay motivated.",
        productUrl: "https://freshstartmoney.com/products/debt-freedom-blueprint",
        unsubscribeUrl: SAMPLE_UNSUBSCRIBE_URL,
      },
    },
  ],
});
