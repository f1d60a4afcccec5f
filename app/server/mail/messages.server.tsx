/**
 * The site's transactional and list e-mails, as pure render functions: no I/O, no database,
 * no environment. Each message is written once as a list of blocks, then rendered twice: to
 * e-mail-safe HTML (React, table layout, inline styles, no images, no scripts) and to a plain
 * text part for humans (links written out in full). Both parts therefore say the same thing.
 */
import { createElement, type CSSProperties, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { toolkit } from "../../lib/catalogue";

export type MailContext = {
  businessName: string;
  businessAddress: string;
  supportEmail: string;
  origin: string;
};
export type RenderedMail = { subject: string; html: string; text: string };
export type MoneyLine = { name: string; amountCents: number };

/** Dates in e-mails are shown in US Eastern time (the e-mails have no reader time zone). */
export const MAIL_TIME_ZONE = "America/New_York";

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
/** "$7.00", "$21.99", "$1,234.00". */
export function formatMoney(cents: number): string {
  return money.format(cents / 100);
}

const longDate = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: MAIL_TIME_ZONE });
/** "November 23, 2026". */
export function formatDate(date: Date): string {
  return longDate.format(date);
}

const dateTime = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: MAIL_TIME_ZONE,
  timeZoneName: "short",
});
/** "November 23, 2026 at 3:04 PM EST". */
export function formatDateTime(date: Date): string {
  return dateTime.format(date);
}

/** One line of user text: no CR/LF (or other control or line-separator characters), spaces collapsed. */
export function oneLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** "Ann" from "  Ann  Lee "; empty when there is no name. */
function firstName(name: string): string {
  return oneLine(name).split(" ")[0] ?? "";
}

/** "freshstartmoney.com/orders/lookup" from "https://freshstartmoney.com/orders/lookup". */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

function hostOf(origin: string): string {
  return displayUrl(origin).split("/")[0] ?? origin;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function splitLines(value: string): string[] {
  return value.replace(/\r\n?/g, "\n").split("\n");
}

// ---------------------------------------------------------------------------------------------
// The message model: blocks of inline parts, rendered to HTML and to text
// ---------------------------------------------------------------------------------------------

/** `keep`: text that must not break across lines (an order number like "FSM-000123"). */
type Inline = string | { strong: string } | { keep: string } | { link: string; href: string };

type Row = { label: Inline[]; value: Inline[]; total?: boolean };

type Block =
  | { type: "h1"; text: string }
  | { type: "h2"; text: string }
  | { type: "p"; parts: Inline[]; small?: boolean }
  | { type: "button"; label: string; href: string }
  | { type: "list"; ordered?: boolean; items: Inline[][] }
  /** Receipt-style rows: label left, value right (amounts), optional bold total row. */
  | { type: "amounts"; rows: Row[] }
  /** Fact rows: label above or beside value, both left-aligned. */
  | { type: "facts"; rows: Row[] }
  /** User text quoted verbatim, line breaks kept. */
  | { type: "quote"; text: string }
  | { type: "box"; tone: "note" | "ad"; label?: string; blocks: Block[] };

type Message = {
  subject: string;
  /** The preview line inbox lists show after the subject. */
  preheader: string;
  blocks: Block[];
  /** List messages only: why the reader gets it, and how to stop. */
  list?: { reason: string; unsubscribeUrl: string };
};

const link = (label: string, href: string): Inline => ({ link: label, href });
const strong = (text: string): Inline => ({ strong: text });
const keep = (text: string): Inline => ({ keep: text });
const mailto = (email: string): Inline => link(email, `mailto:${email}`);

// ---------------------------------------------------------------------------------------------
// HTML
// ---------------------------------------------------------------------------------------------

// Unquoted, so React has no quote to escape inside style attributes (valid CSS either way).
const FONT = "-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif";
const C = {
  page: "#f1f5f9", // slate-100
  card: "#ffffff",
  text: "#1e293b", // slate-800: 14.6:1 on white
  muted: "#475569", // slate-600: 7.6:1 on white, 6.9:1 on the page colour
  border: "#cbd5e1", // slate-300
  rule: "#e2e8f0", // slate-200
  brand: "#047857", // emerald-700: 5.5:1 with white
  brandDark: "#065f46", // emerald-800
  tint: "#ecfdf5", // emerald-50
  note: "#f8fafc", // slate-50
};

const text: CSSProperties = { fontFamily: FONT, color: C.text, fontSize: "16px", lineHeight: "24px" };
const linkStyle: CSSProperties = { color: C.brand, textDecoration: "underline", overflowWrap: "anywhere", wordBreak: "break-word" };

function InlineHtml({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          !part.includes("\n") ? (
            part
          ) : (
            splitLines(part).map((line, j) => (
              <span key={`${i}-${j}`}>
                {j > 0 && <br />}
                {line}
              </span>
            ))
          )
        ) : "keep" in part ? (
          <span key={i} style={{ whiteSpace: "nowrap" }}>
            {part.keep}
          </span>
        ) : "strong" in part ? (
          <strong key={i} style={{ fontWeight: 700 }}>
            {part.strong}
          </strong>
        ) : (
          <a key={i} href={part.href} style={linkStyle}>
            {part.link}
          </a>
        ),
      )}
    </>
  );
}

