import { formatCents } from "~/lib/site";

/** The lines of a purchase and its total, as bought. */
export function CheckoutPurchase({ lines, totalCents }: { lines: { name: string; amountCents: number }[]; totalCents?: number }) {
  return (
    <dl className="space-y-2">
      {lines.map((line) => (
        <div key={line.name} className="flex justify-between gap-4 text-slate-800">
          <dt>{line.name}</dt>
          <dd className="font-bold">{formatCents(line.amountCents)}</dd>
        </div>
      ))}
      {totalCents !== undefined ? (
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-lg font-bold text-slate-900">
          <dt>Total</dt>
          <dd>{formatCents(totalCents)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
