import type { Route } from "./+types/resources";
import { ResourcesDownloads } from "~/components/resources-downloads";
import { ResourcesToolkitCard } from "~/components/resources-toolkit-card";
import { ResourcesTools } from "~/components/resources-tools";
import { ResourcesUpsellCard } from "~/components/resources-upsell-card";
import { ToolLinks } from "~/components/tool-links";
import { toolkit, upsells } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";
import { seo } from "~/lib/seo";
import { page } from "~/lib/page-policy";

/** Plain HTML in the browser (app/lib/page-policy.ts): nothing here needs React. */
export const handle = page({ render: "prerendered", hydrate: false, sitemap: true });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Credit Repair Toolkit and Free Budget Tools",
    description: `Get the ${formatCents(toolkit.priceCents, { trimCents: true })} Credit Repair Toolkit, download a free budget checklist and credit score guide, and find tools that help you rebuild credit.`,
    path: "/resources",
  });

export default function Resources() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-14 pb-10 text-center md:pt-20">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">Resources and Tools</h1>
          <p className="mt-5 text-lg text-slate-700">
            Everything we recommend for fixing your credit and taking control of your budget: our toolkit, free printables, and tools worth
            using.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-16 px-4 pb-16 md:space-y-20 md:pb-20">
        <ResourcesToolkitCard />

        <section aria-labelledby="upsells-heading" className="render-when-near [contain-intrinsic-size:auto_1200px]">
          <h2 id="upsells-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Ready to go further?
          </h2>
          <p className="mt-2 text-lg text-slate-700">Programs for the next step of your journey, launching soon.</p>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {upsells.map((upsell) => (
              <li key={upsell.id} className="flex">
                <ResourcesUpsellCard upsell={upsell} />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="downloads-heading" className="render-when-near [contain-intrinsic-size:auto_1000px]">
          <h2 id="downloads-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Free Downloads
          </h2>
          <p className="mt-2 text-lg text-slate-700">Print them, pin them to the fridge, fill them in with a pencil. No sign-up needed.</p>
          <ResourcesDownloads />
        </section>

        <section aria-labelledby="calculators-heading" className="render-when-near [contain-intrinsic-size:auto_1000px]">
          <h2 id="calculators-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Free Calculators
          </h2>
          <ToolLinks
            intro="Debt payoff, credit utilization, budget and emergency fund: answers in seconds, nothing stored."
            introClassName="text-lg"
          />
        </section>

        <section aria-labelledby="tools-heading" className="render-when-near [contain-intrinsic-size:auto_1600px]">
          <h2 id="tools-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Recommended Tools
          </h2>
          <p className="mt-2 text-lg text-slate-700">Tools that make budgeting and rebuilding credit easier.</p>
          <ResourcesTools />
          <p className="mt-6 text-sm text-slate-600">
            <strong>Disclosure:</strong> partner links are marked. If you sign up through one we may earn a commission, at no extra cost to
            you. We only recommend kinds of tools we would use ourselves.
          </p>
        </section>
      </div>
    </>
  );
}