/** role="presentation" layout table with the attributes old clients still need. */
function LayoutTable({
  children,
  style,
  width = "100%",
  className,
}: {
  children: ReactNode;
  style?: CSSProperties;
  width?: string | null;
  className?: string;
}) {
  return (
    <table
      className={className}
      role="presentation"
      width={width ?? undefined}
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ borderCollapse: "collapse", ...style }}
    >
      <tbody>{children}</tbody>
    </table>
  );
}

function Button({ label, href }: { label: string; href: string }) {
  return (
    <LayoutTable className="btn-table" width={null} style={{ margin: "8px 0 24px" }}>
      <tr>
        <td className="btn-cell" align="center" style={{ backgroundColor: C.brand, borderRadius: "8px" }}>
          <a
            className="btn"
            href={href}
            style={{
              display: "inline-block",
              padding: "14px 28px",
              border: `1px solid ${C.brand}`,
              borderRadius: "8px",
              backgroundColor: C.brand,
              color: "#ffffff",
              fontFamily: FONT,
              fontSize: "17px",
              lineHeight: "22px",
              fontWeight: 700,
              textDecoration: "none",
              textAlign: "center",
            }}
          >
            {label}
          </a>
        </td>
      </tr>
    </LayoutTable>
  );
}

function Rows({ rows, amounts }: { rows: Row[]; amounts: boolean }) {
  return (
    <LayoutTable style={{ margin: "0 0 16px" }}>
      {rows.map((row, i) => {
        const cell: CSSProperties = {
          ...text,
          padding: "10px 0",
          borderTop: row.total ? `2px solid ${C.text}` : i === 0 ? "none" : `1px solid ${C.rule}`,
          fontWeight: row.total ? 700 : 400,
          verticalAlign: "top",
        };
        return (
          <tr key={i}>
            <td
              style={{ ...cell, paddingRight: "12px", color: amounts || row.total ? C.text : C.muted, width: amounts ? undefined : "30%" }}
            >
              <InlineHtml parts={row.label} />
            </td>
            <td
              align={amounts ? "right" : "left"}
              style={{
                ...cell,
                textAlign: amounts ? "right" : "left",
                whiteSpace: amounts ? "nowrap" : undefined,
                overflowWrap: "anywhere",
                wordBreak: "break-word",
              }}
            >
              <InlineHtml parts={row.value} />
            </td>
          </tr>
        );
      })}
    </LayoutTable>
  );
}

