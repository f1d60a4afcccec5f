import { useEffect, useState, type FormEvent } from "react";
import { ArrowLeft, Lock, ShieldCheck, Zap } from "lucide-react";
import { data, useLocation, useNavigate } from "react-router";
import type { Route } from "./+types/checkout";
import { CheckoutOrderBump } from "~/components/checkout-order-bump";
import { CheckoutOrderSummary } from "~/components/checkout-order-summary";
import { CheckoutRights } from "~/components/checkout-rights";
import { CheckoutReviews, type CheckoutReviewsData } from "~/components/checkout-reviews";
import type { FormerPrice } from "~/lib/former-price";
import { CheckoutTestimonials } from "~/components/checkout-testimonials";
import { CheckoutToolkitCard } from "~/components/checkout-toolkit-card";
import type { SaleNote } from "~/components/sale-note";
import { CheckoutCode } from "~/components/checkout-code";
import { normalizeCode } from "~/lib/offers";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { notify, prepareToasts } from "~/components/ui/toaster";
import { CANCELLED_NOTICE, checkoutHref, checkoutVariant, FROM_PARAM, readCheckoutQuery } from "~/lib/checkout";
import { seo } from "~/lib/seo";
import { BUYER_CONSENT } from "~/lib/site";
import { appConfig } from "~/server/config.server";
import { type FormOutcome, MESSAGES, OUTCOME_STATUS_CODES } from "~/lib/form-outcomes";
import type { CreatePayment } from "~/lib/forms/public";
import { sourceArticle, submitCheckout } from "~/server/payments/checkout.server";
import { codeForPage, type PageCode } from "~/server/payments/promotions.server";
import { businessTimeZone } from "~/server/dates.server";
import { db } from "~/server/db.server";
import { type ShownTestimonial, testimonialsToShow } from "~/server/content/testimonials.server";
import { articlesOf, checkoutFactsOf, productsOf } from "~/server/content/site-content.server";
import { type Product, priceLabel, productPath, shownPrices, PRODUCT_STATUS_LABELS } from "~/lib/catalogue";
import { page } from "~/lib/page-policy";

export const handle = page({ render: "cached", cacheVariant: checkoutVariant, sitemap: true });

export const meta: Route.MetaFunction = ({ data: loaded, matches }) => {
  const product = loaded?.kind === "sell" ? loaded.product : null;
  return seo(matches, {
    title: `Secure Checkout: ${product?.name ?? "Credit Repair Toolkit"}`,
    description: product
      ? `Get the ${priceLabel(product)} ${product.name}: ${product.summary.replace(/\.$/, "")}. One-time payment, instant access, 30-day money-back guarantee.`
      : "Secure checkout.",
    path: "/checkout",
  });
};

/** A product's checkout only while it is on sale: a product coming soon, retired (or an unknown address) is said so plainly. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readCheckoutQuery(new URL(request.url).searchParams);
  const sellable = productsOf(context).sellable(query.product);
  if (!sellable.ok) {
    if (!sellable.product) throw data(null, { status: 404 });
    const { name, slug, status } = sellable.product;
    return { kind: "closed" as const, product: { name, slug, status } };
  }
  const { provider } = appConfig(context).payments;
  const { reviews } = await checkoutFactsOf(context).facts();
  const { product, bump } = sellable;
  const products = productsOf(context);
  const timeZone = businessTimeZone(context);
  return {
    kind: "sell" as const,
    product,
    bump,
    /** A sale running on the product: "it was" only when its history meets 16 CFR 233.1, its end only when it has one. */
    sale: products.saleNote(product, timeZone),
    /** `?code=` (an offer link, or Apply): applied, or why not (the full price stays). Checked again when the payment page is made. */
    code: query.code
      ? await codeForPage(db(), query.code, {
          productIds: [product.id, ...(bump ? [bump.id] : [])],
          name: (id) => products.byId(id)?.name ?? id,
          now: new Date(),
          timeZone,
        })
      : null,
    /** The product's address when this is not the toolkit's own /checkout. */
    productSlug: query.product,
    /** "Normally $X" beside the add-on, only when its price history meets 16 CFR 233.1. */
    formerPrice: bump ? productsOf(context).formerPrice(bump.id) : null,
    includeBump: query.bump,
    /** The article whose promo link led here, if it names one: it travels with the checkout to the order. */
    from: sourceArticle(articlesOf(context), query.from),
    /** Back from the payment page's Cancel (the test page, or Stripe's cancel_url). */
    cancelled: query.cancelled,
    providerName: provider.displayName,
    /** The built-in test provider sells: say so on the page (anyone can mark an order paid). */
    testPayments: provider.name === "test",
    /** Verified buyers' reviews once the owner's threshold is reached; until then the testimonials block. */
    reviews,
    testimonials: reviews ? [] : await testimonialsToShow(),
  };
}

