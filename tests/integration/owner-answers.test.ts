/**
 * Issue 42, item 7: every route of the dashboard, read from app/routes.ts (a route added later is
 * checked too), answers an id that cannot be ours with 404 as the logged-in owner, and carries
 * `X-Robots-Tag: noindex, nofollow` on what it answers: a page through the dashboard layout's or
 * its own headers, a resource route on every answer, the redirect to the login page included.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { action as loginAction } from "~/routes/admin/login";
import { isOwnerChecked } from "~/server/admin/dashboard-route.server";
import { hashOwnerPassword } from "~/server/admin/owner-password.server";
import { ownerConfig, type OwnerConfig } from "~/server/admin/owner-session.server";
import { useTestDatabase } from "../helpers/db";
import { call, requestsTo } from "../helpers/routes";

const PASSWORD = "test-only owner password";
const owner: OwnerConfig = ownerConfig({
  passwordHash: hashOwnerPassword(PASSWORD, { ln: 14, r: 8, p: 1 }),
  sessionSecret: "test-only-session-secret-0123456789abcdef",
  secureCookie: true,
});
const { get, post } = requestsTo("https://shop.example");
const NOT_IDS = ["abc", "1e3", "-1", "99999999999", "0", "007"];

useTestDatabase();

type AdminRoute = { path: string; file: string; underLayout: string | null };

/** Every route whose address starts with "admin", and the layout it sits in, if any. */
function adminRoutes(entries: RouteConfigEntry[], layout: string | null = null): AdminRoute[] {
  return entries.flatMap((entry) => [
    ...(entry.path?.startsWith("admin") ? [{ path: entry.path, file: entry.file, underLayout: layout }] : []),
    ...adminRoutes(entry.children ?? [], entry.path === undefined && !entry.index ? entry.file : layout),
  ]);
}

type Module = {
  default?: unknown;
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
  headers?: (args: unknown) => Headers | HeadersInit;
};
const load = (file: string) => import(`../../app/${file.replace(/\.tsx?$/, "")}`) as Promise<Module>;
const args = (request: Request, params: Record<string, string>) => ({ request, params, context: { config: { owner } } });
const addressOf = (path: string, params: Record<string, string>) => `/${path.replace(/:(\w+)/g, (_, name: string) => params[name]!)}`;

/** The headers a page's answer gets: its layout's headers, then its own headers function's. */
function pageHeaders(layout: Module | null, page: Module): Headers {
  const init = { loaderHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: undefined };
  let headers = new Headers(layout?.headers?.({ ...init, parentHeaders: new Headers() }) ?? {});
  if (page.headers) headers = new Headers(page.headers({ ...init, parentHeaders: headers }));
  return headers;
}

const ALL = adminRoutes(routes);
let cookie: string;

beforeAll(async () => {
  const answer = await call(() => loginAction(args(post("/admin/login", { password: PASSWORD }), {}) as never));
  cookie = answer.headers.getSetCookie()[0]!.split(";")[0]!;
});

it("finds the dashboard's routes in app/routes.ts", () => {
  expect(ALL.map((r) => r.path)).toEqual(
    expect.arrayContaining(["admin/login", "admin/logout", "admin/broadcasts/:id/preview", "admin/orders/:id", "admin"]),
  );
});

describe.each(ALL.filter((r) => r.path.includes(":") && r.path !== "admin/export/:name"))("$path", (route) => {
  it.each(NOT_IDS)("answers 404 for %s as an id, as the owner", async (notId) => {
    const mod = await load(route.file);
    const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    // Every id in the address is checked alone, the others being a plausible id.
    for (const name of names) {
      const params = Object.fromEntries(names.map((n) => [n, n === name ? notId : "1"]));
      const answer = await call(() => mod.loader!(args(get(addressOf(route.path, params), cookie), params)));
      expect(answer.status).toBe(404);
    }
  });
});

describe("ids in a query string", () => {
  it.each([
    ["routes/admin/broadcasts.tsx", "/admin/broadcasts?edit="],
    ["routes/admin/sequence.tsx", "/admin/sequence?step="],
  ])("%s answers 404 for an id that is not ours", async (file, address) => {
    const mod = await load(file);
    for (const notId of [...NOT_IDS, "12345"])
      expect((await call(() => mod.loader!(args(get(address + notId, cookie), {})))).status).toBe(404);
  });
});

describe.each(ALL)("$path", (route) => {
  it("never lets a search engine index or follow what it answers", async () => {
    const mod = await load(route.file);
    const layout = route.underLayout ? await load(route.underLayout) : null;
    if (mod.default) {
      expect(pageHeaders(layout, mod).get("X-Robots-Tag")).toBe("noindex, nofollow");
      return;
    }
    const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, "abc"]));
    const address = addressOf(route.path, params);
    for (const handler of [mod.loader, mod.action].filter((h) => h !== undefined)) {
      // Without a session (the redirect to the login page), and as the owner.
      for (const request of [get(address), get(address, cookie), post(address, {}, cookie)]) {
        const answer = await call(() => handler(args(request, params)));
        expect(answer.headers.get("X-Robots-Tag"), `${request.method} ${address}: ${answer.status}`).toBe("noindex, nofollow");
      }
    }
  });
});

/** The login page and the logout answer anyone: every other dashboard route is the owner's alone. */
const OPEN_TO_ANYONE = ["admin/login", "admin/logout"];

describe.each(ALL.filter((r) => !OPEN_TO_ANYONE.includes(r.path)))("$path, without a session", (route) => {
  it("is made by the dashboard's one owner check, and sends anyone else to the login page", async () => {
    const mod = await load(route.file);
    const handlers = [mod.loader, mod.action].filter((h) => h !== undefined);
    expect(handlers.length, "a dashboard route with neither a loader nor an action").toBeGreaterThan(0);
    const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, "1"]));
    const address = addressOf(route.path, params);
    for (const handler of handlers) {
      // app/server/admin/dashboard-route.server.ts: dashboardLoader, dashboardAction, dashboardResource, ownerChecked.
      expect(isOwnerChecked(handler), `${route.file}: a loader or action not made by dashboard-route.server.ts`).toBe(true);
      for (const request of [get(address), post(address, { intent: "delete", id: "1" }), get(address, "owner_session=forged")]) {
        const answer = await call(() => handler(args(request, params)));
        expect(answer.status, `${request.method} ${address}`).toBe(303);
        expect(answer.headers.get("Location")).toBe(`/admin/login?next=${encodeURIComponent(address)}`);
      }
    }
  });
});
