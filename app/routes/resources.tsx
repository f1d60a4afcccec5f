import type { Route } from "./+types/resources";
import { ResourcesDownloads } from "~/components/resources-downloads";
import { ResourcesToolkitCard } from "~/components/resources-toolkit-card";
import { ResourcesTools } from "~/components/resources-tools";
import { ResourcesUpsellCard } from "~/components/resources-upsell-card";
import { ToolLinks } from "~/components/tool-links";
import { POWER_PACK_ID, priceLabel, TOOLKIT_ID } from "~/lib/catalogue";
import { seo } from "~/lib/seo";
import { page } from "~/lib/page-policy";
import { productsOf } from "~/server/content/site-content.server";

/**
 * Plain HTML in the browser (app/lib/page-policy.ts): nothing here needs React. Kept by the page
 * cache, not prerendered: its prices and products follow the products table.
 */
export const handle = page({ render: "cached", hydrate: false, sitemap: true });

export function loader({ context }: Route.LoaderArgs) {
  const products = productsOf(context);
  return {
    toolkit: products.toolkit(),
    // The other products with a page a buyer can act on (the add-on is sold on the toolkit's checkout).
    others: products.publicProducts().filter((p) => p.id !== TOOLKIT_ID && p.id !== POWER_PACK_ID && p.status !== "retired"),
  };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo(matches, {
    title: "Credit Repair Toolkit and Free Budget Tools",
    description: `Get the ${data ? `${priceLabel(data.toolkit)} ` : ""}Credit Repair Toolkit, download a free budget checklist and credit score guide, and find tools that help you rebuild credit.`,
    path: "/resources",
  });

export default function Resources({ loaderData }: Route.ComponentProps) {
  const { toolkit, others } = loaderData;
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
        <ResourcesToolkitCard toolkit={toolkit} />

        {others.length > 0 ? (
          <section aria-labelledby="upsells-heading" className="render-when-near [contain-intrinsic-size:auto_1200px]">
            <h2 id="upsells-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Ready to go further?
            </h2>
            <p className="mt-2 text-lg text-slate-700">
              {others.every((p) => p.status === "coming_soon")
                ? "Programs for the next step of your journey, launching soon."
                : "Programs for the next step of your journey."}
            </p>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {others.map((product) => (
                <li key={product.id} className="flex">
                  <ResourcesUpsellCard product={product} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

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
