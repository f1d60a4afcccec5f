import { data } from "react-router";
import type { Route } from "./+types/webhooks.stripe";
import { appConfig } from "~/server/config.server";
import { handleStripeWebhook } from "~/server/payments/stripe-webhook.server";
import { WEBHOOK_BODY_LIMIT, page } from "~/lib/page-policy";

/** POST /api/webhooks/stripe: the signature is checked on the raw body, so read it as text. */
export const handle = page({ bodyLimit: WEBHOOK_BODY_LIMIT });

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const result = await handleStripeWebhook(appConfig(context).payments, await request.text(), request.headers.get("stripe-signature"));
  return data(result.body, { status: result.status });
}

export function loader() {
  return data({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
