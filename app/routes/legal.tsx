import { data } from "react-router";
import { SupportEmail, useBusiness } from "~/components/support-email";
import type { Route } from "./+types/legal";
import { formatDay } from "~/lib/site";
import { seo } from "~/lib/seo";
import { getLegalPage, withSupportEmail } from "~/content/legal.server";
import { articlesOf } from "~/server/content/site-content.server";
import { page } from "~/lib/page-policy";

/** Plain text pages: no React in the browser (app/lib/page-policy.ts). */
export const handle = page({ hydrate: false, sitemap: true });

/**
 * A legal or trust page (privacy, terms, refunds, disclosures), with who runs the site: the
 * business's saved details (decision 069), the support address filled in where the text names it.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const page = getLegalPage(new URL(request.url).pathname.slice(1));
  if (!page) throw data(null, { status: 404 });
  const business = articlesOf(context).business();
  return { page: { ...page, html: withSupportEmail(page.html, business.supportEmail) } };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  loaderData
    ? seo(matches, { title: loaderData.page.title, description: loaderData.page.description, path: `/${loaderData.page.slug}` })
    : [];

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const business = useBusiness();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{page.title}</h1>
      <p className="mt-3 text-sm text-slate-600">
        Last updated <time dateTime={page.updated}>{formatDay(page.updated)}</time>
      </p>
      <div className="prose-article mt-8" dangerouslySetInnerHTML={{ __html: page.html }} />
      <aside aria-label="Who we are" className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-800">
        <h2 className="font-bold text-slate-900">Who we are</h2>
        <p className="mt-2">
          This site is run by {business.businessName}
          {business.postalAddress ? `, ${business.postalAddress.replaceAll("\n", ", ")}` : ""}. Questions: <SupportEmail />.
        </p>
      </aside>
    </article>
  );
}
