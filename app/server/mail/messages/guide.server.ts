/** The free guide a lead asked for: the one e-mail the lead form promised, with the link that proves the address. */
import { z } from "zod";
import { GUIDE_IDS, guideIdOf } from "~/lib/guides";
import { mintEmailLink } from "~/server/audience/email-links.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_TOOLKIT, SAMPLE_UNSUBSCRIBE_URL } from "~/server/mail/messages/preview-data.server";
import type { GuideProps } from "~/server/mail/templates/guide.server";

export const guide = defineMessage({
  kind: "guide",
  payload: z.object({
    leadId: z.number(),
    name: z.string(),
    /** Which free guide: rows queued before there were two have none (the credit guide), as has an unknown one. */
    guide: z.enum(GUIDE_IDS).optional().catch(undefined),
  }),
  // Under the consent the lead form recorded for the guide and its follow-ups.
  policy: { consent: "guide_followups", list: false, unsubscribe: true },
  async load({ to, payload, url, unsubscribeUrl, products }) {
    const unsubscribe = await unsubscribeUrl();
    const guide = guideIdOf(payload.guide);
    const toolkit = (await products()).toolkit();
    return {
      props: {
        guide,
        name: payload.name,
        // Through the site: opening it proves the address is theirs (and starts that guide's welcome sequence).
        guideUrl: url(`/guide/${await mintEmailLink(to, "prove")}?guide=${guide}`),
        toolkit: { name: toolkit.name, priceCents: toolkit.priceCents },
        toolkitUrl: url("/resources"),
        unsubscribeUrl: unsubscribe,
      },
    };
  },
  async render(ctx, props: GuideProps) {
    return {
      unsubscribeUrl: props.unsubscribeUrl,
      mail: await (await import("~/server/mail/templates/guide.server")).guideMail(ctx, props),
    };
  },
  // One per guide ("guide" is the credit guide's, as before there were two).
  previews: () =>
    GUIDE_IDS.map((guide, i) => ({
      name: i === 0 ? "guide" : `guide-${guide}`,
      props: {
        guide,
        name: i === 0 ? "Ann-Marie <b>Lee</b>" : "Ann-Marie Lee",
        guideUrl: `https://freshstartmoney.com/guide/sample-token?guide=${guide}`,
        toolkit: SAMPLE_TOOLKIT,
        toolkitUrl: "https://freshstartmoney.com/resources",
        unsubscribeUrl: SAMPLE_UNSUBSCRIBE_URL,
      },
    })),
});
