import { Scale } from "lucide-react";
import { SourceLink } from "~/components/source-link";

/** Sources a buyer can check for themselves (credit-law facts: FCRA 611; CROA 1679c). */
const CFPB_DISPUTE = "https://www.consumerfinance.gov/ask-cfpb/how-do-i-dispute-an-error-on-my-credit-report-en-314/";
const FTC_FIXING_CREDIT = "https://consumer.ftc.gov/articles/fixing-your-credit-faqs";

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
          <SourceLink href={CFPB_DISPUTE}>CFPB: how to dispute an error</SourceLink>
          ).
        </li>
        <li>
          No one can legally remove accurate, timely negative information from your credit report (
          <SourceLink href={FTC_FIXING_CREDIT}>FTC: fixing your credit</SourceLink>
          ).
        </li>
        <li>Results vary: what changes depends on what is on your reports.</li>
        <li>This toolkit is a self-help product, not a credit repair service: we don't contact the bureaus or your creditors for you.</li>
      </ul>
    </section>
  );
}
