/**
 * The owner's session: one signed cookie (React Router's cookie session storage) holding when the
 * owner logged in and a random session id, whose hash is a row of owner_sessions. Logging out
 * deletes the row, so a copied cookie ends with it; a restart logs no one out; changing
 * SESSION_SECRET logs everyone out.
 *
 * A second signed cookie, the known device, marks a browser the owner has logged in from: its
 * login attempts are throttled apart from its address's and checked in a lane strangers cannot
 * fill (docs/decisions/055-owner-login-device-cookie.md).
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { createCookie, createCookieSessionStorage, redirect, type Cookie, type CookieOptions, type SessionStorage } from "react-router";
import { ownerSessions } from "../../../db/schema";
import { db } from "~/server/db.server";
import { hashToken, isTokenShaped, newToken } from "~/server/tokens.server";
import type { Env } from "~/server/env.server";
import { OWNER_ANSWER_HEADERS } from "~/server/admin/owner-answers.server";
import { LoginThrottle } from "~/server/admin/login-throttle.server";
import { PasswordCheckBusyError, verifyOwnerPassword } from "~/server/admin/owner-password.server";

export const OWNER_COOKIE = "fsm_owner";
export const DEVICE_COOKIE = "fsm_owner_device";
export const SESSION_HOURS = 12;
const SESSION_MS = SESSION_HOURS * 60 * 60 * 1000;
/** A year: the owner's browser stays known between logins that are months apart. */
const DEVICE_DAYS = 365;

/** The dashboard's settings, from the environment (or a test). */
export type OwnerSettings = { passwordHash: string; sessionSecret: string; secureCookie: boolean };
type SessionData = { loggedInAt: number; sid: string };
/** What a dashboard action did, said once on the page its redirect leads to (a flash in the session). */
export type OwnerNotice = { ok: boolean; message: string };
type FlashData = { notice: OwnerNotice };

/**
 * The owner's dashboard as a server runs it: its settings, its cookie storages and its login
 * throttle, made once at start-up (ownerConfig) and handed to every loader and action with the
 * rest of the configuration (app/server/config.server.ts).
 */
export type OwnerConfig = OwnerSettings & {
  readonly cookies: { readonly session: SessionStorage<SessionData, FlashData>; readonly device: Cookie };
  readonly loginThrottle: LoginThrottle;
};

/** The dashboard's settings, or null when OWNER_PASSWORD_HASH or SESSION_SECRET is missing (it is off). */
export function ownerConfigFromEnv(e: Env): OwnerConfig | null {
  if (!e.OWNER_PASSWORD_HASH || !e.SESSION_SECRET) return null;
  return ownerConfig({
    passwordHash: e.OWNER_PASSWORD_HASH,
    sessionSecret: e.SESSION_SECRET,
    secureCookie: e.PUBLIC_ORIGIN.startsWith("https:"),
  });
}

/** The dashboard for these settings: one cookie storage and one login throttle for as long as the server runs. */
export function ownerConfig(settings: OwnerSettings): OwnerConfig {
  return {
    ...settings,
    cookies: {
      session: createCookieSessionStorage<SessionData, FlashData>({
        // "/": the page-view counter on every page must see it to leave the owner's own visits out.
        cookie: ownerCookie(settings, OWNER_COOKIE, { sameSite: "strict", path: "/", maxAge: SESSION_MS / 1000 }),
      }),
      // Lax: a login reached from a link in her e-mail still counts as her browser. Only the login reads it.
      device: ownerCookie(settings, DEVICE_COOKIE, { sameSite: "lax", path: "/admin/login", maxAge: DEVICE_DAYS * 24 * 60 * 60 }),
    },
    loginThrottle: new LoginThrottle(),
  };
}

/**
 * The owner's cookies, signed with SESSION_SECRET by React Router's cookie signing (HMAC-SHA256):
 * one signing scheme for the session and the device alike.
 */
function ownerCookie(config: OwnerSettings, name: string, options: Pick<CookieOptions, "sameSite" | "path" | "maxAge">): Cookie {
  return createCookie(name, { ...options, httpOnly: true, secure: config.secureCookie, secrets: [config.sessionSecret] });
}

const sessionStorage = (config: OwnerConfig) => config.cookies.session;

/** The known device's id when the request carries a device cookie signed with this secret, else null. */
async function knownDevice(config: OwnerConfig, cookieHeader: string | null): Promise<string | null> {
  const id: unknown = await config.cookies.device.parse(cookieHeader);
  return typeof id === "string" && isTokenShaped(id) ? id : null;
}

/**
 * Whether this request carries a valid owner session: signed with the secret and younger than
 * 12 hours by its own timestamp (the cookie's Max-Age only asks the browser to forget it).
 */
