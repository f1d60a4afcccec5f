import { Calculator, CreditCard, PiggyBank, Wallet } from "lucide-react";
import type { Route } from "./+types/tools";
import { IconBadge } from "~/components/feature-card";
import { seo } from "~/lib/seo";
import { TOOLS, TOOLS_PATH, type ToolSlug, toolPath } from "~/lib/tools/catalog";
import { page } from "~/lib/page-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Free Money Tools: Debt Payoff, Credit Utilization, Budget and Emergency Fund Calculators",
    description:
      "Free calculators for everyday money decisions: debt snowball vs. avalanche, credit utilization, a 50/30/20 budget and an emergency fund. Nothing is stored.",
    path: TOOLS_PATH,
  });

/** Plain HTML: nothing here needs React in the browser. */
export const handle = page({ render: "cached", hydrate: false, sitemap: true });

const ICONS: Record<ToolSlug, typeof Calculator> = {
  "debt-payoff": Calculator,
  "credit-utilization": CreditCard,
  budget: Wallet,
  "emergency-fund": PiggyBank,
};

/** The four calculators. Links load the page whole: a calculator page runs without React. */
export default function Tools() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-14 pb-10 text-center md:pt-20">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">Free Money Tools</h1>
          <p className="mt-5 text-lg text-slate-700">
            Four calculators for everyday decisions. Free, no sign-up, and nothing you type is stored: your numbers live in the page's
            address, so you can bookmark, share or print your results.
          </p>
        </div>
      </section>
      <div className="mx-auto max-w-6xl px-4 pb-16 md:pb-20">
        <ul className="grid gap-6 md:grid-cols-2">
          {TOOLS.map((tool) => (
            <li key={tool.slug} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconBadge icon={ICONS[tool.slug]} />
              <h2 className="mt-4 text-lg font-bold text-slate-900">{tool.title}</h2>
              <p className="mt-2 flex-1 text-slate-700">{tool.summary}</p>
              <a
                href={toolPath(tool.slug)}
                className="mt-5 inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800"
              >
                Open the {tool.name.toLowerCase()} calculator
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
