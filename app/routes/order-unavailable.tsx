import { data } from "react-router";
import type { Route } from "./+types/order-unavailable";
import { productsOf } from "~/server/content/site-content.server";
import { ContinueLinks } from "~/components/continue-links";
import { Notice, OrderNotice } from "~/components/order-notice";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { orderPagePath } from "~/lib/order-files";
import { seo } from "~/lib/seo";
import { DEAD_LINK_STATUS, orderForToken, PRIVATE_HEADERS, productAccess } from "~/server/delivery/order-access.server";
import { page } from "~/lib/page-policy";

/**
 * Why a file or zip of an order cannot be downloaded: the page a refused download answers with
 * (its own address stays the file's; routes/order-file.ts). Plain HTML: nothing here needs React,
 * and it is rendered under another route's address.
 */
export const handle = page({ hydrate: false, robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Download not available", description: "Why this download is not available.", path: null }),
  { name: "referrer", content: "no-referrer" },
];

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return { ...PRIVATE_HEADERS, ...Object.fromEntries(loaderHeaders) };
}

/**
 * 404 for a link that is not ours, 410 once it has expired or the order is refunded, disputed or
 * unpaid, or when the file asked for (`?product=`) is of a product refunded from a paid order.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await orderForToken(params.token);
  if (found.kind !== "ok") return data(found, { status: DEAD_LINK_STATUS[found.kind] });
  if (found.order.status !== "paid") return data({ kind: "closed" as const, status: found.order.status }, { status: 410 });
  const asked = new URL(request.url).searchParams.get("product");
  const refunded = asked ? (await productAccess(found.order.id)).refunded.find((id) => id === asked) : undefined;
  if (refunded) return data({ kind: "product-refunded" as const, name: productsOf(context).name(refunded) }, { status: 410 });
  return data({ kind: "open" as const });
}

export default function OrderUnavailable({ loaderData, params }: Route.ComponentProps) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
        {loaderData.kind === "open" ? (
          <div className="text-center">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your files are on your order page</h1>
            <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700">This order is paid and its downloads are open.</p>
            <p className="mt-6">
              <SiteLink to={orderPagePath(params.token)} className={buttonClass()}>
                Go to your order
              </SiteLink>
            </p>
          </div>
        ) : loaderData.kind === "product-refunded" ? (
          <Notice title={`The ${loaderData.name} was refunded`} tone="neutral">
            <p>Its money was given back to you, so its downloads are no longer available. The rest of your order stays yours.</p>
          </Notice>
        ) : (
          <OrderNotice notice={loaderData} />
        )}
        {loaderData.kind === "closed" || loaderData.kind === "product-refunded" ? (
          <p className="mt-6 text-center">
            <SiteLink to={orderPagePath(params.token)} className="font-bold text-brand-800 underline underline-offset-2">
              See the order
            </SiteLink>
          </p>
        ) : null}
        <ContinueLinks />
      </div>
    </div>
  );
}
