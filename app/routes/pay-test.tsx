import { FlaskConical } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/pay-test";
import { productsOf } from "~/server/content/site-content.server";
import { CheckoutPurchase } from "~/components/checkout-purchase";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { checkoutHref } from "~/lib/checkout";
import { emailField, FIELD_LIMITS } from "~/lib/forms/public";
import { appConfig } from "~/server/config.server";
import { parseSubmission } from "~/server/forms/submission.server";
import { purchaseRows } from "~/lib/offers";
import {
  cancelledCheckoutPath,
  cancelTestOrder,
  findTestOrder,
  payTestOrder,
  successPath,
  testSessionOpen,
} from "~/server/payments/test-provider.server";

const EXPIRED = "This test payment page has expired: nothing was charged. Start again from the checkout.";
import { page } from "~/lib/page-policy";

export const handle = page({ robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Test payment", description: "The built-in test payment page.", path: "/pay/test" }),
  { name: "referrer", content: "same-origin" },
];

/**
 * The address carries the session id: no referrer leaves the site. Not "no-referrer": with it a
 * browser posts the Pay/Cancel forms with `Origin: null`, which the same-origin check refuses.
 */
export function headers() {
  return { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" };
}

/** The test provider's hosted page exists only while the test provider sells. */
function requireTestProvider(context: Route.LoaderArgs["context"]) {
  if (appConfig(context).payments.provider.name !== "test") throw data(null, { status: 404 });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireTestProvider(context);
  const sessionId = new URL(request.url).searchParams.get("session") ?? "";
  const order = await findTestOrder(sessionId);
  if (!order) return data({ order: null }, { status: 404 });
  return {
    order: {
      sessionId: order.providerSessionId,
      status: order.status,
      ...purchaseRows(order),
      totalCents: order.amountTotal,
      /** The address a once-per-buyer code was checked for: the receipt goes there, as Stripe's page is told. */
      email: order.promotionBuyer,
      open: testSessionOpen(order),
    },
  };
}

/** Pay (with the address the receipt goes to, as Stripe Checkout asks) or Cancel: two forms on the page. */
const PayTestSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cancel"), session: z.string().max(200).optional() }),
  z.object({ intent: z.literal("pay"), session: z.string().max(200), email: emailField }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  requireTestProvider(context);
  const submission = await parseSubmission(request, PayTestSchema);
  const intent = submission.payload?.intent;
  if (intent !== "pay" && intent !== "cancel") return data({ error: "Choose Pay or Cancel." }, { status: 400 });
  const order = await findTestOrder(String(submission.payload?.session ?? ""));
  if (intent === "cancel") {
    if (order) await cancelTestOrder(order);
    return redirect(order ? cancelledCheckoutPath(order, productsOf(context)) : checkoutHref({ cancelled: true }), 303);
  }
  if (!order) return data({ error: "This test payment does not exist." }, { status: 404 });
  if (!testSessionOpen(order) && order.status !== "paid") return data({ error: EXPIRED }, { status: 410 });
  if (!submission.ok) return data({ error: "Invalid Email: Please enter a valid email address for your receipt." }, { status: 400 });
  if (submission.value.intent === "pay" && (order.status === "pending" || order.status === "failed")) {
    await payTestOrder(order, submission.value.email);
  }
  return redirect(successPath(order.providerSessionId), 303);
}

export default function PayTest({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const { order } = loaderData;
  return (
    <div className="bg-slate-100">
      <div className="mx-auto max-w-xl px-4 py-12">
        <div role="note" className="rounded-2xl border-4 border-dashed border-amber-600 bg-accent-100 p-5 text-slate-900">
          <p className="flex items-center gap-2 text-xl font-bold tracking-widest">
            <FlaskConical aria-hidden="true" className="size-6" /> TEST PAYMENT
          </p>
          <p className="mt-2">
            This is the site's built-in test payment page, used while no card payment provider is set up. No card details are asked for and
            no money moves. 'Pay' marks the order paid exactly as a real payment would.
          </p>
        </div>

        {order ? (
          <section aria-labelledby="pay-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h1 id="pay-heading" className="text-2xl font-bold text-slate-900">
              Pay Fresh Start Money
            </h1>
            <div className="mt-5">
              <CheckoutPurchase lines={order.lines} discount={order.discount} totalCents={order.totalCents} />
            </div>
            {actionData?.error ? (
              <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                {actionData.error}
              </p>
            ) : null}
            {!order.open && order.status !== "paid" ? (
              <p className="mt-6 text-slate-800">{EXPIRED}</p>
            ) : order.status === "pending" || order.status === "failed" ? (
              <div className="mt-6 grid gap-3">
                <Form method="post" className="space-y-3">
                  <input type="hidden" name="session" value={order.sessionId} />
                  <div>
                    <label htmlFor="pay-email" className="block font-bold text-slate-900">
                      Email for your receipt and downloads
                    </label>
                    <input
                      id="pay-email"
                      name="email"
                      type="email"
                      required
                      maxLength={FIELD_LIMITS.email}
                      autoComplete="email"
                      {...(order.email ? { defaultValue: order.email, readOnly: true } : {})}
                      className="mt-1 w-full rounded-lg border border-slate-300 px-4 py-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                    />
                  </div>
                  <button
                    type="submit"
                    name="intent"
                    value="pay"
                    disabled={busy}
                    className={buttonClass({ size: "lg", className: "w-full" })}
                  >
                    Pay
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="session" value={order.sessionId} />
                  <button
                    type="submit"
                    name="intent"
                    value="cancel"
                    disabled={busy}
                    className={buttonClass({ variant: "outline", size: "lg", className: "w-full" })}
                  >
                    Cancel
                  </button>
                </Form>
              </div>
            ) : (
              <p className="mt-6 text-slate-800">
                This order is already {order.status}.{" "}
                <Link
                  to={`/checkout-success?session_id=${order.sessionId}`}
                  className="font-bold text-brand-800 underline underline-offset-2"
                >
                  View the order
                </Link>
              </p>
            )}
          </section>
        ) : (
          <section className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
            <h1 className="text-2xl font-bold text-slate-900">We couldn't find that test payment</h1>
            <p className="mt-2 text-slate-700">The link may be incomplete. Start again from the checkout page.</p>
            <Link to="/checkout" className={buttonClass({ className: "mt-6" })}>
              Back to Checkout
            </Link>
          </section>
        )}
      </div>
    </div>
  );
}
