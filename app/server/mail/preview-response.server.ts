import type { RenderedMail } from "~/server/mail/render.server";

/** A list e-mail's HTML as the answer of the owner's preview page: no script may run, inline styles only. */
export function mailPreviewResponse(mail: RenderedMail | undefined, missing: string): Response {
  if (!mail) return new Response(missing, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    },
  });
}