/** Without JavaScript the form posts here: create the session and send the browser to it. */
export function action({ request, context }: Route.ActionArgs) {
  const { payments, owner } = appConfig(context);
  return submitCheckout(payments, { content: articlesOf(context), products: productsOf(context) }, request, owner?.sessionSecret);
}

/** The server refused the checkout as the page showed it; `message` is for the buyer. */
class Refused extends Error {}

async function createPayment(choice: CreatePayment): Promise<string> {
  const response = await fetch("/api/create-payment", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(choice satisfies CreatePayment),
    signal: AbortSignal.timeout(25_000),
  });
  const body = (await response.json().catch(() => null)) as { url?: unknown; error?: unknown } | null;
  // Refused as the page stood (a code used up meanwhile, a price changed): the page says why.
  if (response.status === OUTCOME_STATUS_CODES.rejected && typeof body?.error === "string") throw new Refused(body.error);
  if (!response.ok || typeof body?.url !== "string") {
    throw new Error(`create-payment answered ${response.status}${typeof body?.error === "string" ? `: ${body.error}` : ""}`);
  }
  const url = new URL(body.url, window.location.href);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`create-payment answered a ${url.protocol} URL`);
  return url.href;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  if (loaderData.kind === "closed") return <NotOnSale product={loaderData.product} />;
  // A new ?bump= in the address (a link followed from this page) starts the form afresh.
  return (
    <>
      {loaderData.testPayments ? (
        <p role="note" className="border-b-4 border-dashed border-amber-600 bg-accent-100 px-4 py-3 text-center font-bold text-slate-900">
          Test payments: this site is using its built-in test payment page. No card is charged, and no real money moves.
        </p>
      ) : null}
      <CheckoutPage
        key={location.search}
        product={loaderData.product}
        bump={loaderData.bump}
        productSlug={loaderData.productSlug}
        initialBump={loaderData.includeBump}
        from={loaderData.from}
        providerName={loaderData.providerName}
        cancelled={loaderData.cancelled}
        testimonials={loaderData.testimonials}
        reviews={loaderData.reviews}
        formerPrice={loaderData.formerPrice}
        sale={loaderData.sale}
        code={loaderData.code}
        outcome={actionData}
      />
    </>
  );
}

/** A product that exists but cannot be bought now: the checkout says so, and where its page is. */
function NotOnSale({ product }: { product: Pick<Product, "name" | "slug" | "status"> }) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">The {product.name} is not on sale</h1>
        <p className="mt-4 text-lg text-slate-700">
          {product.status === "coming_soon"
            ? "It is coming soon and cannot be bought yet. Its page can tell you when it opens."
            : `It is ${PRODUCT_STATUS_LABELS[product.status].toLowerCase()}: nobody can buy it now. If you bought it before, your files are on your order page.`}
        </p>
        <p className="mt-8">
          <SiteLink to={productPath(product.slug)} className={buttonClass()}>
            See the {product.name}
          </SiteLink>
        </p>
      </div>
    </div>
  );
}