function BlockHtml({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case "h1":
      return <h1 style={{ ...text, margin: "0 0 16px", fontSize: "24px", lineHeight: "32px", fontWeight: 700 }}>{block.text}</h1>;
    case "h2":
      return <h2 style={{ ...text, margin: "28px 0 8px", fontSize: "19px", lineHeight: "26px", fontWeight: 700 }}>{block.text}</h2>;
    case "p":
      return (
        <p style={{ ...text, margin: "0 0 16px", ...(block.small ? { fontSize: "15px", lineHeight: "22px", color: C.muted } : {}) }}>
          <InlineHtml parts={block.parts} />
        </p>
      );
    case "button":
      return <Button label={block.label} href={block.href} />;
    case "list": {
      const items = block.items.map((item, i) => (
        <li key={i} style={{ ...text, margin: "0 0 8px" }}>
          <InlineHtml parts={item} />
        </li>
      ));
      const style: CSSProperties = { ...text, margin: "0 0 16px", padding: "0 0 0 24px" };
      return block.ordered ? <ol style={style}>{items}</ol> : <ul style={style}>{items}</ul>;
    }
    case "amounts":
    case "facts":
      return <Rows rows={block.rows} amounts={block.type === "amounts"} />;
    case "quote":
      return (
        <div
          style={{
            ...text,
            margin: "0 0 16px",
            padding: "12px 16px",
            borderLeft: `4px solid ${C.border}`,
            backgroundColor: C.note,
            whiteSpace: "pre-wrap",
            overflowWrap: "anywhere",
            wordBreak: "break-word",
          }}
        >
          {splitLines(block.text).map((line, i) => (
            <span key={i}>
              {i > 0 && <br />}
              {line}
            </span>
          ))}
        </div>
      );
    case "box": {
      const ad = block.tone === "ad";
      return (
        <LayoutTable style={{ margin: "8px 0 16px" }}>
          <tr>
            <td
              style={{
                padding: "16px 16px 0",
                backgroundColor: ad ? C.tint : C.note,
                border: `1px solid ${ad ? "#a7f3d0" : C.rule}`,
                borderRadius: "8px",
              }}
            >
              {block.label && (
                <p
                  style={{
                    ...text,
                    margin: "0 0 8px",
                    fontSize: "13px",
                    lineHeight: "18px",
                    fontWeight: 700,
                    letterSpacing: "0.04em",
                    textTransform: "uppercase",
                    color: ad ? C.brandDark : C.muted,
                  }}
                >
                  {block.label}
                </p>
              )}
              {block.blocks.map((inner, i) => (
                <BlockHtml key={i} block={inner} />
              ))}
            </td>
          </tr>
        </LayoutTable>
      );
    }
  }
}

const HEAD_STYLE = `
body{margin:0;padding:0;width:100%!important;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
a[x-apple-data-detectors]{color:inherit!important;text-decoration:none!important}
@media only screen and (max-width:620px){
  .outer{padding:12px 8px!important}
  .card{padding:24px 18px!important}
  .btn-table{width:100%!important}
  .btn{display:block!important;padding:14px 16px!important}
}`;

/** Outlook for Windows ignores max-width: it gets a fixed 600 px table instead. */
const MSO_OPEN =
  '<!--[if mso]><table role="presentation" width="600" align="center" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->';
const MSO_CLOSE = "<!--[if mso]></td></tr></table><![endif]-->";

