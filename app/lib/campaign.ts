/**
 * Attribution of a sale to the list e-mail that brought the buyer (issue 26, part 6): every site
 * link in a list e-mail carries `utm_source=email&utm_campaign=<campaign>&utm_sig=<signature>`; the
 * server keeps the campaign of a link whose signature holds in a signed first-party cookie (server/campaign-cookie.ts, its signing in
 * app/server/payments/campaign-cookie.server.ts) and the checkout copies it onto the order
 * (`orders.campaign`). Browser-safe: the server, its HTTP layer and the tests share it.
 */

/** The source every list e-mail's links name. */
export const EMAIL_UTM_SOURCE = "email";

/** A campaign as the mailer writes them ("welcome-3-toolkit", "broadcast-12"): anything else is ignored. */
export const CAMPAIGN_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

export const CAMPAIGN_COOKIE = "fsm_campaign";

/**
 * The parameter of a list e-mail's site links that signs their campaign (issue 51): without it,
 * any visitor could type `?utm_source=email&utm_campaign=broadcast-12` and have their checkouts
 * counted as that broadcast's sales. Its value: app/server/payments/campaign-cookie.server.ts.
 */
export const CAMPAIGN_SIGNATURE_PARAM = "utm_sig";

/** How long a click counts: a reader may come back to buy a few weeks after the e-mail. */
export const CAMPAIGN_COOKIE_DAYS = 30;

export function isCampaign(value: unknown): value is string {
  return typeof value === "string" && CAMPAIGN_PATTERN.test(value);
}

/** The campaign a link names, when it is one of our list e-mails' links and the name is well formed. */
export function campaignFromQuery(query: URLSearchParams): string | undefined {
  if (query.get("utm_source") !== EMAIL_UTM_SOURCE) return undefined;
  const campaign = query.get("utm_campaign");
  return isCampaign(campaign) ? campaign : undefined;
}
