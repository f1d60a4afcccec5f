/**
 * A buyer's orders on one page (routes/orders-all.tsx): each its own card, one column at any
 * width, with its products (a refunded one marked so), its date, its status and its own page.
 */
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { formatCents } from "~/lib/site";
import type { Purchase, PurchaseStatus } from "~/server/delivery/purchases.server";

const STATUS: Record<PurchaseStatus, { label: string; tone: string; link: string }> = {
  paid: { label: "Paid", tone: "bg-brand-100 text-brand-900", link: "Open the order and its downloads" },
  "partly-refunded": { label: "Partly refunded", tone: "bg-slate-200 text-slate-900", link: "Open the order and its downloads" },
  refunded: { label: "Refunded", tone: "bg-slate-200 text-slate-900", link: "See the order" },
  disputed: { label: "Disputed: downloads paused", tone: "bg-red-100 text-red-900", link: "See the order" },
};

function PurchaseCard({ order }: { order: Purchase }) {
  const status = STATUS[order.status];
  const headingId = `order-${order.orderNumber}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-lg font-bold text-slate-900">
            Order {order.orderNumber}
          </h2>
          <span className={`rounded-full px-3 py-1 text-sm font-bold ${status.tone}`} data-status={order.status}>
            {status.label}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-700">Paid on {order.paidOn}</p>
        <ul className="mt-4 divide-y divide-slate-100 border-y border-slate-100" aria-label={`Products of order ${order.orderNumber}`}>
          {order.lines.map((line) => (
            <li key={line.name} className="flex items-baseline justify-between gap-4 py-2 text-slate-800">
              <span>
                {line.name}
                {line.refunded ? <strong className="ml-2 text-sm text-slate-700">(refunded)</strong> : null}
              </span>
              <span className="shrink-0 tabular-nums">{formatCents(line.amountCents)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-3 flex flex-wrap justify-between gap-x-4 font-bold text-slate-900">
          <span>Total</span>
          <span className="tabular-nums">{formatCents(order.totalCents)}</span>
        </p>
        {order.refundedCents > 0 ? (
          <p className="mt-1 text-sm text-slate-700">{formatCents(order.refundedCents)} was given back to you.</p>
        ) : null}
        <p className="mt-4">
          <SiteLink
            to={order.orderPath}
            className={buttonClass({ variant: order.status === "paid" || order.status === "partly-refunded" ? "primary" : "outline" })}
          >
            {status.link}
            <span className="sr-only"> {order.orderNumber}</span>
          </SiteLink>
        </p>
      </article>
    </li>
  );
}

export function PurchaseList({ orders }: { orders: Purchase[] }) {
  if (orders.length === 0) {
    return <p className="mt-8 text-center text-slate-700">There are no orders for this address.</p>;
  }
  return (
    <ol className="mt-8 space-y-4" aria-label="Orders">
      {orders.map((order) => (
        <PurchaseCard key={order.orderNumber} order={order} />
      ))}
    </ol>
  );
}
