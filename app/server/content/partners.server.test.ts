import { describe, expect, it } from "vitest";
import { loader } from "~/routes/go";
import { PARTNER_IDS, PARTNERS } from "~/lib/partners";
import { parseEnv } from "../env.server";

const PRODUCTION = { NODE_ENV: "production", PAYMENT_PROVIDER: "test", MAIL_TRANSPORT: "file" } as const;
const OWNER_LINKS = {
  PARTNER_URL_CREDIT_REPAIR: "https://partner-one.test/r/fsm",
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

  it("in production, the server refuses to start while any link is a placeholder, naming each", () => {
    const message = configurationError({ ...PRODUCTION });
    expect(message).toContain(
      'PARTNER_URL_CREDIT_REPAIR: is a placeholder (https://www.example.com/partners/credit-repair): set it to your own https link for "Professional credit repair service"',
    );
    expect(message).toContain("PARTNER_URL_IDENTITY_MONITORING: is a placeholder");

    const one = configurationError({ ...PRODUCTION, ...OWNER_LINKS, PARTNER_URL_IDENTITY_MONITORING: "https://go.example.org/x" });
    expect(one).toContain("PARTNER_URL_IDENTITY_MONITORING: is a placeholder (https://go.example.org/x)");
    expect(one).not.toContain("PARTNER_URL_CREDIT_REPAIR");

    expect(configurationError({ ...PRODUCTION, ...OWNER_LINKS, PARTNER_URL_CREDIT_REPAIR: "http://partner-one.test/r" })).toContain(
      "PARTNER_URL_CREDIT_REPAIR: is not https",
    );
    expect(configurationError({ ...PRODUCTION, ...OWNER_LINKS, PARTNER_URL_CREDIT_REPAIR: "not a link" })).toContain(
      "PARTNER_URL_CREDIT_REPAIR",
    );
  });

  it("starts in production with the owner's links, and in development with the placeholders ('' counts as unset)", () => {
    expect(parseEnv({ ...PRODUCTION, ...OWNER_LINKS }).PARTNER_URL_CREDIT_REPAIR).toBe("https://partner-one.test/r/fsm");
    expect(parseEnv({ PARTNER_URL_CREDIT_REPAIR: "" }).PARTNER_URL_CREDIT_REPAIR).toBe("https://www.example.com/partners/credit-repair");
  });

  it("/go/<partner> redirects to the configured link, is never cached or indexed; an unknown partner is a 404", async () => {
    let thrown: unknown;
    try {
      goTo("credit-repair");
    } catch (response) {
      thrown = response;
    }
    const redirect = thrown as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("https://www.example.com/partners/credit-repair");
    expect(redirect.headers.get("Cache-Control")).toBe("no-store");
    expect(redirect.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");

    for (const unknown of ["nope", "toString", "__proto__"]) {
      const response = goTo(unknown) as Response;
      expect(response.status).toBe(404);
    }
  });
});
