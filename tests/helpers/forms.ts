/** Calling the forms' route actions the way React Router does: a real Request in, the answer out. */
import type { PgTable } from "drizzle-orm/pg-core";
import { count } from "drizzle-orm";
import { leads } from "../../db/schema";
import type { FormOutcome } from "~/lib/forms/public";
import { action as leadAction } from "~/routes/blog-post";
import { action as newsletterAction } from "~/routes/blog";
import { action as contactAction } from "~/routes/contact";
import { action as orderLookupAction } from "~/routes/orders-lookup";
import { db } from "~/server/db.server";
import type { SiteContent } from "~/server/content/site-content.server";
import { testSite } from "./context";

export const ORIGIN = "http://localhost:3000";
export const ARTICLE = "budgeting-tips-that-work";

export type Body =
  | { form: Record<string, string> }
  | { json: unknown }
  | { multipart: Record<string, string | Blob> }
  | { raw: BodyInit | ReadableStream<Uint8Array>; contentType?: string };

export function request(path: string, body: Body, headers: Record<string, string> = {}): Request {
  const init: RequestInit & { duplex?: "half" } = { method: "POST", headers: { ...headers } };
  const h = init.headers as Record<string, string>;
  if ("form" in body) {
    init.body = new URLSearchParams(body.form).toString();
    h["Content-Type"] = "application/x-www-form-urlencoded;charset=UTF-8";
  } else if ("json" in body) {
    init.body = JSON.stringify(body.json);
    h["Content-Type"] = "application/json";
  } else if ("multipart" in body) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(body.multipart)) fd.append(k, v);
    init.body = fd;
  } else {
    init.body = body.raw as BodyInit;
    if (body.raw instanceof ReadableStream) init.duplex = "half";
    if (body.contentType) h["Content-Type"] = body.contentType;
  }
  return new Request(`${ORIGIN}${path}`, init);
}

export type Answer = { status: number; outcome: FormOutcome; headers: Headers };

/** What an action returned (data() with a status), or what it threw (a 404). */
async function answer(run: () => unknown): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  const r = result as { type?: string; data: FormOutcome; init?: ResponseInit | null };
  if (r?.type !== "DataWithResponseInit") throw new Error(`Unexpected action result: ${String(result)}`);
  return { status: r.init?.status ?? 200, outcome: r.data, headers: new Headers(r.init?.headers) };
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {}, unstable_pattern: "" }) as never;
/**
 * An article's action reads the articles: a context with the site's content as loaded at start-up,
 * which is `site` when given (loaded before a database outage), else this test's database's now.
 */
const articleArgs = async (request: Request, params: Record<string, string>, site?: SiteContent) =>
  ({ request, params, context: site ?? (await testSite()), unstable_pattern: "" }) as never;

export function postLead(body: Body, slug = ARTICLE, headers?: Record<string, string>, site?: SiteContent) {
  return answer(async () => leadAction(await articleArgs(request(`/blog/${slug}`, body, headers), { slug }, site)));
}
/** The lead answer's "Send it again" button with this key. */
export function postResend(key: string, slug = ARTICLE) {
  return answer(async () => leadAction(await articleArgs(request(`/blog/${slug}?intent=resend`, { form: { resend: key } }), { slug })));
}

export function postContact(body: Body, headers?: Record<string, string>) {
  return answer(() => contactAction(args(request("/contact", body, headers))));
}
export function postNewsletter(body: Body, headers?: Record<string, string>) {
  return answer(() => newsletterAction(args(request("/blog", body, headers))));
}
export function postOrderLookup(body: Body, headers?: Record<string, string>) {
  return answer(() => orderLookupAction(args(request("/orders/lookup", body, headers))));
}

export async function rowCount(table: PgTable) {
  const [row] = await db().select({ n: count() }).from(table);
  return row!.n;
}

export async function allLeads() {
  return db().select().from(leads).orderBy(leads.id);
}
