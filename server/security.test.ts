import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy, routeReferrerPolicyWins } from "./security";

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `))
    ?.split(/\s+/)
    .slice(1);

describe("baseSecurityHeaders", () => {
  it("sends HSTS for a year only when the public origin is https", () => {
    expect(baseSecurityHeaders("https://freshstartmoney.example")["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(baseSecurityHeaders("http://localhost:3000")["Strict-Transport-Security"]).toBeUndefined();
  });

  it("always sends nosniff, the referrer policy and a permissions policy", () => {
    for (const origin of ["http://localhost:3000", "https://freshstartmoney.example"]) {
      const headers = baseSecurityHeaders(origin);
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
      expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["Permissions-Policy"]).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
      expect(headers).not.toHaveProperty("X-Powered-By");
    }
  });
});

describe("contentSecurityPolicy", () => {
  const hashes = ["'sha256-abc='", "'sha256-def='"];

  it("allows scripts from the site and the given hashes or nonce only: never inline or eval", () => {
    const csp = contentSecurityPolicy(hashes, "http://localhost:3000");
    expect(directive(csp, "script-src")).toEqual(["'self'", ...hashes]);
    const ssr = contentSecurityPolicy(["'nonce-r4nd0m'"], "http://localhost:3000");
    expect(directive(ssr, "script-src")).toEqual(["'self'", "'nonce-r4nd0m'"]);
    for (const policy of [csp, ssr]) {
      expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(directive(policy, "object-src")).toEqual(["'none'"]);
      expect(directive(policy, "base-uri")).toEqual(["'none'"]);
      expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
      expect(directive(policy, "form-action")).toEqual(["'self'", "https://checkout.stripe.com"]);
      expect(directive(policy, "default-src")).toEqual(["'self'"]);
    }
  });

  it("upgrades insecure requests only for an https origin", () => {
    expect(contentSecurityPolicy(hashes, "https://freshstartmoney.example")).toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy(hashes, "http://localhost:3000")).not.toContain("upgrade-insecure-requests");
  });
});

describe("routeReferrerPolicyWins", () => {
  async function referrerPolicy(routeValue: string | undefined, end: "end" | "writeHead" = "end") {
    const server = createServer((req, res) => {
      res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
      routeReferrerPolicyWins(req, res, () => {
        // What React Router's Express adapter does with a route's headers: append.
        if (routeValue) res.setHeader("Referrer-Policy", [String(res.getHeader("Referrer-Policy")), routeValue]);
        if (end === "writeHead") res.writeHead(200, { "Content-Type": "text/html" });
        res.end("ok");
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      return response.headers.get("referrer-policy");
    } finally {
      server.close();
    }
  }

  it("sends the route's stricter policy alone", async () => {
    expect(await referrerPolicy("no-referrer")).toBe("no-referrer");
    expect(await referrerPolicy("same-origin", "writeHead")).toBe("same-origin");
  });

  it("keeps the site's policy when the route sets none", async () => {
    expect(await referrerPolicy(undefined)).toBe("strict-origin-when-cross-origin");
  });
});
