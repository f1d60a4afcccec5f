/**
 * The owner's dashboard driven over HTTP, as a browser posting its plain forms would: for the
 * benchmark and the two-server test, which publish an article through the editor of a running
 * built server (they cannot reach its database from outside on the embedded one).
 */
import { randomBytes } from "node:crypto";
import { hashOwnerPassword } from "../../app/server/admin/owner-password.server.ts";

/** A throwaway owner password and the dashboard's settings for a server started with it. */
export function throwawayOwner() {
  const password = `owner-${randomBytes(12).toString("hex")}`;
  return {
    password,
    env: { OWNER_PASSWORD_HASH: hashOwnerPassword(password, { ln: 14, r: 8, p: 1 }), SESSION_SECRET: randomBytes(32).toString("hex") },
  };
}

const formHeaders = (base: string, cookie?: string) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  Origin: base,
  "Sec-Fetch-Site": "same-origin",
  ...(cookie ? { Cookie: cookie } : {}),
});

/** Log in; the session cookie to send with the next requests. */
export async function logInAsOwner(base: string, password: string): Promise<string> {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(base),
    body: new URLSearchParams({ password, next: "/admin" }),
  });
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (response.status !== 303 || !cookie) throw new Error(`login answered ${response.status}`);
  return cookie;
}

/** Post a dashboard form as the browser posts it (same origin, the owner's cookie); the answer, its redirect not followed. */
export function postDashboardForm(base: string, cookie: string, path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(base, cookie),
    body: new URLSearchParams(fields),
  });
}

export type ArticleFields = Record<string, string> & { title: string; slug: string };

/** A sample article's fields; `slug` and `title` make it unique. */
export function sampleArticle(slug: string, title: string): ArticleFields {
  return {
    title,
    slug,
    category: "Saving Money",
    excerpt: "Save a little each month for the bills you know are coming, so they stop being emergencies.",
    description: "A sinking fund turns big yearly bills into small monthly savings. Here is how to start one this week.",
    body: [
      "Some bills come once a year: car insurance, a registration, the holidays. A sinking fund spreads them over the months before.",
      "## How it works",
      "Add up the year's irregular bills, divide by twelve, and move that amount into a separate savings account every month.",
      "- List every yearly bill\n- Divide by twelve\n- Automate the transfer",
      "See our [emergency fund guide](/blog/emergency-fund-guide) for the money that covers surprises.",
    ].join("\n\n"),
    reviewed: "2026-11-20",
  };
}

/**
 * Post the editor's form (a new article when `id` is "new"): `intent` publish, save, unpublish...
 * Returns the article's id from the redirect, or throws with the status.
 */
export async function postArticle(base: string, cookie: string, id: number | "new", fields: Record<string, string>): Promise<number> {
  const response = await fetch(`${base}/admin/articles/${id}`, {
    method: "POST",
    redirect: "manual",
    headers: formHeaders(base, cookie),
    body: new URLSearchParams(fields),
  });
  const location = response.headers.get("location") ?? "";
  const match = /^\/admin\/articles\/(\d+)\?saved=/.exec(location);
  if (response.status !== 303 || !match)
    throw new Error(`the editor answered ${response.status} ${location} ${(await response.text()).slice(0, 200)}`);
  return Number(match[1]);
}