function CheckoutPage({
  product,
  bump,
  productSlug,
  initialBump,
  from,
  providerName,
  cancelled,
  testimonials,
  reviews,
  formerPrice,
  sale,
  code,
  outcome,
}: {
  product: Product;
  bump: Product | null;
  productSlug: string | null;
  initialBump: boolean;
  from: string | null;
  providerName: string | null;
  cancelled: boolean;
  testimonials: readonly ShownTestimonial[];
  reviews: CheckoutReviewsData | null;
  formerPrice: FormerPrice | null;
  sale: SaleNote | null;
  code: PageCode | null;
  outcome?: FormOutcome;
}) {
  const [includeBump, setIncludeBump] = useState(initialBump);
  const [processing, setProcessing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const navigate = useNavigate();
  const applied = code && "offer" in code ? code : null;
  const shown = `${shownPrices(product, bump)}${applied ? `:${applied.code}` : ""}`;
  // Back from the payment page may show this very page again from the back/forward cache, as it
  // was left ("Processing..."): it is ready to use again.
  useEffect(() => {
    const ready = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(false);
    };
    window.addEventListener("pageshow", ready);
    return () => window.removeEventListener("pageshow", ready);
  }, []);

  /**
   * The payment page continues in this tab, as Stripe Checkout does: no second checkout is left
   * open behind it. This entry of the history first becomes the checkout as chosen (add-on,
   * article), so Back from the payment page loads the same choice even when the page is not
   * kept in the back/forward cache.
   */
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const typedCode = String(fields.get("code") ?? "").trim();
    // Apply: the same page with the code, at an address of its own (the offer link's).
    if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "apply") {
      void navigate(checkoutHref({ bump: includeBump, from, product: productSlug, code: typedCode ? normalizeCode(typedCode) : null }));
      return;
    }
    if (processing) return;
    setProcessing(true);
    setRefusal(null);
    const email = String(fields.get("email") ?? "").trim();
    try {
      const url = await createPayment({
        includeBump,
        ...(from ? { from } : {}),
        ...(productSlug ? { product: productSlug } : {}),
        shown,
        ...(typedCode ? { code: typedCode } : {}),
        ...(email ? { email } : {}),
      });
      window.history.replaceState(
        window.history.state,
        "",
        checkoutHref({ bump: includeBump, from, product: productSlug, code: applied?.code ?? null }),
      );
      window.location.assign(url);
    } catch (failure) {
      if (failure instanceof Refused) setRefusal(failure.message);
      else {
        // eslint-disable-next-line no-console -- in the browser, for the buyer's own developer tools
        console.error("Checkout failed:", failure);
        void notify({ variant: "error", ...MESSAGES.checkout.failed });
      }
      setProcessing(false);
    }
  }

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
        <header className="text-center">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Secure Checkout</h1>
          <ul className="mt-5 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-bold text-slate-700">
            <li className="inline-flex items-center gap-2">
              <Lock aria-hidden="true" className="size-5 text-brand-700" /> Secure Payment
            </li>
            <li className="inline-flex items-center gap-2">
              <ShieldCheck aria-hidden="true" className="size-5 text-brand-700" /> 256-bit Encryption
            </li>
            <li className="inline-flex items-center gap-2">
              <Zap aria-hidden="true" className="size-5 text-brand-700" /> Instant Access
            </li>
          </ul>
        </header>

        {/* Present from the first paint, so a screen reader announces the notice when it is filled. */}
        <div role="status" className="mx-auto mt-6 max-w-2xl empty:hidden">
          {cancelled ? (
            <p className="rounded-lg border border-slate-300 bg-white p-4 text-center font-bold text-slate-900">{CANCELLED_NOTICE}</p>
          ) : null}
        </div>

        <form
          method="post"
          onSubmit={onSubmit}
          onFocus={prepareToasts}
          className="mt-10 grid gap-8 lg:grid-cols-[1fr_22rem] lg:items-start"
        >
          <div className="space-y-8">
            {from ? <input type="hidden" name={FROM_PARAM} value={from} /> : null}
            {productSlug ? <input type="hidden" name="product" value={productSlug} /> : null}
            <input type="hidden" name="shown" value={shown} />
            <CheckoutToolkitCard product={product} sale={sale} />
            {bump ? (
              <CheckoutOrderBump bump={bump} defaultChecked={initialBump} onChange={setIncludeBump} formerPrice={formerPrice} />
            ) : null}
          </div>

          {/* On phones the summary and button come straight after the choice; testimonials follow. */}
          <section
            aria-labelledby="order-summary-heading"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
          >
            <CheckoutOrderSummary product={product} bump={bump} includeBump={includeBump} offer={applied?.offer ?? null} />
            <CheckoutCode code={code} removeHref={checkoutHref({ bump: includeBump, from, product: productSlug })} />
            {outcome || refusal ? (
              <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                {refusal ?? outcome?.description}
              </p>
            ) : null}
            <button type="submit" disabled={processing} className={buttonClass({ size: "lg", className: "mt-6 w-full" })}>
              {processing ? "Processing..." : "Complete My Order"}
            </button>
            {providerName ? (
              <p className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-700">
                <Lock aria-hidden="true" className="size-4" /> Secure payment powered by {providerName}
              </p>
            ) : null}
            <p className="mt-2 text-center text-sm text-slate-700">30-day money-back guarantee • No recurring charges • SSL encrypted</p>
            <p className="mt-2 text-center text-sm text-slate-700">{BUYER_CONSENT.text}</p>
            <CheckoutRights />
          </section>

          <div className="lg:col-start-1 lg:row-start-2">
            {reviews ? <CheckoutReviews {...reviews} /> : <CheckoutTestimonials testimonials={testimonials} />}
          </div>
        </form>

        <div className="mt-10 text-center">
          <SiteLink to="/resources" className={buttonClass({ variant: "outline" })}>
            <ArrowLeft aria-hidden="true" className="size-5" /> Back to Resources
          </SiteLink>
        </div>
      </div>
    </div>
  );
}