function Document({ ctx, message }: { ctx: MailContext; message: Message }) {
  const addressLines = splitLines(ctx.businessAddress);
  const small: CSSProperties = { ...text, margin: "0 0 8px", fontSize: "14px", lineHeight: "21px", color: C.muted };
  return (
    <html lang="en" dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no" />
        <title>{message.subject}</title>
        <style>{HEAD_STYLE}</style>
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: C.page }}>
        <div
          style={{
            display: "none",
            maxHeight: 0,
            maxWidth: 0,
            overflow: "hidden",
            opacity: 0,
            fontSize: "1px",
            lineHeight: "1px",
            color: C.page,
          }}
        >
          {message.preheader}
          {/* Keeps the inbox preview from running on into the body text. */}
          {"\u00a0\u200c".repeat(60)}
        </div>
        <LayoutTable style={{ backgroundColor: C.page }}>
          <tr>
            <td className="outer" align="center" style={{ padding: "24px 12px" }}>
              {createElement("x-mso-open")}
              <LayoutTable style={{ maxWidth: "600px", margin: "0 auto" }}>
                <tr>
                  <td style={{ padding: "4px 4px 16px" }}>
                    <a
                      href={ctx.origin}
                      style={{ ...text, fontSize: "20px", lineHeight: "28px", fontWeight: 700, color: C.brandDark, textDecoration: "none" }}
                    >
                      {ctx.businessName}
                    </a>
                  </td>
                </tr>
                <tr>
                  <td
                    className="card"
                    style={{ padding: "32px", backgroundColor: C.card, border: `1px solid ${C.rule}`, borderRadius: "8px" }}
                  >
                    {message.blocks.map((block, i) => (
                      <BlockHtml key={i} block={block} />
                    ))}
                  </td>
                </tr>
                <tr>
                  <td style={{ padding: "20px 4px 8px" }}>
                    <p style={{ ...small, fontWeight: 700, color: C.text }}>{ctx.businessName}</p>
                    <p style={small}>
                      {addressLines.map((line, i) => (
                        <span key={i}>
                          {i > 0 && <br />}
                          {line}
                        </span>
                      ))}
                    </p>
                    <p style={small}>
                      Support:{" "}
                      <a href={`mailto:${ctx.supportEmail}`} style={linkStyle}>
                        {ctx.supportEmail}
                      </a>
                    </p>
                    {message.list && (
                      <p style={{ ...small, marginTop: "16px" }}>
                        {message.list.reason} Don’t want these e-mails?{" "}
                        <a href={message.list.unsubscribeUrl} style={linkStyle}>
                          Unsubscribe
                        </a>
                        .
                      </p>
                    )}
                  </td>
                </tr>
              </LayoutTable>
              {createElement("x-mso-close")}
            </td>
          </tr>
        </LayoutTable>
      </body>
    </html>
  );
}

function renderHtml(ctx: MailContext, message: Message): string {
  const markup = renderToStaticMarkup(<Document ctx={ctx} message={message} />)
    .replace("<x-mso-open></x-mso-open>", MSO_OPEN)
    .replace("<x-mso-close></x-mso-close>", MSO_CLOSE);
  return `<!DOCTYPE html>${markup}`;
}

// ---------------------------------------------------------------------------------------------
// Plain text
// ---------------------------------------------------------------------------------------------

function inlineText(parts: Inline[]): string {
  return parts
    .map((part) => {
      if (typeof part === "string") return part;
      if ("strong" in part) return part.strong;
      if ("keep" in part) return part.keep;
      if (part.href.startsWith("mailto:")) return part.href.slice("mailto:".length);
      // A link whose label already is the address needs it once; otherwise "label (address)".
      return displayUrl(part.link) === displayUrl(part.href) ? part.href : `${part.link} (${part.href})`;
    })
    .join("");
}

function blockText(block: Block): string {
  switch (block.type) {
    case "h1":
      return `${block.text}\n${"=".repeat(block.text.length)}`;
    case "h2":
      return `${block.text}\n${"-".repeat(block.text.length)}`;
    case "p":
      return inlineText(block.parts);
    case "button":
      return `${block.label}:\n${block.href}`;
    case "list":
      return block.items.map((item, i) => `${block.ordered ? `${i + 1}.` : "-"} ${inlineText(item)}`).join("\n");
    case "amounts":
    case "facts":
      return block.rows.map((row) => `${inlineText(row.label)}: ${inlineText(row.value)}`).join("\n");
    case "quote": {
      const rule = "-".repeat(40);
      return `${rule}\n${splitLines(block.text).join("\n")}\n${rule}`;
    }
    case "box":
      return [...(block.label ? [`[${block.label}]`] : []), ...block.blocks.map(blockText)].join("\n\n");
  }
}

