import { ArrowRight, BookOpen, CircleCheck, Circle, Tag, Users } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { FIGURES_PATH } from "~/lib/figures";

/**
 * Each line true next to a paid button: no "No credit card required" here (it sits beside the free
 * guide), and no "proven" claim the site cannot show; the methods rest on the reader's legal rights.
 */
const REASSURANCES = ["One-time payment, no subscription", "Built on your rights under federal law", "Built for real people"] as const;

/** A sample of the toolkit's 30-day plan: shows what the product is, not a promised result. */
const PLAN_STEPS = [
  { done: true, text: "Get your free credit reports" },
  { done: true, text: "Circle every error you find" },
  { done: true, text: "Send your first dispute letter" },
  { done: false, text: "Set up autopay for every bill" },
  { done: false, text: "Get card balances under 30%" },
] as const;

/**
 * The home page is prerendered, so a figure from the database cannot be in its HTML: it shows
 * the number of free articles (true for the build it is part of), and the home page's script
 * (app/browser/home-script.ts) asks the server for the verified buyers' reviews (average and
 * count of every approved one) when the browser is idle, shown only past its threshold (the
 * server answers null below it).
 */
function FigureBadge({ articleCount }: { articleCount: number }) {
  return (
    <li className="inline-flex" data-testid="figure-badge" data-figures={FIGURES_PATH}>
      {/* To the articles it counts; once it shows the reviews, to the reviews (the home page's script changes both). */}
      <a
        href="/blog"
        data-figure-link=""
        className="inline-flex items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-lg ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span className="hidden size-10 place-items-center rounded-full bg-brand-100 text-brand-800 sm:grid">
          <Users aria-hidden="true" className="size-5" />
        </span>
        {/* As wide as either text (up to "999 buyer reviews"), so the swap moves nothing. */}
        <span className="min-w-[8rem] leading-tight">
          <strong className="block text-lg text-slate-900" data-figure-value="">
            {articleCount}
          </strong>{" "}
          <span className="text-sm text-slate-700" data-figure-label="">
            Free Articles
          </span>
        </span>
      </a>
    </li>
  );
}

/** `toolkitPrice`: "$7", the toolkit's price as the product store has it. */
export function HomeHero({ articleCount, toolkitPrice }: { articleCount: number; toolkitPrice: string }) {
  return (
    <section className="overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 md:py-20 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-bold text-brand-800 shadow-sm ring-1 ring-brand-200">
            Plain-English money help
          </p>
          <h1 className="mt-5 text-4xl leading-tight font-bold tracking-tight text-slate-900 sm:text-5xl">
            Take control of your money and <span className="text-brand-700">rebuild your credit</span>
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-700">
            Simple budgeting tips, step-by-step credit repair guides and low-cost tools for families, beginners and anyone starting over. No
            jargon, no judgement, no expensive programs.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <SiteLink to="/checkout" className={buttonClass({ size: "lg", className: "max-sm:px-4 max-sm:text-base" })}>
              Get the {toolkitPrice} Credit Repair Toolkit <ArrowRight aria-hidden="true" className="size-5" />
            </SiteLink>
            <SiteLink to="/blog" className={buttonClass({ variant: "outline", size: "lg" })}>
              <BookOpen aria-hidden="true" className="size-5" /> Read Our Blog
            </SiteLink>
          </div>
          <ul className="mt-6 flex flex-col gap-x-6 gap-y-2 text-slate-700 sm:flex-row sm:flex-wrap">
            {REASSURANCES.map((line) => (
              <li key={line} className="inline-flex items-center gap-2">
                <CircleCheck aria-hidden="true" className="size-5 text-brand-700" />
                {line}
              </li>
            ))}
          </ul>
        </div>

        <div className="mx-auto w-full max-w-md lg:max-w-none">
          <figure className="rounded-3xl border border-slate-200 bg-white p-6 pb-12 shadow-xl sm:p-8 sm:pb-14">
            <figcaption>
              <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">From the toolkit</p>
              <p className="mt-1 text-lg font-bold text-slate-900">Your 30-day action plan</p>
            </figcaption>
            <ul className="mt-5 space-y-3">
              {PLAN_STEPS.map((step) => (
                <li key={step.text} className="flex items-center gap-3">
                  {step.done ? (
                    <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
                  ) : (
                    <Circle aria-hidden="true" className="size-6 shrink-0 text-slate-400" />
                  )}
                  <span className={step.done ? "text-slate-900" : "text-slate-700"}>{step.text}</span>
                </li>
              ))}
            </ul>
            <div className="mt-6 h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
              <div className="h-full w-3/5 rounded-full bg-brand-600" />
            </div>
          </figure>
          <ul className="relative -mt-8 flex flex-wrap justify-center gap-3 px-2">
            <FigureBadge articleCount={articleCount} />
            <li className="inline-flex items-center gap-3 rounded-2xl bg-white px-4 py-3 shadow-lg ring-1 ring-slate-200">
              <span className="hidden size-10 place-items-center rounded-full bg-accent-100 text-slate-900 sm:grid">
                <Tag aria-hidden="true" className="size-5" />
              </span>
              <span className="leading-tight">
                <strong className="block text-lg text-slate-900">{toolkitPrice}</strong>{" "}
                <span className="text-sm text-slate-700">Affordable Toolkit</span>
              </span>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
