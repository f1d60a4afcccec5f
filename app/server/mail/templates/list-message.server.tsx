/**
 * A list e-mail written in Markdown (a welcome-sequence step; the same frame serves broadcasts):
 * the site's layout, the body as the safe Markdown renderer made it, and the list footer with the
 * reason the reader gets it and the one-click unsubscribe link.
 */
import { listMarkdownToHtml } from "~/server/audience/list-markdown.server";
import { mailTemplate } from "~/server/mail/render.server";
import { MailLayout } from "~/server/mail/templates/layout.server";

export type ListMessageProps = {
  subject: string;
  preview: string;
  /** The body as written (Markdown): rendered safely, its site links tagged with the campaign. */
  markdown: string;
  /** utm_campaign of the links: which e-mail they came from. */
  campaign: string;
  reason: string;
  unsubscribeUrl: string;
};

export const listMessageMail = mailTemplate<ListMessageProps>(
  (p) => p.subject.replace(/\s+/g, " ").trim(),
  function ListMessage({ ctx, subjectLine, ...p }) {
    return (
      <MailLayout ctx={ctx} subject={subjectLine} preheader={p.preview} list={{ reason: p.reason, unsubscribeUrl: p.unsubscribeUrl }}>
        <div dangerouslySetInnerHTML={{ __html: listMarkdownToHtml(p.markdown, { origin: ctx.origin, campaign: p.campaign }) }} />
      </MailLayout>
    );
  },
);
