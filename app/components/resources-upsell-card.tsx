import { ArrowRight } from "lucide-react";
import { ItemList } from "~/components/item-list";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { includedLabels, priceLabel, PRODUCT_STATUS_LABELS, productPath, type Product } from "~/lib/catalogue";

/** Another product on /resources (coming soon or on sale): 'Learn More' opens its page, which sells it or takes a waitlist address. */
export function ResourcesUpsellCard({ product }: { product: Product }) {
  return (
    <article className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <h3 className="text-lg font-bold text-slate-900">{product.name}</h3>
        <p className="text-2xl font-bold text-brand-800">{priceLabel(product)}</p>
      </div>
      <p className="mt-1 text-sm font-bold text-slate-600">{PRODUCT_STATUS_LABELS[product.status]}</p>
      <p className="mt-3 text-slate-700">{product.summary}</p>
      <ItemList items={includedLabels(product)} className="mt-4 flex-1 space-y-1.5" />
      <SiteLink to={productPath(product.slug)} className={buttonClass({ variant: "outline", className: "mt-5 w-full" })}>
        Learn More<span className="sr-only"> about the {product.name}</span> <ArrowRight aria-hidden="true" className="size-5" />
      </SiteLink>
    </article>
  );
}
