import { describe, expect, it } from "vitest";
import { loader } from "~/routes/go";
import { isPartnerId, PARTNER_IDS, PARTNERS } from "~/lib/partners";
import { parseEnv } from "../env.server";
import { toArticle } from "./article-store.server";

const PRODUCTION = { NODE_ENV: "production", PAYMENT_PROVIDER: "test", MAIL_TRANSPORT: "file" } as const;
const OWNER_LINKS = {
  PARTNER_URL_IDENTITY_MONITORING: "https://partner-two.test/?aff=fsm",
};

function configurationError(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("parseEnv accepted the configuration");
}

const goTo = (partner: string) => loader({ params: { partner } } as Parameters<typeof loader>[0]);

describe("partner links are the owner's", () => {
  it("every partner has its own variable", () => {
    expect(PARTNER_IDS.map((id) => PARTNERS[id].envVar).sort()).toEqual(Object.keys(OWNER_LINKS).sort());
  });

  it("has no credit repair service partner (we have no named one): identity monitoring is the only offer", () => {
    expect(PARTNER_IDS).toEqual(["identity-monitoring"]);
    expect(isPartnerId("credit-repair")).toBe(false);
    expect(isPartnerId("identity-monitoring")).toBe(true);
  });

  it("in production, the server refuses to start while any link is a placeholder, naming each", () => {
    const message = configurationError({ ...PRODUCTION });
    expect(message).toContain(
      'PARTNER_URL_IDENTITY_MONITORING: is a placeholder (https://www.example.com/partners/identity-monitoring): set it to your own https link for "Identity and credit monitoring"',
    );
    expect(message).not.toContain("PARTNER_URL_CREDIT_REPAIR");

    const one = configurationError({ ...PRODUCTION, ...OWNER_LINKS, PARTNER_URL_IDENTITY_MONITORING: "https://go.example.org/x" });
    expect(one).toContain("PARTNER_URL_IDENTITY_MONITORING: is a placeholder (https://go.example.org/x)");

    expect(configurationError({ ...PRODUCTION, ...OWNER_LINKS, PARTNER_URL_IDENTITY_MONITORING: "http://partner-two.test/r" })).toContain(
      "PARTNER_URL_IDENTITY_MONITORING: is not https",
    );
    expect(configurationError({ ...PRODUCTION, ...OWNER_LINKS, PARTNER_URL_IDENTITY_MONITORING: "not a link" })).toContain(
      "PARTNER_URL_IDENTITY_MONITORING",
    );
  });

  it("starts in production with the owner's links, and in development with the placeholders ('' counts as unset)", () => {
    expect(parseEnv({ ...PRODUCTION, ...OWNER_LINKS }).PARTNER_URL_IDENTITY_MONITORING).toBe("https://partner-two.test/?aff=fsm");
    expect(parseEnv({ PARTNER_URL_IDENTITY_MONITORING: "" }).PARTNER_URL_IDENTITY_MONITORING).toBe(
      "https://www.example.com/partners/identity-monitoring",
    );
    // A server still configured with the removed partner's variable starts: the variable is ignored.
    const leftover = parseEnv({ ...PRODUCTION, ...OWNER_LINKS, PARTNER_URL_CREDIT_REPAIR: "https://partner-one.test/r/fsm" });
    expect(leftover).not.toHaveProperty("PARTNER_URL_CREDIT_REPAIR");
  });

  it("an article stored before the credit repair card was removed shows only the partners the site still has", () => {
    const row = { affiliates: ["credit-repair", "identity-monitoring"], related: [], sources: [], imageId: null, shippedImage: null };
    expect(toArticle(row as unknown as Parameters<typeof toArticle>[0]).affiliates).toEqual(["identity-monitoring"]);
  });

  it("/go/<partner> redirects to the configured link, is never cached or indexed; an unknown partner is a 404", async () => {
    let thrown: unknown;
    try {
      goTo("identity-monitoring");
    } catch (response) {
      thrown = response;
    }
    const redirect = thrown as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("https://www.example.com/partners/identity-monitoring");
    expect(redirect.headers.get("Cache-Control")).toBe("no-store");
    expect(redirect.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");

    // The removed credit repair service partner's address is gone too.
    for (const unknown of ["credit-repair", "nope", "toString", "__proto__"]) {
      const response = goTo(unknown) as Response;
      expect(response.status).toBe(404);
    }
  });
});
