import { Quote } from "lucide-react";

const TESTIMONIALS = [
  {
    quote:
      "I finally understood what was on my credit report and which items to dispute. The letter templates saved me an evening of guessing what to write.",
    name: "Maria S.",
  },
  {
    quote: "Clear steps I could follow after work, without the jargon. The budget worksheets helped me stop living paycheck to paycheck.",
    name: "James T.",
  },
] as const;

export function CheckoutTestimonials() {
  return (
    <section aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading" className="text-xl font-bold text-slate-900">
        What readers say
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {TESTIMONIALS.map((t) => (
          <figure key={t.name} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <Quote aria-hidden="true" className="size-6 text-brand-600" />
            <blockquote className="mt-2 text-slate-800">"{t.quote}"</blockquote>
            <figcaption className="mt-3 font-semibold text-slate-900">{t.name}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
