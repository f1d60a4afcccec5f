/** One broadcast to one contact: its content read at send time, and sent only while the broadcast is sending. */
import { z } from "zod";
import { composeBroadcast } from "~/server/mail/list-compose.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_UNSUBSCRIBE_URL } from "~/server/mail/messages/preview-data.server";

type BroadcastProps = { broadcast: Parameters<typeof composeBroadcast>[0]; unsubscribeUrl: string };

export const broadcast = defineMessage({
  kind: "broadcast",
  payload: z.object({ broadcastId: z.number(), contactId: z.number() }),
  policy: { consent: "newsletter", list: true, unsubscribe: true },
  async load({ payload, broadcast, unsubscribeUrl }) {
    // Paused: held (back to the queue); cancelled: never. Its reader's link is minted only for a copy that goes.
    const found = await broadcast(payload.broadcastId);
    if ("hold" in found || "cancel" in found) return found;
    return { props: { broadcast: found, unsubscribeUrl: await unsubscribeUrl() } };
  },
  broadcastOf: (payload) => payload.broadcastId,
  render: (ctx, props: BroadcastProps, renders) => composeBroadcast(props.broadcast, ctx, props.unsubscribeUrl, renders),
  previews: () => [
    {
      name: "broadcast",
      props: {
        broadcast: {
          id: 7,
          subject: "Three things to check on your credit report this month",
          preview: "Ten minutes with your free reports, and what to do if something is wrong.",
          body: [
            "Hi,",
            "",
            "A quick monthly habit that pays off: pull one of your free reports and check three things.",
            "",
            "1. **Accounts you don’t recognize.** An unfamiliar account can be a mix-up or identity theft.",
            "2. **Late payments that weren’t late.** Keep your bank statements handy to compare.",
            "3. **Balances and limits.** A wrong limit makes your utilization look higher than it is.",
            "",
            "If you find an error, our guide to [disputing credit report errors](/blog/dispute-credit-errors) walks through the letter and the timeline the Fair Credit Reporting Act gives the bureaus.",
            "",
            "You can get your reports free every week at [AnnualCreditReport.com](https://www.annualcreditreport.com).",
            "",
            "Talk soon,",
            "The Fresh Start Money team",
          ].join("\n"),
        },
        unsubscribeUrl: SAMPLE_UNSUBSCRIBE_URL,
      },
    },
  ],
});
