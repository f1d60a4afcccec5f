/** One step of a guide's welcome sequence to one contact: its content read at send time (the owner's edits apply until then). */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { newsletterInvitation } from "~/server/audience/email-links.server";
import { parseSequenceFiles } from "~/server/audience/sequence-content.server";
import { composeStep } from "~/server/mail/list-compose.server";
import { defineMessage } from "~/server/mail/messages/definition.server";
import { SAMPLE_UNSUBSCRIBE_URL } from "~/server/mail/messages/preview-data.server";

type StepProps = { step: Parameters<typeof composeStep>[0]; unsubscribeUrl: string };

export const sequenceStep = defineMessage({
  kind: "sequence-step",
  payload: z.object({ contactId: z.number(), stepId: z.string() }),
  policy: { consent: "guide_followups", list: true, unsubscribe: true },
  async load({ to, payload, url, unsubscribeUrl }) {
    // Imported when sent: the shipped steps are read through Vite, which the previews (plain tsx) have not.
    const { findStep, isLastStep, stepStillWanted } = await import("~/server/audience/sequence.server");
    const wanted = await stepStillWanted(payload.contactId, payload.stepId);
    if (!wanted.ok) return { skip: wanted.reason };
    const step = await findStep(payload.stepId);
    if (!step) return { skip: `step ${payload.stepId} no longer exists` };
    const last = await isLastStep(step, payload.contactId);
    const invitation = last ? await newsletterInvitation(to) : undefined;
    return {
      props: {
        step: { ...step, last: Boolean(invitation), newsletterInvitationUrl: invitation && url(`/newsletter/confirm/${invitation}`) },
        unsubscribeUrl: await unsubscribeUrl(),
      },
    };
  },
  render: (ctx, props: StepProps) => composeStep(props.step, ctx, props.unsubscribeUrl),
  // The shipped steps, read from their content files; each signed, the last one inviting the reader to the newsletter.
  previews: () => {
    const dir = resolve("app/content/sequence");
    const steps = parseSequenceFiles(
      Object.fromEntries(
        readdirSync(dir).flatMap((guide) =>
          readdirSync(join(dir, guide))
            .filter((f) => f.endsWith(".md"))
            .map((f) => [join(dir, guide, f), readFileSync(join(dir, guide, f), "utf8")]),
        ),
      ),
    );
    return steps.map((step) => ({
      name: `sequence-${step.id}`,
      props: {
        step: {
          ...step,
          last: step.position === Math.max(...steps.filter((s) => s.guide === step.guide).map((s) => s.position)),
          newsletterInvitationUrl: "https://freshstartmoney.com/newsletter/confirm/Zm9yLXRoZS1zYW1wbGUtb25seS1ub3QtYS1yZWFsLWxpbms",
        },
        unsubscribeUrl: SAMPLE_UNSUBSCRIBE_URL,
      },
    }));
  },
});