export async function isOwner(config: OwnerConfig | null, request: Request): Promise<boolean> {
  if (!config) return false;
  const session = await sessionStorage(config).getSession(request.headers.get("Cookie"));
  const at = session.get("loggedInAt");
  const sid = session.get("sid");
  if (typeof at !== "number" || at > Date.now() || Date.now() - at >= SESSION_MS || typeof sid !== "string") return false;
  const [row] = await db()
    .select({ tokenHash: ownerSessions.tokenHash })
    .from(ownerSessions)
    .where(and(eq(ownerSessions.tokenHash, hashToken(sid)), gt(ownerSessions.expiresAt, new Date())));
  return row !== undefined;
}

/** Where a page sends someone without a session: the login page, then back here. */
export function loginPath(request: Request): string {
  const url = new URL(request.url);
  return `/admin/login?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Every dashboard loader and action starts here: no session, no data and no change. */
export async function requireOwner(config: OwnerConfig | null, request: Request): Promise<void> {
  if (!(await isOwner(config, request))) throw redirect(loginPath(request), { status: 303, headers: OWNER_ANSWER_HEADERS });
}

/** Only paths of the dashboard itself (never "//host" or another site) are followed after login. */
export function safeNext(next: string | null): string {
  // No control characters: a CR or LF in a Location header makes the answer fail (500).
  const plain = next !== null && ![...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return plain && /^\/admin(?:[/?]|$)/.test(next) && !next.includes("\\") && !next.startsWith("//") ? next : "/admin";
}

export type LoginResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; reason: "off" | "wrong" | "busy" | "concurrent" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Check the password (scrypt, constant-time compare) under the client's login throttle and make
 * the session cookie and the device cookie. The throttle counts against the known device when
 * `cookieHeader` carries a valid device cookie, else against `client`, the address.
 */
export async function logIn(
  config: OwnerConfig | null,
  password: string,
  client: string,
  cookieHeader: string | null,
): Promise<LoginResult> {
  if (!config) return { ok: false, reason: "off" };
  const device = await knownDevice(config, cookieHeader);
  // The id is a 43-character token of ours: it cannot be mistaken for an address.
  const key = device ? `device:${device}` : client;
  try {
    const outcome = await config.loginThrottle.run(key, () => checkPassword(config, password, device));
    if ("throttled" in outcome) return { ok: false, reason: "throttled", retryAfterSeconds: outcome.retryAfterSeconds };
    if ("concurrent" in outcome) return { ok: false, reason: "concurrent" };
    return outcome;
  } catch (error) {
    if (error instanceof PasswordCheckBusyError) return { ok: false, reason: "busy" };
    throw error;
  }
}

async function checkPassword(config: OwnerConfig, password: string, device: string | null): Promise<LoginResult> {
  if (!password || password.length > 1024 || !(await verifyOwnerPassword(password, config.passwordHash, device ? "known" : "other")))
    return { ok: false, reason: "wrong" };
  const store = sessionStorage(config);
  const session = await store.getSession();
  const now = Date.now();
  const { token, hash } = newToken();
  // Ended sessions are not kept: each login sweeps the expired rows.
  await db()
    .delete(ownerSessions)
    .where(lt(ownerSessions.expiresAt, new Date(now)));
  await db()
    .insert(ownerSessions)
    .values({ tokenHash: hash, expiresAt: new Date(now + SESSION_MS) });
  session.set("loggedInAt", now);
  session.set("sid", token);
  // The same device id again: the browser stays one key of the throttle, its cookie renewed for a year.
  const deviceCookie = await config.cookies.device.serialize(device ?? newToken().token);
  return { ok: true, setCookies: [await store.commitSession(session), deviceCookie] };
}

/** The Set-Cookie header that ends the session. */
export async function logOut(config: OwnerConfig | null, request: Request): Promise<string | undefined> {
  if (!config) return undefined;
  const store = sessionStorage(config);
  const session = await store.getSession(request.headers.get("Cookie"));
  const sid = session.get("sid");
  // On the server first: a copy of this cookie (another browser, a stolen one) ends too.
  if (typeof sid === "string")
    await db()
      .delete(ownerSessions)
      .where(eq(ownerSessions.tokenHash, hashToken(sid)));
  return store.destroySession(session);
}

/**
 * The answer to a dashboard post that worked: a redirect (a reload never posts again) to `to`,
 * with what was done kept in the owner's session until the next page shows it once (takeNotice).
 */
export async function redirectWithNotice(config: OwnerConfig | null, request: Request, to: string, notice: OwnerNotice): Promise<Response> {
  if (!config) return redirect(to, 303);
  const store = sessionStorage(config);
  const session = await store.getSession(request.headers.get("Cookie"));
  session.flash("notice", notice);
  return redirect(to, { status: 303, headers: { "Set-Cookie": await store.commitSession(session) } });
}

/** The notice a redirect left, if any, and the cookie that forgets it (the dashboard's layout shows it). */
export async function takeNotice(config: OwnerConfig | null, request: Request): Promise<{ notice?: OwnerNotice; setCookie?: string }> {
  if (!config) return {};
  const store = sessionStorage(config);
  const session = await store.getSession(request.headers.get("Cookie"));
  const notice = session.get("notice");
  return notice ? { notice, setCookie: await store.commitSession(session) } : {};
}
