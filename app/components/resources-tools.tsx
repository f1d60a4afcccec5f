import { ArrowRight, CreditCard, ExternalLink, ShieldCheck, Smartphone } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { IconBadge } from "~/components/feature-card";
import { PARTNER_REL, PARTNERS, partnerHref } from "~/lib/partners";

const linkClass =
  "mt-5 inline-flex w-full items-center justify-center gap-2 rounded-lg border-2 border-brand-700 px-5 py-2.5 font-bold text-brand-800 hover:bg-brand-50";

const monitoring = PARTNERS["identity-monitoring"];

/** Recommended tools: one partner link (marked as such) and two of our own guides. */
export function ResourcesTools() {
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-3">
      <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <IconBadge icon={ShieldCheck} />
        <h3 className="mt-4 text-lg font-bold text-slate-900">Credit Monitoring</h3>
        <p className="mt-1 text-xs font-bold tracking-wide text-slate-600 uppercase">Partner link</p>
        <p className="mt-1 text-sm text-slate-600">
          If you sign up through this link, we may earn a commission. It costs you nothing extra.
        </p>
        <p className="mt-2 flex-1 text-slate-700">
          Get an alert when a new account, hard inquiry or late payment appears on your credit report, so you can catch identity theft and
          errors early instead of finding them at loan time.
        </p>
        <a href={partnerHref("identity-monitoring")} target="_blank" rel={PARTNER_REL} className={linkClass}>
          {monitoring.cta} <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(partner link, opens in a new tab)</span>
        </a>
      </li>
      <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <IconBadge icon={CreditCard} />
        <h3 className="mt-4 text-lg font-bold text-slate-900">Secured Credit Cards</h3>
        <p className="mt-1 text-xs font-bold tracking-wide text-slate-600 uppercase">Our guide</p>
        <p className="mt-2 flex-1 text-slate-700">
          A secured card is backed by a refundable deposit, so it is easier to get. Put one small bill on it, pay it in full every month,
          and it builds positive payment history.
        </p>
        <SiteLink to="/blog/rebuild-credit-6-months" className={linkClass}>
          Read Our Rebuild Plan <ArrowRight aria-hidden="true" className="size-4" />
        </SiteLink>
      </li>
      <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <IconBadge icon={Smartphone} />
        <h3 className="mt-4 text-lg font-bold text-slate-900">Budgeting Apps</h3>
        <p className="mt-1 text-xs font-bold tracking-wide text-slate-600 uppercase">Our guide</p>
        <p className="mt-2 flex-1 text-slate-700">
          You don't need to pay to budget well. See the kinds of free apps and templates out there, and the red flags that mean you should
          keep looking.
        </p>
        <SiteLink to="/blog/free-budgeting-apps" className={linkClass}>
          Compare Free Apps <ArrowRight aria-hidden="true" className="size-4" />
        </SiteLink>
      </li>
    </ul>
  );
}
