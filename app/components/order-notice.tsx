import type { ReactNode } from "react";
import { SupportEmail } from "~/components/support-email";
import { CircleAlert, Undo2 } from "lucide-react";
import { SiteLink } from "~/components/site-link";

/** Why an order link opens no files, in one set of words for the order page and a refused download's page. */
export type OrderNoticeKind =
  { kind: "invalid" } | { kind: "expired" } | { kind: "closed"; status: "refunded" | "disputed" | "pending" | "failed" | (string & {}) };

export function Notice({ title, children, tone }: { title: string; children: ReactNode; tone: "bad" | "neutral" }) {
  const Icon = tone === "bad" ? CircleAlert : Undo2;
  return (
    <div className="text-center">
      <span
        className={`mx-auto flex size-16 items-center justify-center rounded-full ${tone === "bad" ? "bg-red-100 text-red-700" : "bg-slate-200 text-slate-700"}`}
      >
        <Icon aria-hidden="true" className="size-9" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mx-auto mt-3 max-w-xl text-lg text-slate-700">{children}</div>
    </div>
  );
}

const lookupLink = (
  <SiteLink to="/orders/lookup" className="font-bold text-brand-800 underline underline-offset-2">
    get a new link by e-mail
  </SiteLink>
);

const supportLink = <SupportEmail />;

/** The heading and words for an order whose files cannot be opened: unknown link, expired link, or an order not (or no longer) paid. */
export function OrderNotice({ notice }: { notice: OrderNoticeKind }) {
  if (notice.kind === "invalid") {
    return (
      <Notice title="We couldn't find that order" tone="bad">
        <p>The link may be incomplete. Copy the whole address from your receipt e-mail, or {lookupLink}.</p>
      </Notice>
    );
  }
  if (notice.kind === "expired") {
    return (
      <Notice title="This order link has expired" tone="bad">
        <p>Order links last a year. You can {lookupLink}: we'll send a fresh one to the address you bought with.</p>
      </Notice>
    );
  }
  const { status } = notice;
  return (
    <Notice
      title={
        status === "refunded"
          ? "This order was refunded"
          : status === "disputed"
            ? "Access to this order is paused"
            : "This order is not paid"
      }
      tone="neutral"
    >
      <p>
        {status === "refunded"
          ? "The payment was refunded to you, so this order's downloads are no longer available."
          : status === "disputed"
            ? "The payment was disputed with the card issuer, so this order's downloads are paused. If this is a mistake, contact us."
            : "Its downloads open once the payment is confirmed."}{" "}
        Questions? E-mail {supportLink}.
      </p>
    </Notice>
  );
}
