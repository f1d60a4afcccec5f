/**
 * One message to its two parts with React Email: the HTML part, and the text part derived from
 * that same markup by its toPlainText (what render({ plainText: true }) does after rendering the
 * element a second time; once is enough), with the formatters
 * below so the text reads as written for people: links as plain URLs, buttons as "Label:" and
 * the address on the next line, receipt rows as "Total: $21.99".
 */
import { render, toPlainText } from "@react-email/components";
import type { FormatCallback, HtmlToTextOptions } from "html-to-text";
import type { ReactElement } from "react";
import { displayUrl } from "~/server/mail/format.server";

export type MailContext = {
  businessName: string;
  /** The owner's name (OWNER_NAME), signing the welcome e-mails; unset, they are signed by the team. */
  ownerName?: string;
  businessAddress: string;
  supportEmail: string;
  origin: string;
  /** The business's time zone (BUSINESS_TIME_ZONE): every date in a message is written in it and names it. */
  timeZone: string;
  /**
   * Signs the campaign of a list e-mail's site links (`utm_sig`, app/server/payments/campaign-cookie.server.ts):
   * the owner's SESSION_SECRET while her dashboard, which shows the sales per e-mail, is on. Unset
   * (dashboard off, the previews' sample context), the links carry no signature and set no cookie.
   */
  campaignSecret?: string;
};
export type RenderedMail = { subject: string; html: string; text: string };

/**
 * The class names the shared components put on the markup for the text part: each names how its
 * element reads in plain text (the HTML ignores them).
 */
export const TEXT_AS = {
  button: "text-button",
  row: "text-row",
  quote: "text-quote",
  unsubscribe: "text-unsubscribe",
  /** A link whose words are enough in text (the site's name above every message). */
  label: "text-label",
  /** The footer: set off by the signature line "-- ". */
  footer: "text-footer",
  /** A paragraph that is one line of a group (the footer's), with no blank line around it. */
  line: "text-line",
} as const;

type DomNode = Parameters<FormatCallback>[0];

function textOf(nodes: DomNode[] | undefined): string {
  return (nodes ?? []).map((node) => (node.type === "text" ? String(node.data ?? "") : textOf(node.children))).join("");
}

const hrefOf = (elem: DomNode) => String(elem.attribs?.href ?? "");

/** An address once when the label already is the address, else "label (address)"; mailto: the address. */
const link: FormatCallback = (elem, _walk, builder) => {
  const href = hrefOf(elem);
  const label = textOf(elem.children).trim();
  if (href.startsWith("mailto:")) return builder.addInline(href.slice("mailto:".length), { noWordTransform: true });
  builder.addInline(label && displayUrl(label) !== displayUrl(href) ? `${label} (${href})` : href, { noWordTransform: true });
};

const labelOnly: FormatCallback = (elem, walk, builder) => walk(elem.children, builder);

const footer: FormatCallback = (elem, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral("-- ");
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: 1 });
};

/** "Unsubscribe: https://…": the word, then the address a text reader copies. */
const labelledLink: FormatCallback = (elem, _walk, builder) => {
  builder.addInline(`${textOf(elem.children).trim()}: ${hrefOf(elem)}`, { noWordTransform: true });
};

/** A button is a paragraph of its own: "Open my downloads:" and the address below. */
const button: FormatCallback = (elem, _walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addInline(`${textOf(elem.children).trim()}:`, { noWordTransform: true });
  builder.addLineBreak();
  builder.addInline(hrefOf(elem), { noWordTransform: true });
  builder.closeBlock({ trailingLineBreaks: 2 });
};

/** A label/value table row: "Total: $21.99" on one line. */
const row: FormatCallback = (elem, walk, builder) => {
  const cells = (elem.children ?? []).filter((child) => child.type === "tag" && child.name === "td");
  builder.openBlock({ leadingLineBreaks: 1 });
  cells.forEach((cell, i) => {
    if (i > 0) builder.addInline(": ");
    walk(cell.children, builder);
  });
  builder.closeBlock({ trailingLineBreaks: 1 });
};

/** Quoted user text between two rules, its line breaks and spaces kept. */
const quote: FormatCallback = (elem, walk, builder) => {
  const rule = "-".repeat(40);
  builder.openBlock({ leadingLineBreaks: 2, isPre: true });
  builder.addLiteral(`${rule}\n`);
  walk(elem.children, builder);
  builder.addLiteral(`\n${rule}`);
  builder.closeBlock({ trailingLineBreaks: 2 });
};

/** A heading underlined, as plain-text mail has always done it. */
function underlined(char: string): FormatCallback {
  return (elem, walk, builder) => {
    builder.openBlock({ leadingLineBreaks: 2 });
    walk(elem.children, builder);
    builder.closeBlock({ trailingLineBreaks: 2, blockTransform: (text) => `${text}\n${char.repeat(text.length)}` });
  };
}

const textOptions: HtmlToTextOptions = {
  formatters: { link, labelOnly, labelledLink, button, row, quote, footer, h1: underlined("="), h2: underlined("-") },
  selectors: [
    { selector: "a", format: "link" },
    { selector: `a.${TEXT_AS.label}`, format: "labelOnly" },
    { selector: `a.${TEXT_AS.unsubscribe}`, format: "labelledLink" },
    { selector: `a.${TEXT_AS.button}`, format: "button" },
    { selector: `tr.${TEXT_AS.row}`, format: "row" },
    { selector: `div.${TEXT_AS.quote}`, format: "quote" },
    { selector: `td.${TEXT_AS.footer}`, format: "footer" },
    { selector: `p.${TEXT_AS.line}`, format: "paragraph", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "h1", format: "h1" },
    { selector: "h2", format: "h2" },
    { selector: "ul", options: { itemPrefix: "- " } },
  ],
};

// React Email writes the XHTML 1.0 Transitional doctype; the site has always sent HTML5's, which
// puts every client in standards mode and names no http:// address in the message.
const REACT_EMAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

export async function renderMail(subject: string, message: ReactElement): Promise<RenderedMail> {
  const html = await render(message);
  if (!html.startsWith(REACT_EMAIL_DOCTYPE)) throw new Error("React Email's render changed its doctype: update REACT_EMAIL_DOCTYPE");
  const text = toPlainText(html, textOptions);
  return { subject, html: `<!DOCTYPE html>${html.slice(REACT_EMAIL_DOCTYPE.length)}`, text: `${text.trim()}\n` };
}

/**
 * A message's render function from its subject line and its component: the component gets the
 * subject too (the document's title, which spam filters compare with the Subject header).
 */
export function mailTemplate<P extends object>(
  subject: (props: P) => string,
  Message: (props: P & { ctx: MailContext; subjectLine: string }) => ReactElement,
): (ctx: MailContext, props: P) => Promise<RenderedMail> {
  return (ctx, props) => {
    const line = subject(props);
    return renderMail(line, <Message {...props} ctx={ctx} subjectLine={line} />);
  };
}
