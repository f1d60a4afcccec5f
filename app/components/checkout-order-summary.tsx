import { orderLines, type Product } from "~/lib/catalogue";
import { applyOffer, MIN_CHARGE_CENTS, offerLabel, type Offer } from "~/lib/offers";
import { formatCents } from "~/lib/site";

type Priced = Pick<Product, "id" | "name" | "priceCents">;

/**
 * The lines and total for the current choice, from the products the page was given (the server
 * recomputes them); with a code applied, its line and the total after it (the same function the
 * server charges with), or why it does not apply to this choice.
 */
export function CheckoutOrderSummary({
  product,
  bump,
  includeBump,
  offer = null,
}: {
  product: Priced;
  bump: Priced | null;
  includeBump: boolean;
  offer?: Offer | null;
}) {
  const priced = orderLines(product, bump, { includeBump });
  const after = offer ? applyOffer(priced, offer) : null;
  const applies = after !== null && after.totalCents >= MIN_CHARGE_CENTS;
  return (
    <div>
      <h2 id="order-summary-heading" className="text-lg font-bold text-slate-900">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-3" aria-live="polite">
        {priced.lines.map((line) => (
          <div key={line.id} className="flex justify-between gap-4 text-slate-800">
            <dt>{line.name}</dt>
            <dd className="font-bold">{formatCents(line.unitAmountCents * line.quantity)}</dd>
          </div>
        ))}
        {offer && applies ? (
          <div className="flex justify-between gap-4 text-slate-800" data-testid="order-discount">
            <dt>
              Code {offer.code} ({offerLabel(offer)})
            </dt>
            <dd className="font-bold">−{formatCents(after.discountCents)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-lg font-bold text-slate-900">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatCents(applies ? after.totalCents : priced.totalCents)}</dd>
        </div>
      </dl>
      {offer && !applies ? (
        <p className="mt-2 text-sm text-slate-700">
          {after === null
            ? `The code ${offer.code} is for a product not in this order; the full price stays.`
            : `The code ${offer.code} would leave less than ${formatCents(MIN_CHARGE_CENTS)} to pay; the full price stays.`}
        </p>
      ) : null}
    </div>
  );
}
