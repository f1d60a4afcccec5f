/**
 * The pieces every message is written with, on React Email's components: e-mail-safe markup
 * (tables for layout, inline styles, no images) and class names from TEXT_AS that say how a
 * piece reads in the text part.
 */
import { Button, Column, Heading, Link, Row, Text } from "@react-email/components";
import type { CSSProperties, ReactNode } from "react";
import { formatCents, SUPPORT_REPLY_PROMISE } from "~/lib/site";
import { splitLines } from "~/server/mail/format.server";
import { TEXT_AS, type MailContext } from "~/server/mail/render.server";

// Unquoted, so React has no quote to escape inside style attributes (valid CSS either way).
export const FONT = "-apple-system, BlinkMacSystemFont, Segoe UI, Roboto, Helvetica, Arial, sans-serif";
export const C = {
  page: "#f1f5f9", // slate-100
  card: "#ffffff",
  text: "#1e293b", // slate-800: 14.6:1 on white
  muted: "#475569", // slate-600: 7.6:1 on white, 6.9:1 on the page colour
  border: "#cbd5e1", // slate-300
  rule: "#e2e8f0", // slate-200
  brand: "#047857", // emerald-700: 5.5:1 with white
  brandDark: "#065f46", // emerald-800
  tint: "#ecfdf5", // emerald-50
  tintBorder: "#a7f3d0", // emerald-200
  note: "#f8fafc", // slate-50
};

export const text: CSSProperties = { fontFamily: FONT, color: C.text, fontSize: "16px", lineHeight: "24px" };
export const small: CSSProperties = { ...text, fontSize: "14px", lineHeight: "21px", color: C.muted };
const wrapAnywhere: CSSProperties = { overflowWrap: "anywhere", wordBreak: "break-word" };
const linkStyle: CSSProperties = { color: C.brand, textDecoration: "underline", ...wrapAnywhere };

export function P({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return (
    <Text style={{ ...text, margin: "0 0 16px", ...(muted ? { fontSize: "15px", lineHeight: "22px", color: C.muted } : {}) }}>
      {children}
    </Text>
  );
}

export function H1({ children }: { children: string }) {
  return (
    <Heading as="h1" style={{ ...text, margin: "0 0 16px", fontSize: "24px", lineHeight: "32px", fontWeight: 700 }}>
      {children}
    </Heading>
  );
}

export function H2({ children }: { children: string }) {
  return (
    <Heading as="h2" style={{ ...text, margin: "28px 0 8px", fontSize: "19px", lineHeight: "26px", fontWeight: 700 }}>
      {children}
    </Heading>
  );
}

export function Strong({ children }: { children: ReactNode }) {
  return <strong style={{ fontWeight: 700 }}>{children}</strong>;
}

/** Text that must not break across lines (an order number like "FSM-000123"). */
export function Keep({ children }: { children: string }) {
  return <span style={{ whiteSpace: "nowrap" }}>{children}</span>;
}

export function A({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <Link href={href} className={className} style={linkStyle}>
      {children}
    </Link>
  );
}

export function Mailto({ email }: { email: string }) {
  return <A href={`mailto:${email}`}>{email}</A>;
}

/** The one action of a message; full width on a phone (the .btn rule in the layout's style). */
export function MailButton({ href, children }: { href: string; children: string }) {
  return (
    <Row style={{ margin: "8px 0 24px" }}>
      <Column>
        <Button
          href={href}
          className={`btn ${TEXT_AS.button}`}
          style={{
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
          {children}
        </Button>
      </Column>
    </Row>
  );
}

export function List({ items, ordered = false }: { items: ReactNode[]; ordered?: boolean }) {
  const style: CSSProperties = { ...text, margin: "0 0 16px", padding: "0 0 0 24px" };
  const children = items.map((item, i) => (
    <li key={i} style={{ ...text, margin: "0 0 8px" }}>
      {item}
    </li>
  ));
  return ordered ? <ol style={style}>{children}</ol> : <ul style={style}>{children}</ul>;
}

/** Line breaks kept, the text escaped like any other (a contact message, a postal address). */
export function Lines({ value }: { value: string }) {
  return (
    <>
      {splitLines(value).map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </>
  );
}

export type Fact = { label: string; value: ReactNode; total?: boolean };

/**
 * Label and value on one row; `amounts` sets the values right for money (receipt lines and the
 * bold total), otherwise both read left to right (order number, date, sender).
 */
export function Rows({ rows, amounts = false }: { rows: Fact[]; amounts?: boolean }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      border={0}
      style={{ borderCollapse: "collapse", margin: "0 0 16px" }}
    >
      <tbody>
        {rows.map((row, i) => {
          const cell: CSSProperties = {
            ...text,
            padding: "10px 0",
            borderTop: row.total ? `2px solid ${C.text}` : i === 0 ? "none" : `1px solid ${C.rule}`,
            fontWeight: row.total ? 700 : 400,
            verticalAlign: "top",
          };
          return (
            <tr key={i} className={TEXT_AS.row}>
              <td
                style={{
                  ...cell,
                  paddingRight: "12px",
                  color: amounts || row.total ? C.text : C.muted,
                  width: amounts ? undefined : "30%",
                }}
              >
                {row.label}
              </td>
              <td
                align={amounts ? "right" : "left"}
                style={{ ...cell, ...wrapAnywhere, textAlign: amounts ? "right" : "left", whiteSpace: amounts ? "nowrap" : undefined }}
              >
                {row.value}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export type MoneyLine = { name: string; amountCents: number };

/** Receipt lines and their total. */
export function Amounts({
  lines,
  discount = null,
  totalCents,
}: {
  lines: MoneyLine[];
  /** A promotion code's line, between the lines (at their prices before it) and the total charged. */
  discount?: { code: string; amountCents: number } | null;
  totalCents: number;
}) {
  return (
    <Rows
      amounts
      rows={[
        ...lines.map((line) => ({ label: line.name, value: formatCents(line.amountCents) })),
        ...(discount ? [{ label: `Code ${discount.code}`, value: `−${formatCents(discount.amountCents)}` }] : []),
        { label: "Total", value: formatCents(totalCents), total: true },
      ]}
    />
  );
}

/** User text quoted verbatim, line breaks kept. */
export function Quote({ value }: { value: string }) {
  return (
    <div
      className={TEXT_AS.quote}
      style={{
        ...text,
        ...wrapAnywhere,
        margin: "0 0 16px",
        padding: "12px 16px",
        borderLeft: `4px solid ${C.border}`,
        backgroundColor: C.note,
        whiteSpace: "pre-wrap",
      }}
    >
      <Lines value={value} />
    </div>
  );
}

/** A framed group: `ad` for our own offer (green, labelled), `note` for one order among several. */
export function Box({ tone, label, children }: { tone: "note" | "ad"; label?: string; children: ReactNode }) {
  const ad = tone === "ad";
  return (
    <Row style={{ margin: "8px 0 16px", borderCollapse: "separate" }}>
      <Column
        style={{
          padding: "16px 16px 0",
          backgroundColor: ad ? C.tint : C.note,
          border: `1px solid ${ad ? C.tintBorder : C.rule}`,
          borderRadius: "8px",
        }}
      >
        {label && (
          <Text
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
            {label}
          </Text>
        )}
        {children}
      </Column>
    </Row>
  );
}

/** How to reach support, with the site's one reply-time promise. */
export function SupportLine({ ctx, question = "Questions?" }: { ctx: MailContext; question?: string }) {
  return (
    <P>
      {question} Reply to this e-mail or write to <Mailto email={ctx.supportEmail} />. {SUPPORT_REPLY_PROMISE}
    </P>
  );
}
