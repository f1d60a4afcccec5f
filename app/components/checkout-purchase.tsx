import { formatCents } from "~/lib/site";

/** The lines of a purchase and its total, as bought: a promotion code's line between them when one was used. */
export function CheckoutPurchase({
  lines,
  discount = null,
  totalCents,
}: {
  lines: { name: string; amountCents: number }[];
  discount?: { code: string; amountCents: number } | null;
  totalCents?: number;
}) {
  return (
    <dl className="space-y-2">
      {lines.map((line) => (
        <div key={line.name} className="flex justify-between gap-4 text-slate-800">
          <dt>{line.name}</dt>
          <dd className="font-bold">{formatCents(line.amountCents)}</dd>
        </div>
      ))}
      {discount ? (
        <div className="flex justify-between gap-4 text-slate-800" data-testid="purchase-discount">
          <dt>Code {discount.code}</dt>
          <dd className="font-bold">−{formatCents(discount.amountCents)}</dd>
        </div>
      ) : null}
      {totalCents !== undefined ? (
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
          <dt>Total</dt>
          <dd>{formatCents(totalCents)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
