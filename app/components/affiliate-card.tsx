import { ExternalLink } from "lucide-react";
import { PARTNER_REL, PARTNERS, partnerHref, type PartnerId } from "~/lib/partners";

export function AffiliateCard({ partner }: { partner: PartnerId }) {
  const p = PARTNERS[partner];
  return (
    <aside aria-label={`Partner offer: ${p.name}`} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
      <p className="text-xs font-bold tracking-wide text-slate-600 uppercase">Partner · we may earn a commission</p>
      <p className="mt-1 text-lg font-bold text-slate-900">{p.name}</p>
      <p className="mt-2 text-slate-700">{p.pitch}</p>
      <a
        href={partnerHref(partner)}
        target="_blank"
        rel={PARTNER_REL}
        className="mt-4 inline-block font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {p.cta}
        <ExternalLink aria-hidden="true" className="ml-1.5 inline size-4 align-[-2px]" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    </aside>
  );
}
