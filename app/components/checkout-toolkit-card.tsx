import { ItemList } from "~/components/item-list";
import { priceLabel, type Product } from "~/lib/catalogue";
import { SaleLine, type SaleNote } from "~/components/sale-note";

/** The checkout card shows the first five items of the product's list (for the toolkit: the spec's card, its four items and the action plan). */
const CARD_ITEMS = 5;

/** What the visitor is buying, as the products table has it. */
export function CheckoutToolkitCard({
  product,
  sale = null,
}: {
  product: Pick<Product, "name" | "priceCents" | "included">;
  sale?: SaleNote | null;
}) {
  return (
    <section aria-labelledby="checkout-toolkit-heading" className="rounded-2xl border-2 border-brand-600 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="checkout-toolkit-heading" className="text-2xl font-bold text-slate-900">
            {product.name}
          </h2>
          <p className="mt-1 text-slate-700">One-time payment. Instant access. No subscription.</p>
        </div>
        <p className="text-4xl font-bold tracking-tight text-slate-900">{priceLabel(product)}</p>
      </div>
      {sale ? <SaleLine sale={sale} /> : null}
      <ItemList items={product.included.slice(0, CARD_ITEMS).map((i) => i.label)} className="mt-5 space-y-2" />
    </section>
  );
}
