/** The owner of the dashboard in route tests: a known password, cheap to hash, and a way to log in. */
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as loginAction } from "~/routes/admin/login";
import { hashOwnerPassword } from "~/server/admin/owner-password.server";
import { ownerConfig, type OwnerConfig, type OwnerNotice } from "~/server/admin/owner-session.server";
import type { SiteContent } from "~/server/content/site-content.server";
import { createPayments } from "~/server/payments/payments.server";
import { call, requestsTo } from "./routes";

export const OWNER_PASSWORD = "test-only owner password";

// The cheapest parameters the format accepts: these tests hash on every login.
export const TEST_OWNER: OwnerConfig = ownerConfig({
  passwordHash: hashOwnerPassword(OWNER_PASSWORD, { ln: 14, r: 8, p: 1 }),
  sessionSecret: "test-only-session-secret-0123456789abcdef",
  secureCookie: true,
});

/**
 * Route arguments as React Router hands them over, with this server configuration in the context,
 * and the site's content (tests/helpers/context.ts) for the routes that read the articles.
 */
export function routeArgs(config: Record<string, unknown>, site?: () => SiteContent) {
  return (request: Request, params: Record<string, string> = {}) => ({ request, params, context: { config, ...site?.() } }) as never;
}

/** The owner's session cookie ("name=value"), from the real login action. */
export async function ownerCookie(origin: string, config: Record<string, unknown> = { owner: TEST_OWNER }): Promise<string> {
  const { post } = requestsTo(origin);
  const answer = await call(() => loginAction(routeArgs(config)(post("/admin/login", { password: OWNER_PASSWORD, next: "/admin" }))));
  return answer.headers.get("Set-Cookie")!.split(";")[0]!;
}

/** A dashboard test's server at `origin`: the test payment provider, the test owner, route arguments and requests. */
export function dashboardServer(origin: string) {
  const payments = createPayments({ provider: "test", publicOrigin: origin });
  const config = { owner: TEST_OWNER, payments };
  return { payments, config, args: routeArgs(config), ...requestsTo(origin) };
}

/**
 * What a dashboard post's redirect said, as the page it leads to shows it: the notice flashed in
 * the session cookie it set, read by the dashboard layout's loader.
 */
export async function flashedNotice(
  answer: { headers: Headers },
  origin: string,
  config: Record<string, unknown> = { owner: TEST_OWNER },
): Promise<OwnerNotice | undefined> {
  const cookie = answer.headers.get("Set-Cookie")?.split(";")[0];
  const shown = await call<{ notice?: OwnerNotice }>(() => layoutLoader(routeArgs(config)(requestsTo(origin).get("/admin", cookie))));
  return shown.data.notice;
}
