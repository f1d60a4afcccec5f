import { ChevronDown, CircleCheck } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { type Upsell } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";

/**
 * A product that can't be bought yet. 'Learn More' discloses what it will contain and where to
 * hear when it launches, instead of a button that silently does nothing.
 */
export function ResourcesUpsellCard({ upsell }: { upsell: Upsell }) {
  return (
    <article className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-start justify-between gap-4">
        <h3 className="text-lg font-bold text-slate-900">{upsell.name}</h3>
        <p className="text-2xl font-bold text-brand-800">{formatCents(upsell.priceCents, { trimCents: true })}</p>
      </div>
      <p className="mt-1 text-sm font-bold text-slate-600">Coming soon</p>
      <p className="mt-3 flex-1 text-slate-700">{upsell.description}</p>
      {/* A native disclosure: it opens and closes without JavaScript (the page has none of React's). */}
      <details className="group mt-5">
        <summary className="inline-flex w-full cursor-pointer list-none items-center justify-center gap-2 rounded-lg border-2 border-brand-700 px-5 py-2.5 font-bold text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
          Learn More
          <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-4 rounded-xl bg-slate-50 p-4">
          <p className="font-bold text-slate-900">What you'll get</p>
          <ul className="mt-2 space-y-1.5">
            {upsell.features.map((feature) => (
              <li key={feature} className="flex gap-2 text-slate-800">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {feature}
              </li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-700">
            This program is coming soon and can't be bought yet. Readers of our newsletter hear first:{" "}
            <SiteLink to="/blog#newsletter" className="font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900">
              join the newsletter
            </SiteLink>
            .
          </p>
        </div>
      </details>
    </article>
  );
}
