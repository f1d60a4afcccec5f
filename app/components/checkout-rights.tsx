import { Scale } from "lucide-react";

/** Sources a buyer can check for themselves (credit-law facts: FCRA 611; CROA 1679c). */
const CFPB_DISPUTE = "https://www.consumerfinance.gov/ask-cfpb/how-do-i-dispute-an-error-on-my-credit-report-en-314/";
const FTC_FIXING_CREDIT = "https://consumer.ftc.gov/articles/fixing-your-credit-faqs";

const linkClass = "font-semibold text-brand-800 underline underline-offset-2";

/**
 * Near the checkout button: what the law lets anyone do for free, what no one can do, and what
 * this product is (a self-help kit), before anyone pays (docs: issue 11).
 */
export function CheckoutRights() {
  return (
    <section aria-labelledby="rights-heading" className="mt-6 rounded-xl border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800">
      <h2 id="rights-heading" className="flex items-center gap-2 font-bold text-slate-900">
        <Scale aria-hidden="true" className="size-4" /> Your rights, before you buy
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        <li>
          You can dispute inaccurate information with the credit bureaus yourself, for free (
          <a href={CFPB_DISPUTE} className={linkClass} target="_blank" rel="noreferrer">
            CFPB: how to dispute an error
          </a>
          ).
        </li>
        <li>
          No one can legally remove accurate, timely negative information from your credit report (
          <a href={FTC_FIXING_CREDIT} className={linkClass} target="_blank" rel="noreferrer">
            FTC: fixing your credit
          </a>
          ).
        </li>
        <li>Results vary: what changes depends on what is on your reports.</li>
        <li>This toolkit is a self-help product, not a credit repair service: we don't contact the bureaus or your creditors for you.</li>
      </ul>
    </section>
  );
}
