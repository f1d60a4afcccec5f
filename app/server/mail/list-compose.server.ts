/**
 * List messages (a welcome-sequence step, a broadcast) composed as their readers get them: sent,
 * previewed, test-sent and written by the mail previews alike. Only templates and pure helpers
 * here, no database: scripts/preview-mail.tsx runs it under plain tsx.
 */
import { GUIDES, type GuideId } from "~/lib/guides";
import type { MailContext, RenderedMail } from "~/server/mail/render.server";
import { hostOf } from "~/server/mail/format.server";

/** `unsubscribeUrl` marks a list message: it gets the unsubscribe headers (RFC 8058). */
export type ComposedMail = { mail: RenderedMail; unsubscribeUrl?: string; replyTo?: string };

export type ListMessage = { subject: string; preview: string; body: string };

/** A list message (a sequence step, a broadcast) in the list layout: sent, previewed and test-sent alike. */
async function composeListMessage(
  message: ListMessage,
  ctx: MailContext,
  unsubscribeUrl: string,
  {
    campaign,
    reason,
    newsletterInvitationUrl,
    signed,
  }: { campaign: string; reason: string; newsletterInvitationUrl?: string; signed?: boolean },
): Promise<ComposedMail> {
  const { listMessageMail } = await import("~/server/mail/templates/list-message.server");
  return {
    unsubscribeUrl,
    mail: await listMessageMail(ctx, {
      subject: message.subject,
      preview: message.preview,
      markdown: message.body,
      campaign,
      reason,
      unsubscribeUrl,
      newsletterInvitationUrl,
      signed,
    }),
  };
}

/**
 * A welcome-sequence step as its reader gets it (HTML and text): sent, previewed and test-sent
 * alike. The last step invites the reader to join the newsletter (`newsletterInvitationUrl`, each
 * reader's own confirmation link; a preview or test shows a stand-in address).
 */
export function composeStep(
  step: ListMessage & { id: string; guide: GuideId; last?: boolean; newsletterInvitationUrl?: string },
  ctx: MailContext,
  unsubscribeUrl: string,
): Promise<ComposedMail> {
  return composeListMessage(step, ctx, unsubscribeUrl, {
    campaign: sequenceCampaign(step.id),
    reason: `You’re getting this because you asked for the free ${GUIDES[step.guide].title} on ${hostOf(ctx.origin)} and for a few follow-up tips.`,
    newsletterInvitationUrl: step.last ? (step.newsletterInvitationUrl ?? `${ctx.origin}/newsletter/confirm/preview`) : undefined,
    // The shipped steps end without a sign-off: the owner's name (or the team) signs each one.
    signed: true,
  });
}

/** utm_campaign of a welcome-sequence step's links. */
export function sequenceCampaign(stepId: string): string {
  return `welcome-${stepId}`;
}

/** Stands for each reader's own unsubscribe address in a broadcast rendered once for all its readers. */
const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.invalid/each-reader-s-own-link";
/**
 * The last mail rendered, by its key (a rejected render is forgotten): a sender's copies of one
 * broadcast differ only by the unsubscribe address, so they are rendered once. One per sender,
 * made with it (the outbox's deliver, mailer.server.ts createDeliver); a one-off render (a
 * preview, a test send) needs none.
 */
export type LastRender = (key: string, render: () => Promise<RenderedMail>) => Promise<RenderedMail>;

export function lastRender(): LastRender {
  let last: { key: string; mail: Promise<RenderedMail> } | undefined;
  return (key, render) => {
    if (last?.key !== key) {
      const mail = render();
      last = { key, mail };
      mail.catch(() => (last = undefined));
    }
    return last.mail;
  };
}

/** No memo: each call renders. */
const renderEachTime: LastRender = (_key, render) => render();

/**
 * A broadcast as its readers get it: sent, previewed and test-sent alike. It is rendered once per
 * content through the sender's `renders` (rendering is most of a send's cost, decision 035) and
 * each copy gets its own unsubscribe address.
 */
export async function composeBroadcast(
  broadcast: ListMessage & { id: number },
  ctx: MailContext,
  unsubscribeUrl: string,
  renders: LastRender = renderEachTime,
): Promise<ComposedMail> {
  const key = JSON.stringify([broadcast.id, broadcast.subject, broadcast.preview, broadcast.body, ctx]);
  const mail = await renders(key, () =>
    composeListMessage(broadcast, ctx, UNSUBSCRIBE_PLACEHOLDER, {
      campaign: broadcastCampaign(broadcast.id),
      reason: `You’re getting this because you signed up for budgeting and credit tips from ${hostOf(ctx.origin)}.`,
    }).then((composed) => composed.mail),
  );
  return {
    unsubscribeUrl,
    mail: {
      ...mail,
      html: mail.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
      text: mail.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
    },
  };
}

/** utm_campaign of a broadcast's links; orders.campaign holds it for the sales that followed. */
export function broadcastCampaign(id: number): string {
  return `broadcast-${id}`;
}
