import { orderLines, type Product } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";

type Priced = Pick<Product, "id" | "name" | "priceCents">;

/** The lines and total for the current choice, from the products the page was given (the server recomputes them). */
export function CheckoutOrderSummary({ product, bump, includeBump }: { product: Priced; bump: Priced | null; includeBump: boolean }) {
  const { lines, totalCents } = orderLines(product, bump, { includeBump });
  return (
    <div>
      <h2 id="order-summary-heading" className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-3" aria-live="polite">
        {lines.map((line) => (
          <div key={line.id} className="flex justify-between gap-4 text-slate-800">
            <dt>{line.name}</dt>
            <dd className="font-bold">{formatCents(line.unitAmountCents * line.quantity)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatCents(totalCents)}</dd>
        </div>
      </dl>
    </div>
  );
}
