import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy } from "./security";

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
