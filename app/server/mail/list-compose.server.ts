/**
 * List messages (a welcome-sequence step, a broadcast, a product update) composed as their readers get them: sent,
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
    stop,
    order,
  }: {
    campaign: string;
    reason: string;
    newsletterInvitationUrl?: string;
    signed?: boolean;
    stop?: { question: string; label: string };
    order?: { url: string; productName: string };
  },
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
      stop,
      order,
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
/** Stands for each buyer's own order page in a product update rendered once for all its buyers. */
const ORDER_PLACEHOLDER = "https://order.invalid/each-buyer-s-own-page";

/** A mail rendered once with the placeholders, each reader's own addresses put in their places. */
function withOwnLinks(mail: RenderedMail, links: [placeholder: string, url: string][]): RenderedMail {
  let { html, text } = mail;
  for (const [placeholder, url] of links) {
    html = html.replaceAll(placeholder, url);
    text = text.replaceAll(placeholder, url);
  }
  return { ...mail, html, text };
}
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
  return { unsubscribeUrl, mail: withOwnLinks(mail, [[UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl]]) };
}

/** A product update's own links: the buyer's order page, and the one-click stop of product updates. */
export type ProductUpdateLinks = { orderUrl: string; stopUrl: string };

/**
 * An update to a product's buyers (decision 071) as each gets it: sent, previewed and test-sent
 * alike. The broadcast's list frame, rendered once per content like a broadcast; each copy gets
 * its buyer's own order page and own stop link (the List-Unsubscribe headers name the stop link:
 * a stop ends product updates only, not receipts, files or the newsletter).
 */
export async function composeProductUpdate(
  update: ListMessage & { id: number; productName: string },
  ctx: MailContext,
  links: ProductUpdateLinks,
  renders: LastRender = renderEachTime,
): Promise<ComposedMail> {
  const key = JSON.stringify(["product-update", update.id, update.productName, update.subject, update.preview, update.body, ctx]);
  const mail = await renders(key, () =>
    composeListMessage(update, ctx, UNSUBSCRIBE_PLACEHOLDER, {
      // A row of the broadcasts table: its links' campaign is a broadcast's, so its sales are counted as one's.
      campaign: broadcastCampaign(update.id),
      reason: `You’re getting this because you bought the ${update.productName} from ${hostOf(ctx.origin)}: it is news about what you bought, not our newsletter.`,
      stop: { question: "Don’t want these updates?", label: "Stop product updates" },
      order: { url: ORDER_PLACEHOLDER, productName: update.productName },
    }).then((composed) => composed.mail),
  );
  return {
    unsubscribeUrl: links.stopUrl,
    mail: withOwnLinks(mail, [
      [UNSUBSCRIBE_PLACEHOLDER, links.stopUrl],
      [ORDER_PLACEHOLDER, links.orderUrl],
    ]),
  };
}

/** utm_campaign of a broadcast's links; orders.campaign holds it for the sales that followed. */
export function broadcastCampaign(id: number): string {
  return `broadcast-${id}`;
}
