import { ArrowRight } from "lucide-react";
import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/product";
import { ArticleImage } from "~/components/article-image";
import { ItemList } from "~/components/item-list";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { WaitlistForm } from "~/components/waitlist-form";
import { SaleLine } from "~/components/sale-note";
import { businessTimeZone } from "~/server/dates.server";
import { bonusLabels, includedLabels, priceLabel, productPath, TOOLKIT_ID } from "~/lib/catalogue";
import { checkoutHref } from "~/lib/checkout";
import { submitFromBrowser } from "~/lib/form-outcomes";
import { page } from "~/lib/page-policy";
import { seo } from "~/lib/seo";
import { productsOf } from "~/server/content/site-content.server";
import { warnNotFound } from "~/server/document/not-found.server";
import { submitWaitlist } from "~/server/shop/waitlist.server";

/**
 * A product's page (issue 53): plain HTML, rendered once per content version by each server (it
 * follows the owner's changes within a second). On sale: a buy button to its checkout; coming
 * soon: "Tell me when it opens"; retired: it says it is no longer sold. A draft is not found.
 */
export const handle = page({ render: "cached", hydrate: false });

function pageProduct(context: Route.LoaderArgs["context"], slug: string, request: Request) {
  const address = productsOf(context).publicAddress(slug);
  if (address.kind === "moved") throw redirect(productPath(address.slug), 301);
  if (address.kind === "none") {
    warnNotFound(request);
    throw data(null, { status: 404 });
  }
  return address.product;
}

export function loader({ params, request, context }: Route.LoaderArgs) {
  const product = pageProduct(context, params.slug, request);
  return {
    product,
    /** A sale running now: its "it was" only when the price history meets 16 CFR 233.1, its end only when it has one. */
    sale: product.status === "on_sale" ? productsOf(context).saleNote(product, businessTimeZone(context)) : null,
    // The toolkit's own checkout is /checkout, as the spec has it; another product's names it.
    checkout: product.id === TOOLKIT_ID ? checkoutHref() : checkoutHref({ product: product.slug }),
  };
}

/** The waitlist form posts here (with or without JavaScript), only while the product is coming soon. */
export function action({ params, request, context }: Route.ActionArgs) {
  const product = pageProduct(context, params.slug, request);
  if (product.status !== "coming_soon") throw data(null, { status: 404 });
  return submitWaitlist(request, product);
}

export function clientAction({ serverAction }: Route.ClientActionArgs) {
  return submitFromBrowser("waitlist", serverAction);
}

/** A waitlist address changes nothing the page's loader shows. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  if (!loaded) return [{ title: "Page not found" }];
  const { product } = loaded;
  return seo(matches, {
    title: product.name,
    description: product.summary,
    path: productPath(product.slug),
    ...(product.image ? { image: `${product.image}-og.jpg` } : {}),
  });
};

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product, checkout, sale } = loaderData;
  const included = includedLabels(product);
  const bonuses = bonusLabels(product);
  return (
    <article className="mx-auto max-w-4xl px-4 py-10 md:py-14">
      <header>
        <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">
          {product.status === "on_sale" ? "On sale" : product.status === "coming_soon" ? "Coming soon" : "No longer sold"}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 md:text-5xl">{product.name}</h1>
        <p className="mt-4 text-xl text-slate-700">{product.summary}</p>
      </header>
      {product.image ? (
        <div className="mt-8 overflow-hidden rounded-2xl">
          <ArticleImage image={product.image} alt={product.imageAlt} priority sizes="(min-width: 900px) 864px, 100vw" />
        </div>
      ) : null}

      <section aria-labelledby="offer-heading" className="mt-8 rounded-2xl border-2 border-brand-600 bg-white p-6 shadow-sm">
        <h2 id="offer-heading" className="sr-only">
          {product.status === "coming_soon" ? "Hear when it opens" : "Price"}
        </h2>
        <p className="text-4xl font-bold tracking-tight text-slate-900">{priceLabel(product)}</p>
        {sale ? <SaleLine sale={sale} /> : null}
        <p className="mt-1 text-slate-700">One-time payment. No subscription.</p>
        {product.status === "on_sale" ? (
          <SiteLink to={checkout} className={buttonClass({ size: "lg", className: "mt-5" })}>
            Buy the {product.name} - {priceLabel(product)} <ArrowRight aria-hidden="true" className="size-5" />
          </SiteLink>
        ) : product.status === "coming_soon" ? (
          <div id="waitlist" className="mt-5 scroll-mt-20">
            <p className="font-bold text-slate-900">
              It is not on sale yet. Leave your address and we will e-mail you once, when it opens.
            </p>
            <WaitlistForm action={productPath(product.slug)} outcome={actionData} />
          </div>
        ) : (
          <p className="mt-5 rounded-lg border border-slate-300 bg-slate-50 p-4 font-bold text-slate-900">
            The {product.name} is no longer sold. If you bought it, your files stay yours: they are on your order page (the link in your
            receipt, or{" "}
            <SiteLink to="/orders/lookup" className="text-brand-800 underline underline-offset-2">
              get a new link
            </SiteLink>
            ).
          </p>
        )}
      </section>

      {included.length > 0 || bonuses.length > 0 ? (
        <section aria-labelledby="included-heading" className="mt-10 grid gap-8 sm:grid-cols-2">
          <div>
            <h2 id="included-heading" className="text-xl font-bold text-slate-900">
              What's included
            </h2>
            <ItemList items={included} />
          </div>
          {bonuses.length > 0 ? (
            <div>
              <h2 className="text-xl font-bold text-slate-900">Free bonuses</h2>
              <ItemList items={bonuses} bonus />
            </div>
          ) : null}
        </section>
      ) : null}

      {/* Rendered from Markdown and sanitized when the owner saved it, as an article is (app/content/markdown.server.ts). */}
      <div className="prose-article mt-10" dangerouslySetInnerHTML={{ __html: product.html }} />
    </article>
  );
}
