/**
 * The security review's login findings (issue 42, item 7), through the login action as React
 * Router calls it: the owner's known browser (its device cookie) logs in through a flood of wrong
 * passwords from many addresses and after strangers' failures from her own address; one check
 * in flight per client; a "busy" answer spends the client's allowance.
 */
import { describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/admin/login";
import { LOGIN_FAILURES_ALLOWED } from "~/server/admin/login-throttle.server";
import { hashOwnerPassword } from "~/server/admin/owner-password.server";
import { ownerConfig, type OwnerConfig } from "~/server/admin/owner-session.server";
import { useTestDatabase } from "../helpers/db";
import { call, requestsTo } from "../helpers/routes";

const PASSWORD = "test-only owner password";
const SECRET = "test-only-session-secret-0123456789abcdef";
// The cheapest parameters the format accepts: these tests hash on every attempt.
const owner: OwnerConfig = ownerConfig({
  passwordHash: hashOwnerPassword(PASSWORD, { ln: 14, r: 8, p: 1 }),
  sessionSecret: SECRET,
  secureCookie: true,
});
const HER_OFFICE = "203.0.113.7";
const { post } = requestsTo("https://shop.example");

useTestDatabase();

const attempt = (client: string, password: string, cookie?: string) =>
  call<{ error?: string }>(() =>
    loginAction({
      request: post("/admin/login", { password, next: "/admin" }, cookie),
      params: {},
      context: { clientAddress: client, config: { owner } },
    } as never),
  );

/** Her browser's device cookie, as a first login from her office sets it ("name=value" for the next request). */
async function knownBrowser(): Promise<string> {
  const first = await attempt(HER_OFFICE, PASSWORD);
  expect(first.status).toBe(303);
  const device = first.headers.getSetCookie().find((c) => c.startsWith("fsm_owner_device="));
  expect(device).toBeDefined();
  return device!.split(";")[0]!;
}

const flood = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => attempt(`${prefix}.${i}`, `wrong ${i}`));

describe("the owner's known browser", () => {
  it("gets a long-lived device cookie on login: HttpOnly, Secure, SameSite=Lax, for the login only", async () => {
    const first = await attempt(HER_OFFICE, PASSWORD);
    const device = first.headers.getSetCookie().find((c) => c.startsWith("fsm_owner_device="))!;
    expect(device).toContain("; HttpOnly");
    expect(device).toContain("; Secure");
    expect(device).toContain("; SameSite=Lax");
    expect(device).toContain("; Path=/admin/login");
    expect(device).toContain(`; Max-Age=${365 * 24 * 60 * 60}`);
    // The session cookie stays first and unchanged in kind.
    expect(first.headers.getSetCookie()[0]).toMatch(/^fsm_owner=.*; SameSite=Strict/);
  });

  it("logs in while wrong passwords from many addresses fill the password-check queue", async () => {
    const cookie = await knownBrowser();
    const answers = await Promise.all([...flood(30, "198.51.100"), attempt(HER_OFFICE, PASSWORD, cookie)]);
    const hers = answers.pop()!;
    // The flood did fill the strangers' queue: some of them were told "busy".
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    expect(hers.status).toBe(303);
    expect(hers.headers.getSetCookie()[0]).toMatch(/^fsm_owner=/);
  });

  it("logs in after five strangers' wrong passwords from her office's address; without the cookie she waits", async () => {
    const cookie = await knownBrowser();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) expect((await attempt(HER_OFFICE, `wrong ${i}`)).status).toBe(401);

    expect((await attempt(HER_OFFICE, PASSWORD)).status).toBe(429);
    // A device cookie signed with another secret is no device of hers.
    const forged = `fsm_owner_device=${cookie.split("=")[1]!.replace(/^./, (c) => (c === "a" ? "b" : "a"))}`;
    expect((await attempt(HER_OFFICE, PASSWORD, forged)).status).toBe(429);
    expect((await attempt(HER_OFFICE, PASSWORD, cookie)).status).toBe(303);
  });

  it("is throttled by its own failures: five wrong with the device cookie and it waits too", async () => {
    const cookie = await knownBrowser();
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) expect((await attempt(`192.0.2.${i}`, `wrong ${i}`, cookie)).status).toBe(401);
    const throttled = await attempt("192.0.2.99", PASSWORD, cookie);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.getSetCookie()).toEqual([]);
  });
});

describe("one password check in flight per client", () => {
  it("refuses a second attempt while the first is being checked, without a check, and counts it as a failure", async () => {
    // Sent together: whichever reaches the check first is checked, the other is refused (on a busy
    // machine the second sent may be the first to arrive).
    const answers = await Promise.all([attempt("203.0.113.20", `wrong a`), attempt("203.0.113.20", `wrong b`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([401, 429]);
    const second = answers.find((a) => a.status === 429)!;
    expect(second.data).toEqual({
      error: "Another login from this browser or connection is being checked. Wait a moment, then try again.",
    });

    // Two failures so far: three more wrong ones use up the five, and even the right password waits.
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED - 2; i++) expect((await attempt("203.0.113.20", `wrong ${i}`)).status).toBe(401);
    expect((await attempt("203.0.113.20", PASSWORD)).status).toBe(429);
  });

  it("two right passwords at once from one client: one logs in, the other is told to wait", async () => {
    const statuses = (await Promise.all([attempt("203.0.113.21", PASSWORD), attempt("203.0.113.21", PASSWORD)])).map((a) => a.status);
    expect(statuses.sort()).toEqual([303, 429]);
  });
});

describe("a busy answer", () => {
  it("counts against the client that got it", async () => {
    const answers = await Promise.all([...flood(20, "198.51.100"), attempt("203.0.113.30", "wrong 0")]);
    expect(answers.pop()!.status).toBe(503);

    // The busy answer was one failure: four more use up the five, and even the right password waits.
    for (let i = 1; i < LOGIN_FAILURES_ALLOWED; i++) expect((await attempt("203.0.113.30", `wrong ${i}`)).status).toBe(401);
    expect((await attempt("203.0.113.30", PASSWORD)).status).toBe(429);
  });
});
