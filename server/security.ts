import { REFERRER_POLICY } from "../app/lib/site.ts";

/** Headers every response carries, and the Content-Security-Policy for HTML. */
export function baseSecurityHeaders(publicOrigin: string): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": REFERRER_POLICY,
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), usb=(), payment=()",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "X-Frame-Options": "DENY",
  };
  if (publicOrigin.startsWith("https:")) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

/** Where forms may post: this site, and the hosted payment page a no-JS checkout redirects to. */
const FORM_ACTION = "'self' https://checkout.stripe.com";

/**
 * The policy for an HTML page. `scriptSources` are the hashes of a prerendered page's inline
 * scripts, or the per-request nonce of a server-rendered one: never 'unsafe-inline'.
 */
export function contentSecurityPolicy(scriptSources: string[], publicOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(" ")}`.trim(),
    // Inline style attributes and the toast library's injected stylesheet; scripts stay strict.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action ${FORM_ACTION}`,
    ...(publicOrigin.startsWith("https:") ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
