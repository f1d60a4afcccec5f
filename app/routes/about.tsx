import { ArrowRight, BookOpen, Compass, HandHeart, HeartHandshake, House, KeyRound, Sprout, Users, Wallet } from "lucide-react";
import { SupportEmail } from "~/components/support-email";
import { SiteLink } from "~/components/site-link";
import type { Route } from "./+types/about";
import { FeatureCard, type Feature } from "~/components/feature-card";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { SITE_NAME, SUPPORT_REPLY_PROMISE } from "~/lib/site";
import { page } from "~/lib/page-policy";

/** Plain HTML in the browser (app/lib/page-policy.ts): nothing here needs React. */
export const handle = page({ render: "cached", hydrate: false, sitemap: true });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "About Us: Our Story and Mission",
    description: `Why we started ${SITE_NAME}: honest, affordable budgeting and credit repair help for families, people rebuilding credit, low-income earners and beginners.`,
    path: "/about",
  });

const VALUES: Feature[] = [
  {
    icon: KeyRound,
    title: "Accessibility",
    text: "Good money advice shouldn't sit behind expensive programs. Our articles are free, and our tools are priced so anyone can afford them.",
  },
  {
    icon: HandHeart,
    title: "Empathy",
    text: "Money trouble happens to good people: a job loss, a medical bill, a divorce. We write without shame or blame, because you deserve respect, not a lecture.",
  },
  {
    icon: Compass,
    title: "Simplicity",
    text: "No jargon and no 40-step systems. One clear next step at a time, explained in plain English.",
  },
  {
    icon: Users,
    title: "Community",
    text: "Nobody fixes their finances alone. We share what works for readers like you, and we keep learning from the questions you send us.",
  },
] as const;

const AUDIENCES = [
  {
    icon: House,
    title: "Families",
    text: "Juggling rent, groceries, school costs and surprise bills. We help you build a budget the whole household can live with.",
  },
  {
    icon: Sprout,
    title: "People rebuilding credit",
    text: "After late payments, collections or a hard season. We show you how to check your reports, dispute errors and build new positive history.",
  },
  {
    icon: Wallet,
    title: "Low-income earners",
    text: "When every dollar is already spoken for. Our tips start small, cost little or nothing, and respect how tight things really are.",
  },
  {
    icon: BookOpen,
    title: "Financial beginners",
    text: "Nobody taught you this in school, and that's fine. Start with the basics of budgets, credit scores and saving, one step at a time.",
  },
] as const;

export default function About() {
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white px-4 pt-14 pb-4 md:pt-20 md:pb-6">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">About {SITE_NAME}</p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">Our Story</h1>
          <p className="mt-6 text-left text-lg text-slate-700 sm:text-center">
            {SITE_NAME} started with a simple frustration: the people who most need help with money are often the ones offered the least of
            it. Credit repair companies charge monthly fees for things you can do yourself. Personal finance advice assumes you already have
            savings, a steady salary and time to spare.
          </p>
          <p className="mt-4 text-left text-lg text-slate-700 sm:text-center">
            So we set out to do it differently: explain budgeting and credit in plain language, show every step, and keep the tools
            affordable. Everything we publish is written for real paychecks and real bills.
          </p>
        </div>
      </section>

      <section aria-labelledby="mission-heading" className="mx-auto max-w-6xl px-4 py-14 md:py-16">
        <div className="grid items-center gap-8 rounded-3xl bg-brand-800 p-8 text-white md:grid-cols-[auto_1fr] md:p-12">
          <span className="grid size-16 place-items-center rounded-2xl bg-white/10">
            <HeartHandshake aria-hidden="true" className="size-8" />
          </span>
          <div>
            <h2 id="mission-heading" className="text-3xl font-bold tracking-tight">
              Our Mission
            </h2>
            <p className="mt-4 text-lg text-brand-50">
              To empower everyday people to achieve financial freedom through smart budgeting and credit repair strategies, with honest
              guidance, practical tools and prices that never get in the way.
            </p>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="values-heading"
        className="render-when-near [contain-intrinsic-size:auto_1400px] mx-auto max-w-6xl px-4 pb-14 md:pb-16"
      >
        <h2 id="values-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
          Our Values
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <FeatureCard key={value.title} {...value} />
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="serve-heading"
        className="render-when-near [contain-intrinsic-size:auto_1400px] bg-slate-50 px-4 py-14 md:py-16"
      >
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="serve-heading" className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
              Who We Serve
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              If money feels stressful or confusing right now, you are exactly who we write for.
            </p>
          </div>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2">
            {AUDIENCES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-accent-100 text-slate-900">
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <div>
                  <h3 className="text-lg font-bold text-slate-900">{title}</h3>
                  <p className="mt-2 text-slate-700">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="editorial-heading" className="render-when-near [contain-intrinsic-size:auto_1000px] px-4 py-14 md:py-16">
        <div className="mx-auto max-w-3xl">
          <h2 id="editorial-heading" className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
            How we write and check our articles
          </h2>
          <div className="mt-6 space-y-4 text-lg text-slate-700">
            <p>
              Our articles are written by the {SITE_NAME} team. We don't claim titles or credentials we don't have, and we don't invent
              statistics or stories.
            </p>
            <p>
              Every legal or financial statement is checked against the source it links to: the law itself, the Consumer Financial
              Protection Bureau, the Federal Trade Commission or FICO. Each article shows the date it was last reviewed. When a rule changes
              or someone finds a mistake, we correct the article and update that date. Partners never pay for or review articles (see{" "}
              <SiteLink to="/disclosures" className="font-bold text-brand-800 underline underline-offset-2">
                how we make money
              </SiteLink>
              ).
            </p>
            <p>
              Found something wrong? Write to <SupportEmail /> with the page and what you think is wrong. {SUPPORT_REPLY_PROMISE}
            </p>
          </div>
        </div>
      </section>

      <section
        aria-labelledby="next-heading"
        className="render-when-near [contain-intrinsic-size:auto_600px] px-4 py-14 text-center md:py-20"
      >
        <div className="mx-auto max-w-2xl">
          <h2 id="next-heading" className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
            Ready for your fresh start?
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Read a free guide, or grab the tools that walk you through fixing your credit step by step.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <SiteLink to="/resources" className={buttonClass({ size: "lg" })}>
              Explore Our Resources <ArrowRight aria-hidden="true" className="size-5" />
            </SiteLink>
            <SiteLink to="/blog" className={buttonClass({ variant: "outline", size: "lg" })}>
              <BookOpen aria-hidden="true" className="size-5" /> Read the Blog
            </SiteLink>
          </div>
        </div>
      </section>
    </>
  );
}
