import { data } from "react-router";
import type { Route } from "./+types/create-payment";
import { appConfig } from "~/server/config.server";
import { createPaymentFromRequest } from "~/server/payments/checkout.server";
import { articlesOf, productsOf } from "~/server/content/site-content.server";

const USAGE = 'Use POST with a JSON body {"includeBump": true|false}';

/** POST /api/create-payment {"includeBump": boolean} -> {"url": the hosted payment page}. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: USAGE }, { status: 405, headers: { Allow: "POST" } });
  const { payments, owner } = appConfig(context);
  const result = await createPaymentFromRequest(
    payments,
    { content: articlesOf(context), products: productsOf(context) },
    request,
    owner?.sessionSecret,
  );
  const headers: HeadersInit = { "Cache-Control": "no-store", ...(result.setCookie ? { "Set-Cookie": result.setCookie } : {}) };
  return data(result.body, { status: result.status, headers });
}

export function loader() {
  return data({ error: USAGE }, { status: 405, headers: { Allow: "POST" } });
}