function renderText(ctx: MailContext, message: Message): string {
  const footer = [
    "-- ",
    ctx.businessName,
    splitLines(ctx.businessAddress).join("\n"),
    `Support: ${ctx.supportEmail}`,
    ...(message.list ? ["", message.list.reason, `Don’t want these e-mails? Unsubscribe: ${message.list.unsubscribeUrl}`] : []),
  ].join("\n");
  return `${[ctx.businessName, ...message.blocks.map(blockText), footer].join("\n\n")}\n`;
}

function render(ctx: MailContext, message: Message): RenderedMail {
  return { subject: message.subject, html: renderHtml(ctx, message), text: renderText(ctx, message) };
}

// ---------------------------------------------------------------------------------------------
// Shared copy
// ---------------------------------------------------------------------------------------------

function supportLine(ctx: MailContext): Block {
  return {
    type: "p",
    parts: ["Questions? Reply to this e-mail or write to ", mailto(ctx.supportEmail), ". We aim to reply within 24 hours."],
  };
}

function lineRows(lines: MoneyLine[], totalCents: number): Row[] {
  return [
    ...lines.map((line) => ({ label: [line.name], value: [formatMoney(line.amountCents)] })),
    { label: ["Total"], value: [formatMoney(totalCents)], total: true },
  ];
}

// ---------------------------------------------------------------------------------------------
// The messages
// ---------------------------------------------------------------------------------------------

export function receiptMail(
  ctx: MailContext,
  p: {
    orderNumber: string;
    paidAt: Date;
    lines: MoneyLine[];
    totalCents: number;
    orderUrl: string;
    products: { name: string; fileCount: number }[];
  },
): RenderedMail {
  const lookupUrl = `${ctx.origin}/orders/lookup`;
  const mainProduct = p.products[0]?.name ?? p.lines[0]?.name ?? "order";
  return render(ctx, {
    subject: `Your ${mainProduct}: receipt and downloads (order ${p.orderNumber})`,
    preheader: `Thank you! Your downloads are ready. Order ${p.orderNumber}, ${formatMoney(p.totalCents)}.`,
    blocks: [
      { type: "h1", text: "Thank you for your order" },
      { type: "p", parts: ["Your payment went through. Everything you bought is on one private page:"] },
      { type: "list", items: p.products.map((product) => [strong(product.name), ` (${plural(product.fileCount, "file", "files")})`]) },
      { type: "button", label: "Open my downloads", href: p.orderUrl },
      {
        type: "p",
        small: true,
        parts: [
          "This link is private: anyone who has it can open your downloads, so please don’t forward it. It works for one year. If you lose it, you can ask for a new one at ",
          // Last in the paragraph, with no full stop for a text client to glue onto the address.
          link(displayUrl(lookupUrl), lookupUrl),
        ],
      },
      { type: "h2", text: "Your receipt" },
      {
        type: "facts",
        rows: [
          { label: ["Order"], value: [p.orderNumber] },
          { label: ["Paid on"], value: [formatDate(p.paidAt)] },
        ],
      },
      { type: "amounts", rows: lineRows(p.lines, p.totalCents) },
      { type: "p", small: true, parts: ["One-time payment. No recurring charges."] },
      { type: "h2", text: "Where to start" },
      {
        type: "list",
        ordered: true,
        items: [
          ["Read the ", strong("step-by-step guide"), " first. It explains how to check your reports and dispute errors yourself."],
          ["Then follow the ", strong("30-day action plan"), ", one small step at a time."],
        ],
      },
      { type: "h2", text: "30-day money-back guarantee" },
      {
        type: "p",
        parts: [
          "If it’s not right for you, reply to this e-mail or write to ",
          mailto(ctx.supportEmail),
          " within 30 days of your purchase, and we’ll give you a full refund. There’s no need to explain why.",
        ],
      },
      supportLine(ctx),
    ],
  });
}

