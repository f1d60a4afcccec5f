import { data } from "react-router";
import type { Route } from "./+types/webhooks.sendgrid";
import { appConfig } from "~/server/config.server";
import { handleSendgridEvents, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "~/server/audience/mail-events.server";
import { WEBHOOK_BODY_LIMIT, page } from "~/lib/page-policy";

/** POST /api/webhooks/sendgrid: bounces and spam reports; the signature is checked on the raw body. */
export const handle = page({ bodyLimit: WEBHOOK_BODY_LIMIT });

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
  const result = await handleSendgridEvents(
    appConfig(context).mailEventsKey,
    await request.text(),
    request.headers.get(SIGNATURE_HEADER),
    request.headers.get(TIMESTAMP_HEADER),
  );
  return data(result.body, { status: result.status });
}

export function loader() {
  return data({ error: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
