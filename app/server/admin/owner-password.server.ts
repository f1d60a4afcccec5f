/**
 * The owner's password, stored only as an scrypt hash (node:crypto) in OWNER_PASSWORD_HASH, in a
 * self-describing format that names its parameters, so they can be raised later without
 * breaking a stored value:
 *
 *   scrypt:ln=15,r=8,p=1:<salt, base64url>:<hash, base64url>
 *
 * No "$" in it (unlike the PHC string), so it survives .env files, shells and compose files
 * that expand "$". See docs/decisions/020-owner-dashboard.md for the parameters.
 */
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from "node:crypto";
import pLimit from "p-limit";

/**
 * N=2^15, r=8, p=3: one of OWASP's equivalent scrypt minimums (the same work as 2^17, r=8, p=1)
 * with a quarter of the memory, 32 MiB per attempt, so a burst of logins cannot exhaust memory.
 */
export const SCRYPT_DEFAULTS = { ln: 15, r: 8, p: 3 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** The minimum length `npm run owner:hash` accepts. */
export const MIN_PASSWORD_LENGTH = 12;

export const OWNER_HASH_PATTERN = /^scrypt:ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2}):([A-Za-z0-9_-]{16,}):([A-Za-z0-9_-]{43})$/;

type Params = { ln: number; r: number; p: number; salt: Buffer; hash: Buffer };

/** The stored value's parts, or a reason it is not one (env.server.ts reports it at start-up). */
export function parseOwnerHash(value: string): { ok: true; params: Params } | { ok: false; reason: string } {
  const m = OWNER_HASH_PATTERN.exec(value.trim());
  if (!m) return { ok: false, reason: "must be the output of `npm run owner:hash` (scrypt:ln=..,r=..,p=..:salt:hash)" };
  const [ln, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Bounds: weaker is not acceptable, and a much costlier value would make each login a denial of service.
  if (ln < 14 || ln > 20 || r < 8 || r > 32 || p < 1 || p > 16) {
    return { ok: false, reason: "has scrypt parameters out of range (ln 14-20, r 8-32, p 1-16)" };
  }
  return { ok: true, params: { ln, r, p, salt: Buffer.from(m[4]!, "base64url"), hash: Buffer.from(m[5]!, "base64url") } };
}

const options = ({ ln, r, p }: { ln: number; r: number; p: number }): ScryptOptions => ({
  N: 2 ** ln,
  r,
  p,
  // Node refuses more than 32 MiB unless told: 128 * N * r bytes, plus headroom.
  maxmem: 256 * 2 ** ln * r + 1024 * 1024,
});

/** The value to put in OWNER_PASSWORD_HASH for this password. */
export function hashOwnerPassword(password: string, params: { ln: number; r: number; p: number } = SCRYPT_DEFAULTS): string {
  const salt = randomBytes(SALT_BYTES);
  const hash = scryptSync(password.normalize("NFC"), salt, KEY_BYTES, options(params));
  return `scrypt:ln=${params.ln},r=${params.r},p=${params.p}:${salt.toString("base64url")}:${hash.toString("base64url")}`;
}

/**
 * One scrypt at a time per lane, and a short queue: each check holds one of libuv's four threads
 * for about 0.25 s, the threads file downloads and compression also use, so a stream of logins
 * (even from many addresses, each within its throttle) must not take them all. Past the queue, a
 * check is refused at once instead of waiting.
 *
 * Two lanes: "known" for a browser carrying a valid device cookie (the owner's, set by a past
 * login), "other" for everyone else. Strangers can fill only their own lane, so a flood of wrong
 * passwords from many addresses never makes the owner's browser wait or answer "busy"
 * (docs/decisions/055-owner-login-device-cookie.md). At most two threads are ever hashing.
 */
export type CheckLane = "known" | "other";
const lanes: Record<CheckLane, ReturnType<typeof pLimit>> = { known: pLimit(1), other: pLimit(1) };
export const PASSWORD_CHECKS_QUEUED_MAX = 4;

/** Too many password checks are waiting: the caller answers "busy, try again" (503). */
export class PasswordCheckBusyError extends Error {
  constructor() {
    super("Too many password checks at once");
    this.name = "PasswordCheckBusyError";
  }
}

/** Whether the password matches the stored hash, compared in constant time. */
export async function verifyOwnerPassword(password: string, stored: string, lane: CheckLane = "other"): Promise<boolean> {
  const parsed = parseOwnerHash(stored);
  if (!parsed.ok) return false;
  const { salt, hash, ...params } = parsed.params;
  const hashing = lanes[lane];
  if (hashing.pendingCount >= PASSWORD_CHECKS_QUEUED_MAX) throw new PasswordCheckBusyError();
  const derived = await hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize("NFC"), salt, hash.length, options(params), (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
  return derived.length === hash.length && timingSafeEqual(derived, hash);
}
