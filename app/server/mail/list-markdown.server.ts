/**
 * The Markdown of a list e-mail (a sequence step, a broadcast) to e-mail HTML, safely: raw
 * HTML is shown as text, images become their alt text, and a link is kept only for http(s),
 * mailto and site paths. Site links are made absolute and carry which e-mail they came from
 * (utm_source=email&utm_campaign=<campaign>), signed (&utm_sig=<signature>, under the owner's
 * secret: only such a link sets the campaign cookie, issue 51), so a sale can be traced to it.
 */
import { Marked, type Tokens } from "marked";
import { CAMPAIGN_SIGNATURE_PARAM, EMAIL_UTM_SOURCE } from "~/lib/campaign";
import { campaignLinkSignature } from "~/server/payments/campaign-cookie.server";
import { C, FONT } from "~/server/mail/templates/parts.server";

const escapeHtml = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

const TEXT = `font-family:${FONT};color:${C.text};font-size:16px;line-height:24px`;
const LINK = `color:${C.brand};text-decoration:underline;overflow-wrap:anywhere;word-break:break-word`;

/**
 * The address a Markdown link may point to, or undefined when it may not (javascript:, data:,
 * //host ...). A site link gets the campaign, and its signature under `secret` when there is one
 * (a `utm_sig` the writer typed is replaced, or dropped without a secret: it could only be stale).
 */
export function safeHref(href: string, origin: string, campaign: string | undefined, secret?: string): string | undefined {
  const trimmed = href.trim();
  if (/^mailto:[^\s]+$/i.test(trimmed)) return trimmed;
  let url: URL;
  if (trimmed.startsWith("/") && !trimmed.startsWith("//")) url = new URL(trimmed, origin);
  else if (/^https?:\/\//i.test(trimmed) && URL.canParse(trimmed)) url = new URL(trimmed);
  else return undefined;
  if (campaign && url.origin === new URL(origin).origin) {
    url.searchParams.set("utm_source", EMAIL_UTM_SOURCE);
    url.searchParams.set("utm_campaign", campaign);
    if (secret) url.searchParams.set(CAMPAIGN_SIGNATURE_PARAM, campaignLinkSignature(campaign, secret));
    else url.searchParams.delete(CAMPAIGN_SIGNATURE_PARAM);
  }
  return url.href;
}

export type ListMarkdownOptions = { origin: string; campaign?: string; campaignSecret?: string };

export function listMarkdownToHtml(source: string, { origin, campaign, campaignSecret }: ListMarkdownOptions): string {
  const markdown = new Marked({
    gfm: true,
    // A line break the writer typed stays a line break ("Talk soon,\nThe team" on two lines), as
    // in any e-mail program; a blank line still starts a paragraph.
    breaks: true,
    async: false,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      image({ text }: Tokens.Image) {
        return escapeHtml(text);
      },
      link({ href, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        const safe = safeHref(href, origin, campaign, campaignSecret);
        return safe ? `<a href="${escapeHtml(safe)}" style="${LINK}">${inner}</a>` : inner;
      },
      paragraph({ tokens }: Tokens.Paragraph) {
        return `<p style="${TEXT};margin:0 0 16px">${this.parser.parseInline(tokens)}</p>\n`;
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const level = Math.min(Math.max(depth, 2), 3);
        return `<h${level} style="${TEXT};font-size:19px;line-height:26px;font-weight:700;margin:28px 0 8px">${this.parser.parseInline(tokens)}</h${level}>\n`;
      },
      list(token: Tokens.List) {
        const tag = token.ordered ? "ol" : "ul";
        const items = token.items.map((item) => `<li style="${TEXT};margin:0 0 8px">${this.parser.parse(item.tokens)}</li>`).join("");
        return `<${tag} style="${TEXT};margin:0 0 16px;padding-left:24px">${items}</${tag}>\n`;
      },
    },
  });
  // List items' paragraphs: tight lists give text tokens, which render inline; loose ones get the paragraph style.
  return markdown.parse(source) as string;
}
