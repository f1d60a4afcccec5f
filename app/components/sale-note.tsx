import type { SaleNote } from "~/lib/offers";
import { formatCents, formatDay } from "~/lib/site";

export type { SaleNote };

/** "Sale price (it was $7 from … to …). Sale ends …": each part only when it is true. */
export function SaleLine({ sale }: { sale: SaleNote }) {
  const { formerPrice, ends } = sale;
  return (
    <p className="mt-3 text-slate-800" data-testid="sale-note">
      <strong className="text-slate-900">Sale price</strong>
      {formerPrice ? (
        // The price it really was, and when: a fact with its dates (16 CFR 233.1).
        <>
          {" "}
          (it was <s>{formatCents(formerPrice.priceCents, { trimCents: true })}</s> from {formatDay(formerPrice.chargedFrom)} to{" "}
          {formatDay(formerPrice.chargedUntil)})
        </>
      ) : null}
      .{ends ? ` Sale ends ${ends}.` : null}
    </p>
  );
}
