import { describe, expect, it } from "vitest";
import { z } from "zod";
import { FIELD_LIMITS } from "~/lib/form-outcomes";
import {
  checkForm,
  ContactSchema,
  EMAIL_PATTERN,
  isBot,
  LeadSchema,
  NewsletterSchema,
  parseSubmissionBody,
  submitFromBrowser,
} from "~/lib/forms/public";

describe("the lead schema (browser and server)", () => {
  it("trims the name and trims and lowercases the e-mail", () => {
    expect(checkForm("lead", LeadSchema, { name: "  Ann ", email: " Ann@Example.COM " })).toEqual({
      ok: true,
      data: { name: "Ann", email: "ann@example.com" },
    });
  });

  it("reports a missing field before a bad e-mail, as the spec orders them", () => {
    const checked = checkForm("lead", LeadSchema, { name: "", email: "bad" });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.outcome).toMatchObject({ title: "Missing Information", invalidFields: ["name"] });
  });

  it("echoes only the visible text fields, never the honeypot", () => {
    const checked = checkForm("contact", ContactSchema, { name: "A", email: "x", subject: "s", message: "m", website: "spam" });
    if (checked.ok) throw new Error("expected a failure");
    expect(checked.outcome.values).toEqual({ name: "A", email: "x", subject: "s", message: "m" });
  });

  it("refuses a body that is not an object", () => {
    const checked = checkForm("newsletter", NewsletterSchema, "email=a@b.co");
    expect(checked.ok ? null : checked.outcome.title).toBe("Invalid Request");
  });

  it("knows a bot by its honeypot", () => {
    expect(isBot({ website: "x" })).toBe(true);
    expect(isBot({ website: "  " })).toBe(false);
    expect(isBot({})).toBe(false);
  });
});

describe("reading what a browser posts (Conform)", () => {
  const form = (fields: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of fields) data.append(name, value);
    return data;
  };

  it("reads a form the way the JSON of the same fields is read", () => {
    const fields: [string, string][] = [
      ["name", " Ann "],
      ["email", "ANN@example.com"],
      ["sourcePage", "budgeting-tips-that-work"],
      ["website", ""],
    ];
    expect(checkForm("lead", LeadSchema, form(fields))).toEqual({
      ok: true,
      data: { name: "Ann", email: "ann@example.com", sourcePage: "budgeting-tips-that-work" },
    });
  });

  it("takes an empty field for a missing one, and keeps what was typed", () => {
    const checked = checkForm("newsletter", NewsletterSchema, form([["email", ""]]));
    if (checked.ok) throw new Error("expected a failure");
    expect(checked.outcome).toMatchObject({
      status: "invalid",
      title: "Missing Information",
      invalidFields: ["email"],
      values: { email: "" },
    });
  });

  it("refuses a field no form has", () => {
    const checked = checkForm(
      "newsletter",
      NewsletterSchema,
      form([
        ["email", "a@b.co"],
        ["admin", "1"],
      ]),
    );
    expect(checked.ok ? null : checked.outcome).toMatchObject({
      status: "rejected",
      description: 'Unknown field: "admin". This form does not accept it.',
    });
  });

  it("reads a checkbox as HTML sends it: absent is false, its value is true; JSON keeps its types", () => {
    const Schema = z.strictObject({ includeBump: z.boolean() });
    expect(parseSubmissionBody(form([]), Schema)).toMatchObject({ ok: true, value: { includeBump: false } });
    expect(parseSubmissionBody(form([["includeBump", "1"]]), Schema)).toMatchObject({ ok: true, value: { includeBump: true } });
    expect(parseSubmissionBody(form([["includeBump", "on"]]), Schema)).toMatchObject({ ok: true, value: { includeBump: true } });
    expect(parseSubmissionBody(form([["includeBump", "yes"]]), Schema)).toMatchObject({
      ok: false,
      error: { includeBump: [{ code: "invalid_type" }] },
    });
    expect(parseSubmissionBody({ includeBump: true }, Schema)).toMatchObject({ ok: true, value: { includeBump: true } });
    expect(parseSubmissionBody({}, Schema)).toMatchObject({ ok: false, error: { includeBump: [{ code: "invalid_type" }] } });
    expect(parseSubmissionBody({ includeBump: "true" }, Schema)).toMatchObject({ ok: false });
  });
});

