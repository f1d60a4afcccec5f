/**
 * The owner's session: one signed cookie (React Router's cookie session storage) holding when the
 * owner logged in and a random session id, whose hash is a row of owner_sessions. Logging out
 * deletes the row, so a copied cookie ends with it; a restart logs no one out; changing
 * SESSION_SECRET logs everyone out.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { createCookieSessionStorage, redirect, type SessionStorage } from "react-router";
import { ownerSessions } from "../../../db/schema";
import { db } from "~/server/db.server";
import { hashToken, newToken } from "~/server/tokens.server";
import { env } from "~/server/env.server";
import { throttledLogin } from "~/server/admin/login-throttle.server";
import { PasswordCheckBusyError, verifyOwnerPassword } from "~/server/admin/owner-password.server";

export const OWNER_COOKIE = "fsm_owner";
export const SESSION_HOURS = 12;
const SESSION_MS = SESSION_HOURS * 60 * 60 * 1000;

export type OwnerConfig = { passwordHash: string; sessionSecret: string; secureCookie: boolean };
type SessionData = { loggedInAt: number; sid: string };

let override: OwnerConfig | null | undefined;
let storage: { config: OwnerConfig; storage: SessionStorage<SessionData> } | undefined;

/** The dashboard's settings, or null when OWNER_PASSWORD_HASH or SESSION_SECRET is missing (it is off). */
export function ownerConfig(): OwnerConfig | null {
  if (override !== undefined) return override;
  const e = env();
  if (!e.OWNER_PASSWORD_HASH || !e.SESSION_SECRET) return null;
  return { passwordHash: e.OWNER_PASSWORD_HASH, sessionSecret: e.SESSION_SECRET, secureCookie: e.PUBLIC_ORIGIN.startsWith("https:") };
}

/** Tests: use these settings (null: the dashboard is off); undefined goes back to the environment. */
export function configureOwner(next: OwnerConfig | null | undefined): void {
  override = next;
  storage = undefined;
}

function sessionStorage(config: OwnerConfig): SessionStorage<SessionData> {
  if (storage?.config !== config) {
    storage = {
      config,
      storage: createCookieSessionStorage<SessionData>({
        cookie: {
          name: OWNER_COOKIE,
          httpOnly: true,
          sameSite: "strict",
          secure: config.secureCookie,
          // "/": the page-view counter on every page must see it to leave the owner's own visits out.
          path: "/",
          maxAge: SESSION_MS / 1000,
          secrets: [config.sessionSecret],
        },
      }),
    };
  }
  return storage.storage;
}

/**
 * Whether this request carries a valid owner session: signed with the secret and younger than
 * 12 hours by its own timestamp (the cookie's Max-Age only asks the browser to forget it).
 */
export async function isOwner(request: Request): Promise<boolean> {
  const config = ownerConfig();
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
export async function requireOwner(request: Request): Promise<void> {
  if (!(await isOwner(request))) throw redirect(loginPath(request), 303);
}

/** Only paths of the dashboard itself (never "//host" or another site) are followed after login. */
export function safeNext(next: string | null): string {
  // No control characters: a CR or LF in a Location header makes the answer fail (500).
  const plain = next !== null && ![...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  return plain && /^\/admin(?:[/?]|$)/.test(next) && !next.includes("\\") && !next.startsWith("//") ? next : "/admin";
}

export type LoginResult =
  | { ok: true; setCookie: string }
  | { ok: false; reason: "off" | "wrong" | "busy" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

/**
 * Check the password (scrypt, constant-time compare) under the client's login throttle and make
 * the session cookie. `client` is the address the throttle counts against.
 */
export async function logIn(password: string, client: string): Promise<LoginResult> {
  const config = ownerConfig();
  if (!config) return { ok: false, reason: "off" };
  let result: LoginResult;
  try {
    const outcome = await throttledLogin(client, () => checkPassword(config, password));
    result = "throttled" in outcome ? { ok: false, reason: "throttled", retryAfterSeconds: outcome.retryAfterSeconds } : outcome;
  } catch (error) {
    if (error instanceof PasswordCheckBusyError) return { ok: false, reason: "busy" };
    throw error;
  }
  return result;
}

async function checkPassword(config: OwnerConfig, password: string): Promise<LoginResult> {
  if (!password || password.length > 1024 || !(await verifyOwnerPassword(password, config.passwordHash)))
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
  return { ok: true, setCookie: await store.commitSession(session) };
}

/** The Set-Cookie header that ends the session. */
export async function logOut(request: Request): Promise<string | undefined> {
  const config = ownerConfig();
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
