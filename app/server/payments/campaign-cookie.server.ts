/**
 * The campaign cookie, signed (issue 51): `fsm_campaign=<campaign>.<signature>`, the signature an
 * HMAC-SHA256 of the campaign under SESSION_SECRET (the owner's sessions' secret: the figures it
 * feeds are hers, on a dashboard that exists only with that secret). Unsigned, anyone could set
 * the cookie to any well-formed name and have their checkouts counted as a broadcast's sales; now
 * a cookie whose signature does not match is ignored as if absent (no attribution, no error),
 * and so is any cookie when the dashboard is off (no secret: nothing is signed or read).
 *
 * The server sets it when a request names a campaign (server/campaign-cookie.ts); the checkout
 * reads it (checkout.server.ts). Relative imports only: server/main.ts loads this file as it is.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { CAMPAIGN_COOKIE, CAMPAIGN_COOKIE_DAYS, isCampaign } from "../../lib/campaign.ts";

/**
 * The campaign's signature, base64url. The cookie's name goes into the HMAC with it, so no other
 * value signed with the same secret (React Router's signed owner cookies) can pass for one.
 */
function signature(campaign: string, secret: string): string {
  return createHmac("sha256", secret).update(`${CAMPAIGN_COOKIE}:${campaign}`).digest("base64url");
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
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(campaign, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? campaign : undefined;
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
