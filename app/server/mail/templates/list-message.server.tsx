/**
 * A list e-mail written in Markdown (a welcome-sequence step; the same frame serves broadcasts and
 * product updates): the site's layout, the body as the safe Markdown renderer made it, and the list
 * footer with the reason the reader gets it and the one-click unsubscribe (or stop) link.
 */
import { listMarkdownToHtml } from "~/server/mail/list-markdown.server";
import { mailTemplate, type MailContext } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";
import { Box, H2, Lines, MailButton, P } from "~/server/mail/templates/parts.server";

export type ListMessageProps = {
  subject: string;
  preview: string;
  /** The body as written (Markdown): rendered safely, its site links tagged with the campaign. */
  markdown: string;
  /** utm_campaign of the links: which e-mail they came from. */
  campaign: string;
  reason: string;
  unsubscribeUrl: string;
  /** The footer's question and link words when the link stops something narrower than the list (a product update's). */
  stop?: { question: string; label: string };
  /** A product update only: the reader's own order page, where the product's files are (decision 071). */
  order?: { url: string; productName: string };
  /**
   * The guide's last follow-up only: the page where one button joins the newsletter. The guide's
   * e-mails are not the newsletter; a reader joins it by a click of their own (issue 40).
   */
  newsletterInvitationUrl?: string;
  /** Signed under the body by the owner (OWNER_NAME) or, unset, the business's team: the welcome steps. A broadcast carries its own sign-off. */
  signed?: boolean;
};

/** Who signs: a real person's name from the owner's setting, never an invented one. */
export function signature(ctx: Pick<MailContext, "ownerName" | "businessName">): string[] {
  return ctx.ownerName ? [ctx.ownerName, ctx.businessName] : [`The ${ctx.businessName} team`];
}

export const listMessageMail = mailTemplate<ListMessageProps>(
  (p) => p.subject.replace(/\s+/g, " ").trim(),
  function ListMessage({ ctx, subjectLine, ...p }) {
    return (
      <MailLayout
        ctx={ctx}
        subject={subjectLine}
        preheader={p.preview}
        list={{ reason: p.reason, unsubscribeUrl: p.unsubscribeUrl, ...p.stop }}
      >
        <div
          dangerouslySetInnerHTML={{
            __html: listMarkdownToHtml(p.markdown, { origin: ctx.origin, campaign: p.campaign, campaignSecret: ctx.campaignSecret }),
          }}
        />
        {p.order ? (
          <Box tone="note">
            <P>{`Your ${p.order.productName} files, with anything new, are on your private order page.`}</P>
            <MailButton href={p.order.url}>Open your order page</MailButton>
          </Box>
        ) : null}
        {p.signed ? (
          <P>
            <Lines value={signature(ctx).join("\n")} />
          </P>
        ) : null}
        {p.newsletterInvitationUrl ? (
          <Box tone="note">
            <H2>Want tips after this one?</H2>
            <P>
              This is the last of the guide’s e-mails: we won’t write again unless you ask. Our newsletter brings practical budgeting and
              credit tips, about twice a month.
            </P>
            <MailButton href={p.newsletterInvitationUrl}>Yes, keep sending me tips</MailButton>
            <P>The link opens a page with one button to confirm. Every newsletter e-mail has an unsubscribe link.</P>
          </Box>
        ) : null}
      </MailLayout>
    );
  },
);
