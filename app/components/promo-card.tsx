import { ShieldCheck } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import type { ClosingCtaKind } from "~/lib/article-meta";
import { checkoutHref } from "~/lib/checkout";
import { bundleTotal, priceLabel, type ToolkitOffer } from "~/lib/catalogue";

/** The in-article card that leads to checkout; its links name the article (`from`), kept on the order. */
export function PromoCard({ from, offer }: { from: string; offer: ToolkitOffer }) {
  const { toolkit, bump } = offer;
  const toolkitPrice = priceLabel(toolkit);
  return (
    <aside aria-label="Credit Repair Toolkit offer" className="rounded-2xl border-2 border-brand-200 bg-brand-50 p-6">
      <p className="flex items-center gap-2 text-sm font-bold text-brand-800">
        <ShieldCheck aria-hidden="true" className="size-5" /> Instant access · One-time payment
      </p>
      <p className="mt-2 text-lg font-bold text-slate-900">
        The {toolkit.name}: a do-it-yourself guide to checking your reports and disputing errors, for just {toolkitPrice}
      </p>
      <p className="mt-2 text-slate-700">Step-by-step guide, dispute letter templates and score tracking worksheets. No subscription.</p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <SiteLink to={checkoutHref({ from })} className={buttonClass()}>
          Get the Toolkit - {toolkitPrice}
        </SiteLink>
        {bump ? (
          <SiteLink to={checkoutHref({ bump: true, from })} className="font-bold text-brand-800 underline underline-offset-2">
            Bundle (Toolkit + Letters) - {bundleTotal(offer)}
          </SiteLink>
        ) : null}
      </div>
    </aside>
  );
}

const CLOSING_LABELS: Record<ClosingCtaKind, (offer: ToolkitOffer) => string> = {
  "toolkit-just": (offer) => `Get Your Toolkit - Just ${priceLabel(offer.toolkit)}`,
  "toolkit-only": (offer) => `Get Your Toolkit - Only ${priceLabel(offer.toolkit)}`,
  download: (offer) => `Download Now - Only ${priceLabel(offer.toolkit)}`,
  bundle: (offer) => `Get the Bundle (Toolkit + Letters) - ${bundleTotal(offer)}`,
};

/** The closing banner at the foot of some articles (the bundle's only while the add-on is on sale). */
export function ClosingCta({ kind: asked, from, offer }: { kind: ClosingCtaKind; from: string; offer: ToolkitOffer }) {
  const { toolkit, bump } = offer;
  const kind = asked === "bundle" && !bump ? "toolkit-only" : asked;
  const bundle = kind === "bundle";
  return (
    <section aria-label="Get the toolkit" className="rounded-2xl bg-brand-800 px-5 py-8 text-center text-white sm:px-8">
      <h2 className="text-2xl font-bold">
        {bundle ? "Dispute errors with ready-made letters: the complete bundle" : "Ready to take control of your credit?"}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-brand-100">
        {bundle
          ? `The ${toolkit.name} plus the ${bump?.name} (${bump?.summary}), for ${bundleTotal(offer)}.`
          : `The ${toolkit.name} gives you the guide, templates and worksheets to start today. One-time payment, 30-day money-back guarantee.`}
      </p>
      <SiteLink
        to={checkoutHref({ bump: bundle, from })}
        className={buttonClass({ variant: "accent", size: "lg", className: "mt-6 max-sm:px-5 max-sm:text-base" })}
      >
        {CLOSING_LABELS[kind](offer)}
      </SiteLink>
    </section>
  );
}