describe("submitting from the browser", () => {
  it("shows the server's refusal (429 from the protections) instead of an error page", async () => {
    const refusal = {
      status: 429,
      statusText: "Too Many Requests",
      data: JSON.stringify({ status: "rejected", title: "Too Many Attempts", description: "Wait." }),
    };
    const outcome = await submitFromBrowser("lead", () => Promise.reject(refusal));
    expect(outcome).toEqual({ form: "lead", status: "rejected", title: "Too Many Attempts", description: "Wait." });
  });

  it("shows 'Oops!' when the network fails", async () => {
    const outcome = await submitFromBrowser("contact", () => Promise.reject(new TypeError("Failed to fetch")));
    expect(outcome).toMatchObject({ status: "unavailable", title: "Oops!", description: "Something went wrong. Please try again." });
  });
});

/**
 * The cost of one call: `runs` calls in 30 short batches, the fastest batch's average. A pause that
 * is not the code's (garbage collection, another process on a busy machine) lands in some batches,
 * not in all, so it cannot make one input look slower than another.
 */
function fastest(call: () => unknown, runs: number): number {
  const perBatch = Math.max(1, Math.ceil(runs / 10));
  let best = Infinity;
  for (let batch = 0; batch < 30; batch++) {
    const started = performance.now();
    for (let i = 0; i < perBatch; i++) call();
    best = Math.min(best, (performance.now() - started) / perBatch);
  }
  return best;
}

describe("the e-mail check's cost", () => {
  const time = (input: unknown, runs: number) => fastest(() => checkForm("newsletter", NewsletterSchema, input), runs);

  it("refuses the worst 16 KB input for about what a normal address costs (a ratio, not a time)", () => {
    const normal = { email: "ann.lee@example.com" };
    const worst = [{ email: `a@${".".repeat(16_000)}@` }, { email: `a@${"b.".repeat(8_000)}@` }, { email: `${"a".repeat(16_000)}@b` }];
    time(normal, 200); // warm up
    const base = time(normal, 500);
    for (const input of worst) {
      expect(checkForm("newsletter", NewsletterSchema, input).ok).toBe(false);
      // The old pattern took ~10,000x a normal address here; linear work on 16 KB costs far less than 50x.
      expect(time(input, 50) / base).toBeLessThan(50);
    }
  });

  // The schema stops at the length limit before the pattern runs, so the test above never reaches
  // the pattern: these run it, on the worst shapes, at the limit and far past it.
  it("runs the pattern on the worst shapes at the length limit, for about what a normal address costs", () => {
    const limit = FIELD_LIMITS.email;
    const worst = [`a@${".".repeat(limit - 3)}@`, `a@${"b.".repeat((limit - 3) / 2)}@`, `${"a".repeat(limit - 2)}@b`];
    // Against a valid address of the same length: a linear pattern costs about the same on both
    // (against a 19-character address the ratio is the length's, ~20x, however linear).
    const normal = { email: `${"a".repeat(limit - "@example.com".length)}@example.com` };
    expect(checkForm("newsletter", NewsletterSchema, normal).ok).toBe(true);
    time(normal, 200);
    const base = time(normal, 500);
    for (const address of worst) {
      expect(address.length).toBeLessThanOrEqual(limit);
      const input = { email: address };
      const result = checkForm("newsletter", NewsletterSchema, input);
      expect(result.ok).toBe(false);
      expect(result.ok ? null : result.outcome.title).toBe("Invalid Email");
      expect(time(input, 200) / base).toBeLessThan(20);
    }
  });

  it("the pattern alone grows linearly with the input (16 KB costs about 10x 1.6 KB, not 100x)", () => {
    const cost = (address: string, runs: number) => fastest(() => EMAIL_PATTERN.test(address), runs);
    for (const shape of [
      (n: number) => `a@${".".repeat(n)}@`,
      (n: number) => `a@${"b.".repeat(n / 2)}@`,
      (n: number) => `${"a".repeat(n)}@b`,
    ]) {
      cost(shape(1_600), 50);
      const small = cost(shape(1_600), 200);
      const large = cost(shape(16_000), 20);
      expect(EMAIL_PATTERN.test(shape(16_000))).toBe(false);
      expect(large / small).toBeLessThan(40);
    }
  });
});