export function guideMail(
  ctx: MailContext,
  p: { name: string; guideUrl: string; toolkitUrl: string; unsubscribeUrl: string },
): RenderedMail {
  const first = firstName(p.name);
  return render(ctx, {
    subject: "Your free Credit Repair Starter Guide",
    preheader: "Here’s your free guide, plus 3 simple steps you can take today.",
    blocks: [
      { type: "p", parts: [first ? `Hi ${first},` : "Hi there,"] },
      { type: "p", parts: ["Here’s the free Credit Repair Starter Guide you asked for."] },
      { type: "button", label: "Download the Starter Guide (PDF)", href: p.guideUrl },
      { type: "h2", text: "3 steps to start" },
      {
        type: "list",
        ordered: true,
        items: [
          [
            strong("Get your free credit reports"),
            " from Equifax, Experian and TransUnion at ",
            link("AnnualCreditReport.com", "https://www.annualcreditreport.com"),
            ". It’s the official site, and it’s free.",
          ],
          [strong("Check each report for errors:"), " accounts that aren’t yours, wrong balances, or late payments you paid on time."],
          [strong("Dispute errors in writing,"), " in your own words. Keep a copy of everything you send."],
        ],
      },
      {
        type: "p",
        parts: [
          "Disputes take time, and nobody can promise a result. But checking your reports and disputing errors is your right, and you can do it yourself for free.",
        ],
      },
      {
        type: "box",
        tone: "ad",
        label: "From us: our own product",
        blocks: [
          {
            type: "p",
            parts: [
              `Want more help? Our ${toolkit.name} (${formatMoney(toolkit.priceCents).replace(/\.00$/, "")}, one-time payment) adds dispute letter templates, worksheets and a 30-day action plan. It’s optional: the free guide works on its own. `,
              link("See what’s in the toolkit", p.toolkitUrl),
            ],
          },
        ],
      },
      { type: "p", parts: [`Take it one step at a time,\nThe ${ctx.businessName} team`] },
    ],
    list: {
      reason: `You’re getting this because you asked for the free Starter Guide on ${hostOf(ctx.origin)}.`,
      unsubscribeUrl: p.unsubscribeUrl,
    },
  });
}

export function contactOwnerMail(
  ctx: MailContext,
  p: { name: string; email: string; subject: string; message: string; receivedAt: Date; messageId: number },
): RenderedMail {
  const name = oneLine(p.name) || "the sender";
  const email = oneLine(p.email);
  const subject = oneLine(p.subject);
  return render(ctx, {
    subject: `Contact form: ${subject || "(no subject)"}`,
    preheader: `New message from ${name}.`,
    blocks: [
      { type: "h1", text: "New contact form message" },
      {
        type: "facts",
        rows: [
          { label: ["From"], value: [name] },
          { label: ["E-mail"], value: [mailto(email)] },
          { label: ["Subject"], value: [subject || "(no subject)"] },
          { label: ["Received"], value: [formatDateTime(p.receivedAt)] },
          { label: ["Ref"], value: [`Message #${p.messageId}`] },
        ],
      },
      { type: "quote", text: p.message },
      { type: "p", parts: [strong(`Reply to this e-mail to answer ${name} directly.`)] },
    ],
  });
}

export function newsletterConfirmMail(ctx: MailContext, p: { confirmUrl: string; unsubscribeUrl: string }): RenderedMail {
  return render(ctx, {
    subject: "Please confirm your subscription",
    preheader: "One tap to start getting our money tips. Didn’t ask? Ignore this e-mail.",
    blocks: [
      { type: "h1", text: "Please confirm your subscription" },
      {
        type: "p",
        parts: [
          `Someone, hopefully you, asked for the ${ctx.businessName} newsletter at this e-mail address. To start getting it, tap the button below, then confirm on the page it opens.`,
        ],
      },
      { type: "button", label: "Yes, subscribe me", href: p.confirmUrl },
      {
        type: "p",
        parts: [
          strong("What you’ll get:"),
          " practical money tips on credit, budgeting and debt, about twice a month. You can unsubscribe at any time.",
        ],
      },
      { type: "p", parts: ["If you didn’t ask for this, ignore this e-mail: you won’t be subscribed."] },
    ],
    list: {
      reason: `You’re getting this because this address was entered in the newsletter form on ${hostOf(ctx.origin)}.`,
      unsubscribeUrl: p.unsubscribeUrl,
    },
  });
}

