import { BadgeCheck, Quote } from "lucide-react";
import type { ShownTestimonial } from "~/server/content/testimonials.server";

/**
 * Customers' words (app/content/testimonials.json), each with its tie to us: "Verified buyer" (its
 * order was found) or the stated connection. Samples (placeholder text) are labelled, and never
 * reach a production page (app/server/content/testimonials.server.ts); with none to show, no block.
 */
export function CheckoutTestimonials({ testimonials }: { testimonials: readonly ShownTestimonial[] }) {
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading" className="text-lg font-bold text-slate-900">
        What readers say
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {testimonials.map((t) => (
          <figure key={t.name} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <Quote aria-hidden="true" className="size-6 text-brand-600" />
            <blockquote className="mt-2 text-slate-800">"{t.quote}"</blockquote>
            <figcaption className="mt-3 font-bold text-slate-900">
              {t.name}
              {!t.sample && t.order ? (
                <span className="ml-2 inline-flex items-center gap-1 text-sm text-brand-800">
                  <BadgeCheck aria-hidden="true" className="size-4" /> Verified buyer
                </span>
              ) : null}
              {t.refunded ? <span className="ml-2 text-sm text-slate-800">Refunded</span> : null}
              {!t.sample && t.connection ? <span className="mt-1 block text-sm font-normal text-slate-700">{t.connection}</span> : null}
              {t.sample ? (
                <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
                  Sample text, not a real customer
                </span>
              ) : null}
            </figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
