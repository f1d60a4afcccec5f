import type { Route } from "./+types/sequence-preview";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { previewStep } from "~/server/audience/sequence-admin.server";

/** A step's HTML exactly as readers get it, on a page of its own: no script may run, inline styles only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  const mail = await previewStep(params.id);
  if (!mail) return new Response("No such step", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    },
  });
}
