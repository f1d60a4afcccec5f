import { ArrowRight, ShieldCheck } from "lucide-react";
import { ItemList } from "~/components/item-list";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { bonusLabels, includedLabels, priceLabel, type Product } from "~/lib/catalogue";

/** The featured product on /resources: its contents and bonuses as the products table has them. */
export function ResourcesToolkitCard({ toolkit }: { toolkit: Product }) {
  return (
    <section aria-labelledby="toolkit-heading" className="overflow-hidden rounded-3xl border-2 border-brand-600 bg-white shadow-xl">
      <div className="grid lg:grid-cols-[1fr_24rem]">
        <div className="p-6 sm:p-10">
          <p className="inline-flex rounded-full bg-accent-400 px-3 py-1 text-sm font-bold text-slate-900">Do-it-yourself kit</p>
          <h2 id="toolkit-heading" className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
            {toolkit.name}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-slate-700">
            A guide, letter templates and worksheets to check your reports, dispute errors yourself and build better habits. Download them
            all at once as soon as you pay and keep the files; your private order page has them again for a year.
          </p>
          <div className="mt-8 grid gap-8 sm:grid-cols-2">
            <div>
              <h3 className="text-lg font-bold text-slate-900">What's included</h3>
              <ItemList items={includedLabels(toolkit)} />
            </div>
            <div>
              <h3 className="text-lg font-bold text-slate-900">Free bonuses</h3>
              <ItemList items={bonusLabels(toolkit)} bonus />
            </div>
          </div>
        </div>
        <div className="flex flex-col justify-center bg-brand-50 p-6 text-center sm:p-8">
          <p className="text-6xl font-bold tracking-tight text-slate-900">{priceLabel(toolkit)}</p>
          <p className="mt-2 font-bold text-slate-700">One-time payment</p>
          <p className="text-slate-700">No subscription, no recurring charges</p>
          <SiteLink to="/checkout" className={buttonClass({ className: "mt-6 w-full py-3" })}>
            Get Instant Access Now <ArrowRight aria-hidden="true" className="size-5" />
          </SiteLink>
          <p className="mt-4 inline-flex items-center justify-center gap-2 text-sm text-slate-700">
            <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" /> 30-day money-back guarantee
          </p>
        </div>
      </div>
    </section>
  );
}
