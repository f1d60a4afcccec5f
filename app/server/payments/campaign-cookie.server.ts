/**
 * The campaign cookie, signed (issue 51): `fsm_campaign=<campaign>.<signature>`, the signature an
 * HMAC-SHA256 of the campaign under SESSION_SECRET (the owner's sessions' secret: the figures it
 * feeds are hers, on a dashboard that exists only with that secret). Unsigned, anyone could set
 * the cookie to any well-formed name and have their checkouts counted as a broadcast's sales; now
 * a cookie whose signature does not match is ignored as if absent (no attribution, no error),
 * and so is any cookie when the dashboard is off (no secret: nothing is signed or read).
 *
 * The server sets it when a request comes by one of our list e-mails' links (server/campaign-cookie.ts);
 * the checkout reads it (checkout.server.ts). Relative imports only: server/main.ts loads this file as it is.
 *
 * The links themselves are signed too (issue 51): a signed cookie alone only moved the forgery to
 * the address bar, since the server signed whatever campaign a URL named. Each site link of a list
 * e-mail carries `utm_sig=<signature>` (campaignLinkSignature, written by list-markdown.server.ts
 * as the e-mail is rendered), and only a link whose signature matches its campaign sets the
 * cookie. The signature depends on the campaign alone, not on the reader or the page: every
 * reader's copy of a broadcast has the same links (rendered once, decision 035), a link stays one
 * cacheable address, and a reader who forwards the e-mail forwards a link that counts, as it should.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { CAMPAIGN_COOKIE, CAMPAIGN_COOKIE_DAYS, CAMPAIGN_SIGNATURE_PARAM, campaignFromQuery, isCampaign } from "../../lib/campaign.ts";

/**
 * The campaign's signature, base64url. The cookie's name goes into the HMAC with it, so no other
 * value signed with the same secret (React Router's signed owner cookies) can pass for one.
 */
function signature(campaign: string, secret: string): string {
  return createHmac("sha256", secret).update(`${CAMPAIGN_COOKIE}:${campaign}`).digest("base64url");
}

/** Whether two strings are the same, in a time that does not tell how much of them matched. */
function sameSecretText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A link's signature, in base64url characters: 16 of them are 96 bits, beyond guessing by any
 * number of requests, and short enough for a link a reader may see in a text e-mail. The full
 * HMAC goes in the cookie, which nobody reads.
 */
const LINK_SIGNATURE_LENGTH = 16;

/**
 * The signature of a list e-mail's links to the site for one campaign: an HMAC-SHA256 of
 * "fsm_campaign_link:<campaign>" under the secret, cut to 16 base64url characters. Another input
 * than the cookie's ("fsm_campaign:<campaign>"), so a link never shows the cookie's value.
 */
export function campaignLinkSignature(campaign: string, secret: string): string {
  return createHmac("sha256", secret).update(`${CAMPAIGN_COOKIE}_link:${campaign}`).digest("base64url").slice(0, LINK_SIGNATURE_LENGTH);
}

/**
 * The campaign a landing address's query names, when it is one of our list e-mails' links
 * (`utm_source=email`, a well-formed `utm_campaign`) and its `utm_sig` is that campaign's
 * signature under this secret; else undefined (typed by hand, altered, or from another secret).
 */
export function campaignFromSignedLink(query: URLSearchParams, secret: string): string | undefined {
  const campaign = campaignFromQuery(query);
  if (!campaign) return undefined;
  return sameSecretText(query.get(CAMPAIGN_SIGNATURE_PARAM) ?? "", campaignLinkSignature(campaign, secret)) ? campaign : undefined;
}

/** The cookie's value for a campaign: "broadcast-12.<signature>" (a campaign never holds a dot). */
export function signedCampaign(campaign: string, secret: string): string {
  return `${campaign}.${signature(campaign, secret)}`;
}

/** The campaign a cookie value names, when it is well formed and signed with this secret; else undefined. */
export function verifiedCampaign(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf(".");
  if (dot === -1) return undefined;
  const campaign = value.slice(0, dot);
  if (!isCampaign(campaign)) return undefined;
  return sameSecretText(value.slice(dot + 1), signature(campaign, secret)) ? campaign : undefined;
}

/**
 * The campaign a request's Cookie header carries, signed with `secret`; undefined without a
 * secret, without the cookie, or with a tampered or unsigned one. Every `fsm_campaign` in the
 * header is tried (a sibling domain can add a second one of the same name).
 */
export function campaignFromCookieHeader(header: string | null | undefined, secret: string | null | undefined): string | undefined {
  if (!header || !secret) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== CAMPAIGN_COOKIE) continue;
    const campaign = verifiedCampaign(part.slice(eq + 1).trim(), secret);
    if (campaign) return campaign;
  }
  return undefined;
}

/** The Set-Cookie value that remembers a campaign, signed (the last e-mail clicked wins). */
export function campaignSetCookie(campaign: string, { secure, secret }: { secure: boolean; secret: string }): string {
  return [
    `${CAMPAIGN_COOKIE}=${signedCampaign(campaign, secret)}`,
    "Path=/",
    `Max-Age=${CAMPAIGN_COOKIE_DAYS * 86_400}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
