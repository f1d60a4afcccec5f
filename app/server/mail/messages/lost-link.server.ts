/** One link to the page of every order of an address that lost its receipt (decision 071): the address is the whole question. */
import { z } from "zod";
import { PURCHASES_LINK_DAYS, purchasesPath } from "~/lib/order-files";
import { countPurchases, mintPurchasesLink } from "~/server/delivery/purchases.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import type { LostLinkProps } from "~/server/mail/templates/lost-link.server";

export const lostLink = defineMessage({
  kind: "lost-link",
  // The address's orders are looked up at send time.
  payload: z.object({}),
  policy: { consent: "transactional", list: false, unsubscribe: false },
  async load({ to, url }) {
    const orderCount = await countPurchases(to);
    if (orderCount === 0) return { skip: "no orders for this address" };
    return { props: { purchasesUrl: url(purchasesPath(await mintPurchasesLink(to))), orderCount, linkDays: PURCHASES_LINK_DAYS } };
  },
  async render(ctx, props: LostLinkProps) {
    return { mail: await (await import("~/server/mail/templates/lost-link.server")).lostLinkMail(ctx, props) };
  },
  previews: () => [
    {
      name: "lost-link",
      props: {
        purchasesUrl: "https://freshstartmoney.com/orders/all/c2FtcGxlLW9ubHktbm90LWEtcmVhbC1wdXJjaGFzZXM",
        orderCount: 2,
        linkDays: 30,
      },
    },
    {
      name: "lost-link-one-order",
      props: {
        purchasesUrl: "https://freshstartmoney.com/orders/all/b25lLW9yZGVyLXNhbXBsZS1ub3QtYS1yZWFsLWxpbmsx",
        orderCount: 1,
        linkDays: 30,
      },
    },
  ],
});
