import { buttonClass } from "~/components/ui/button";
// From form-outcomes, not ~/lib/forms: that module brings Zod and Conform, which the success page must not load.
import { FIELD_LIMITS, type FormOutcome, HONEYPOT_FIELD } from "~/lib/form-outcomes";

/** The address where the lost-link form is handled (routes/orders-lookup.tsx). */
export const ORDER_LOOKUP_PATH = "/orders/lookup";

/**
 * The lost-link form: an e-mail address in, one link to the page of all its orders out by e-mail. A plain form, so it
 * works from pages that never hydrate (the success page) as well as on its own page.
 */
export function OrderLookupForm({ outcome }: { outcome?: FormOutcome }) {
  const failed = outcome && outcome.status !== "success" ? outcome : undefined;
  return (
    <form method="post" action={ORDER_LOOKUP_PATH} className="space-y-4" noValidate>
      <div>
        <label htmlFor="lookup-email" className="block font-bold text-slate-900">
          Email address
        </label>
        <input
          id="lookup-email"
          name="email"
          type="email"
          required
          maxLength={FIELD_LIMITS.email}
          autoComplete="email"
          inputMode="email"
          defaultValue={failed?.values?.email}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? "lookup-error" : undefined}
          className="mt-1 w-full rounded-lg border border-slate-300 px-4 py-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 aria-invalid:border-red-500"
        />
        {failed ? (
          <p id="lookup-error" role="alert" className="mt-2 text-sm text-red-800">
            {failed.title}: {failed.description}
          </p>
        ) : null}
      </div>
      <div aria-hidden="true" className="hidden">
        <label htmlFor="lookup-website">Leave this empty</label>
        <input id="lookup-website" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className={buttonClass({ className: "w-full sm:w-auto" })}>
        E-mail me my orders
      </button>
    </form>
  );
}