export function refundMail(
  ctx: MailContext,
  p: { orderNumber: string; kind: "refunded" | "disputed"; lines: MoneyLine[]; totalCents: number },
): RenderedMail {
  const total = formatMoney(p.totalCents);
  const items: Block[] = [
    { type: "facts", rows: [{ label: ["Order"], value: [p.orderNumber] }] },
    { type: "amounts", rows: lineRows(p.lines, p.totalCents) },
  ];
  if (p.kind === "refunded") {
    return render(ctx, {
      subject: `Your refund for order ${p.orderNumber}`,
      preheader: `We’ve refunded ${total} to your original payment method.`,
      blocks: [
        { type: "h1", text: "Your refund has been issued" },
        {
          type: "p",
          parts: [
            "We’ve refunded ",
            strong(total),
            " for order ",
            keep(p.orderNumber),
            " to your original payment method. It can take several business days to show on your statement.",
          ],
        },
        ...items,
        { type: "p", parts: ["Download access for this order has ended."] },
        { type: "p", parts: ["Thank you for giving us a try."] },
        supportLine(ctx),
      ],
    });
  }
  return render(ctx, {
    subject: `Order ${p.orderNumber}: payment disputed, downloads paused`,
    preheader: `Your card issuer told us the payment for order ${p.orderNumber} was disputed.`,
    blocks: [
      { type: "h1", text: "Your payment was disputed" },
      {
        type: "p",
        parts: [
          "Your card issuer told us that the payment of ",
          strong(total),
          " for order ",
          keep(p.orderNumber),
          " was disputed, so download access for this order is paused.",
        ],
      },
      ...items,
      {
        type: "p",
        parts: [
          "If this was a mistake, please contact us: reply to this e-mail or write to ",
          mailto(ctx.supportEmail),
          ". We’ll help sort it out, and we aim to reply within 24 hours.",
        ],
      },
    ],
  });
}

export function lostLinkMail(
  ctx: MailContext,
  p: { orders: { orderNumber: string; paidAt: Date; productNames: string[]; orderUrl: string }[] },
): RenderedMail {
  const count = p.orders.length;
  return render(ctx, {
    subject: "Your order links",
    preheader: count === 1 ? "Here’s the private link to your order." : `Here are the private links to your ${count} orders.`,
    blocks: [
      { type: "h1", text: "Your order links" },
      {
        type: "p",
        parts: [
          count === 1
            ? "Here’s the link you asked for. It opens your private order page with all your downloads."
            : "Here are the links you asked for. Each one opens a private order page with all its downloads.",
        ],
      },
      ...p.orders.map((order): Block => ({
        type: "box",
        tone: "note",
        blocks: [
          { type: "p", parts: [strong(`Order ${order.orderNumber}`), `\nPaid on ${formatDate(order.paidAt)}`] },
          { type: "list", items: order.productNames.map((name) => [name]) },
          { type: "button", label: `Open order ${order.orderNumber}`, href: order.orderUrl },
        ],
      })),
      {
        type: "p",
        small: true,
        parts: [
          `${count === 1 ? "This link works" : "These links work"} for one year. Please don’t forward ${count === 1 ? "it" : "them"}: anyone with the link can open the downloads.`,
        ],
      },
      { type: "p", parts: ["If you didn’t ask for this, you can ignore it; nobody can see your orders without this link."] },
      supportLine(ctx),
    ],
  });
}
