import { FIELD_LIMITS } from "~/lib/form-outcomes";
import { offerLabel, type Offer } from "~/lib/offers";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";

/** A code as the page was given it: applied, or why not. */
type PageCode = { code: string; offer: Offer; oncePerBuyer: boolean } | { code: string; problem: string };

/**
 * "Add a code", inside the checkout's one form: its Apply button is the form's first, so Enter in
 * the box applies the code, and it posts the form's choice (add-on, article) with `intent=apply`
 * (no JavaScript needed: the server answers with the page at `?code=`; with JavaScript the page
 * goes there itself). A code that is once per buyer asks the receipt's address, which the payment
 * then checks and keeps.
 */
export function CheckoutCode({ code, removeHref }: { code: PageCode | null; removeHref: string }) {
  const applied = code && "offer" in code ? code : null;
  const problem = code && "problem" in code ? code.problem : null;
  return (
    <div className="mt-5 border-t border-slate-200 pt-4">
      <label htmlFor="promo-code" className="block text-sm font-bold text-slate-900">
        Add a code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="promo-code"
          name="code"
          // A refused code is not kept in the box (its message names it): Complete then charges the price shown.
          defaultValue={applied?.code ?? ""}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          aria-describedby={code ? "promo-code-note" : undefined}
          className={inputClass({ className: "min-w-0 flex-1 uppercase" })}
        />
        <button type="submit" name="intent" value="apply" formNoValidate className={buttonClass({ variant: "outline" })}>
          Apply
        </button>
      </div>
      {problem ? (
        <p id="promo-code-note" role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      ) : applied ? (
        <p id="promo-code-note" className="mt-2 text-sm text-slate-700">
          Code {applied.code} applied: {offerLabel(applied.offer)}.{" "}
          <SiteLink to={removeHref} className="font-bold text-brand-800 underline underline-offset-2">
            Remove the code
          </SiteLink>
        </p>
      ) : null}
      {applied?.oncePerBuyer ? (
        <div className="mt-3">
          <label htmlFor="promo-email" className="block text-sm font-bold text-slate-900">
            E-mail for your receipt
          </label>
          <p id="promo-email-hint" className="text-sm text-slate-700">
            The code is once per person: it is checked for this address, and the receipt and downloads go there.
          </p>
          <input
            id="promo-email"
            name="email"
            type="email"
            required
            maxLength={FIELD_LIMITS.email}
            autoComplete="email"
            aria-describedby="promo-email-hint"
            className={inputClass({ className: "mt-1" })}
          />
        </div>
      ) : null}
    </div>
  );
}
