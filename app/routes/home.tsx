import { ArrowRight, Lightbulb, Scale, Wallet } from "lucide-react";
import { SiteLink } from "~/components/site-link";
import type { Route } from "./+types/home";
import homeScript from "~/browser/home-script.ts?page-script&url";
import { HomeHero } from "~/components/home-hero";
import { PostCard } from "~/components/post-card";
import { FeatureCard, type Feature } from "~/components/feature-card";
import { buttonClass } from "~/components/ui/button";
import { InlineScript } from "~/lib/first-paint";
import { useNonce } from "~/lib/nonce";
import { articlesOf, productsOf } from "~/server/content/site-content.server";
import { priceLabel } from "~/lib/catalogue";
import { seo } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { page } from "~/lib/page-policy";

/** Plain HTML in the browser (app/lib/page-policy.ts); its one script fills in the live figure. */
export const handle = page({ render: "cached", hydrate: false, sitemap: true });

/**
 * Search engines take a site's icon from its home page's links, at an address they can fetch:
 * the home page names /favicon.svg too (every page carries the icon inline, app/root.tsx).
 */
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** Home shows the first three posts of the listing. */
const LATEST_COUNT = 3;

export function loader({ context }: Route.LoaderArgs) {
  const posts = articlesOf(context).liveSummaries();
  const toolkit = productsOf(context).toolkit();
  return { posts: posts.slice(0, LATEST_COUNT), articleCount: posts.length, toolkit: { name: toolkit.name, price: priceLabel(toolkit) } };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo(matches, {
    title: `${SITE_NAME}: Budgeting Tips and Credit Repair for Everyday People`,
    description: `Plain-language budgeting tips, step-by-step credit repair guides and a ${data?.toolkit.price ?? "one-time"} Credit Repair Toolkit for families, beginners and anyone rebuilding their credit.`,
    path: "/",
  });

const values = (toolkitPrice: string): Feature[] => [
  {
    icon: Lightbulb,
    title: "Practical Strategies",
    text: "Step-by-step guides you can act on this week: reading your credit report, disputing errors, building a budget that survives real life.",
  },
  {
    icon: Wallet,
    title: "Affordable Tools",
    text: `Our articles are free, and the complete Credit Repair Toolkit costs ${toolkitPrice}, once. No subscriptions and no hidden fees.`,
  },
  {
    icon: Scale,
    title: "Grounded in Your Rights",
    text: "Every step uses rights federal law gives you: free credit reports (15 U.S.C. 1681j) and disputes the bureau must investigate, generally within 30 days, or 45 if you send more information during that time (15 U.S.C. 1681i(a)(1)). Results depend on what is on your report.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  return (
    <>
      <HomeHero articleCount={loaderData.articleCount} toolkitPrice={loaderData.toolkit.price} />

      <section
        aria-labelledby="values-heading"
        className="render-when-near [contain-intrinsic-size:auto_1400px] mx-auto max-w-6xl px-4 py-16 md:py-20"
      >
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="values-heading" className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
            Money help that meets you where you are
          </h2>
          <p className="mt-4 text-lg text-slate-700">
            Whether you are paying off a card, recovering from a rough year or making your first budget, we keep it simple.
          </p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {values(loaderData.toolkit.price).map((value) => (
            <FeatureCard key={value.title} {...value} />
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="latest-heading"
        className="render-when-near [contain-intrinsic-size:auto_1600px] bg-slate-50 py-16 md:py-20"
      >
        <div className="mx-auto max-w-6xl px-4">
          <div className="flex flex-col items-start justify-between gap-4 sm:flex-row sm:items-end">
            <div>
              <h2 id="latest-heading" className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">
                Latest from Our Blog
              </h2>
              <p className="mt-2 text-lg text-slate-700">Fresh, practical advice for your money and your credit.</p>
            </div>
            <SiteLink
              to="/blog"
              className="inline-flex items-center gap-1 font-bold text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline"
            >
              View All Posts <ArrowRight aria-hidden="true" className="size-4" />
            </SiteLink>
          </div>
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.posts.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-800 px-4 py-16 text-center text-white md:py-20">
        <div className="mx-auto max-w-2xl">
          <h2 id="cta-heading" className="text-3xl font-bold tracking-tight md:text-4xl">
            Ready for a fresh start?
          </h2>
          <p className="mt-4 text-lg text-brand-100">
            The {loaderData.toolkit.name} puts the guide, dispute letter templates and worksheets in one place, for a one-time{" "}
            {loaderData.toolkit.price}, with a 30-day money-back guarantee.
          </p>
          <SiteLink to="/resources" className={buttonClass({ variant: "accent", size: "lg", className: "mt-8" })}>
            Get Your Toolkit Now <ArrowRight aria-hidden="true" className="size-5" />
          </SiteLink>
        </div>
      </section>
      <InlineScript src={homeScript} nonce={nonce} />
    </>
  );
}
