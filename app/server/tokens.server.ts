/** Random link tokens: 256 bits, base64url; only their SHA-256 is ever stored. */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 43 base64url characters: anything else is not one of ours, and is refused before any query. */
export function isTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Whether `token` is the one whose hash was stored, compared in constant time. */
export function matchesTokenHash(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
