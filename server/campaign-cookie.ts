/**
 * A reader arriving from a list e-mail's link (`?utm_source=email&utm_campaign=<campaign>&utm_sig=<signature>`)
 * on any page gets a first-party cookie naming that e-mail, so a purchase later in the same browser
 * is counted for it (app/server/payments/checkout.server.ts copies it onto the order). The link's
 * signature is checked first (issue 51): only the links our e-mails carry set the cookie, and an
 * address with the parameters typed, altered or stripped of it is answered as if it had none (the
 * page as usual, public, no cookie, an earlier cookie left as it was). The cookie is signed with
 * SESSION_SECRET (app/server/payments/campaign-cookie.server.ts); without the secret the owner
 * dashboard, the only reader of these figures, is off, and no cookie is set. Runs
 * before the static pages and the page cache, which answer most such links. That one answer is
 * made private and unstored: no shared cache may keep a response with a Set-Cookie, or hand the
 * cookie to others. Requests without the parameters cost one substring search and nothing else.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import onHeaders from "on-headers";
import { campaignFromSignedLink, campaignSetCookie } from "../app/server/payments/campaign-cookie.server.ts";
import { PERSONAL_CACHE_CONTROL } from "./cache-control.ts";

export function campaignCookie({ secure, secret }: { secure: boolean; secret: string | undefined }) {
  return function remember(req: IncomingMessage, res: ServerResponse): void {
    if (!secret) return;
    const url = req.url ?? "";
    if (!url.includes("utm_campaign=") || (req.method !== "GET" && req.method !== "HEAD")) return;
    const query = url.indexOf("?");
    const campaign = campaignFromSignedLink(new URLSearchParams(query === -1 ? "" : url.slice(query + 1)), secret);
    if (!campaign) return;
    const cookie = campaignSetCookie(campaign, { secure, secret });
    // At the moment the headers go out, after the responder set its own (public) ones.
    onHeaders(res, function (this: ServerResponse) {
      const existing = this.getHeader("set-cookie");
      const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
      this.setHeader("Set-Cookie", [...list, cookie]);
      this.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
    });
  };
}
