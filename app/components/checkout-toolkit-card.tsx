import { CircleCheck } from "lucide-react";
import { toolkit, toolkitCheckoutFeatures } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";

/** What the visitor is buying: features from the catalogue. */
export function CheckoutToolkitCard() {
  return (
    <section aria-labelledby="checkout-toolkit-heading" className="rounded-2xl border-2 border-brand-600 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="checkout-toolkit-heading" className="text-2xl font-bold text-slate-900">
            {toolkit.name}
          </h2>
          <p className="mt-1 text-slate-700">One-time payment. Instant access. No subscription.</p>
        </div>
        <p className="text-4xl font-bold tracking-tight text-slate-900">{formatCents(toolkit.priceCents, { trimCents: true })}</p>
      </div>
      <ul className="mt-5 space-y-2">
        {toolkitCheckoutFeatures.map((feature) => (
          <li key={feature} className="flex gap-2 text-slate-800">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
