/**
 * The browser that started a checkout: a random key in an HttpOnly cookie, its SHA-256 kept on
 * the order. The success page's address can end up in a shared computer's history or a
 * screenshot; only the browser holding the key is shown the order link and the files there.
 */
import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
import { hashToken, isTokenShaped, matchesTokenHash, newToken } from "~/server/tokens.server";

/**
 * Long enough for a payment the bank confirms days later (Stripe's delayed methods); the receipt
 * e-mail carries the lasting link.
 */
const BUYER_KEY_DAYS = 30;

// Path "/": /checkout and /api/create-payment read it back, so one browser keeps one key across
// several checkouts (a cancelled one, then a paid one) and each of its orders opens for it.
const buyerCookie = createCookie("fsm_buyer", { httpOnly: true, sameSite: "lax", path: "/", maxAge: BUYER_KEY_DAYS * 86_400 });

/** The key this request's browser holds, if it holds a well-formed one. */
export async function buyerKey(request: Request): Promise<string | undefined> {
  const value: unknown = await buyerCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && isTokenShaped(value) ? value : undefined;
}

/** The browser's key (a new one if it has none), its hash for the order, and the cookie that keeps it. */
export async function issueBuyerKey(request: Request, publicOrigin: string): Promise<{ hash: string; setCookie: string }> {
  const key = (await buyerKey(request)) ?? newToken().token;
  const secure = new URL(request.url).protocol === "https:" || publicOrigin.startsWith("https:");
  return { hash: hashToken(key), setCookie: await buyerCookie.serialize(key, { secure }) };
}

/** Whether `key` is the one the order was started with. */
export function isBuyer(order: { buyerKeyHash: string | null }, key: string | undefined): boolean {
  return Boolean(key && order.buyerKeyHash && matchesTokenHash(key, order.buyerKeyHash));
}

/**
 * The success page's order link for this buyer: derived from the key, so every reload shows the
 * same link and the database keeps one row for it, while no one without the key can work it out.
 */
export function successPageToken(orderId: number, key: string): string {
  return createHmac("sha256", key).update(`success-page:${orderId}`).digest("base64url");
}
