import { describe, expect, it } from "vitest";
import { baseMailbox, canonicalEmail, isBareEmail } from "./email-address";
import { checkForm, ContactSchema, LeadSchema, NewsletterSchema, OrderLookupSchema } from "./forms/public";

/** The spellings the security review typed (issue 40): each one reached the victim's mailbox. */
const WRAPPED = [
  "x<victim@example.com>",
  "(c)victim@example.com",
  "victim@example.com(2)",
  "http://prize.example/<victim@example.com>",
  '"Prize winner" <victim@example.com>',
  "Victim <victim@example.com>",
  "victim@example.com, other@example.com",
  "victim@example.com other@example.com",
  "@relay.example:victim@example.com",
  '"victim"@example.com',
  "victim @example.com",
  "victim@[127.0.0.1]",
  "vic\u00adtim@example.com",
  "victim@exam\u0131ple.com",
];

describe("a bare address only", () => {
  it.each(WRAPPED)("refuses %j in every form that takes an address, with the spec's 'Invalid Email'", (typed) => {
    for (const [form, schema, fields] of [
      ["lead", LeadSchema, { name: "Ann" }],
      ["newsletter", NewsletterSchema, {}],
      ["contact", ContactSchema, { name: "Ann", subject: "Hi", message: "Hello" }],
    ] as const) {
      const checked = checkForm(form, schema, { ...fields, email: typed });
      expect(checked.ok, `${form} took ${JSON.stringify(typed)}`).toBe(false);
      if (!checked.ok) expect(checked.outcome.title).toBe("Invalid Email");
    }
    expect(OrderLookupSchema.safeParse({ email: typed }).success).toBe(false);
    expect(isBareEmail(typed.trim())).toBe(false);
  });

  it.each([
    "ann@example.com",
    "ann.lee+budget@example.co.uk",
    "o'brien@example.ie",
    "a_b-c@sub.example-site.org",
    "x@xn--bcher-kva.example",
  ])("takes %j", (typed) => {
    expect(isBareEmail(typed)).toBe(true);
    expect(checkForm("newsletter", NewsletterSchema, { email: typed }).ok).toBe(true);
  });
});

describe("one spelling per mailbox", () => {
  it.each([
    [" Ann@Example.COM ", "ann@example.com"],
    ["A.nn.Lee+news@Gmail.com", "annlee@gmail.com"],
    ["annlee@googlemail.com", "annlee@gmail.com"],
    ["ann+shop@outlook.com", "ann@outlook.com"],
    ["ann+x@icloud.com", "ann@icloud.com"],
    // Elsewhere a dot or a "+" may name another mailbox: kept as typed (lowercased).
    ["ann.lee+budget@example.com", "ann.lee+budget@example.com"],
    ["ann.lee@yahoo.com", "ann.lee@yahoo.com"],
  ])("%j is stored and compared as %j", (typed, stored) => {
    expect(canonicalEmail(typed)).toBe(stored);
    const checked = checkForm("lead", LeadSchema, { name: "Ann", email: typed });
    expect(checked.ok && checked.data.email).toBe(stored);
  });

  it("keeps what was typed when the rule would leave no name", () => {
    expect(canonicalEmail("+news@gmail.com")).toBe("+news@gmail.com");
  });
});

describe("the base mailbox of a +tag spelling", () => {
  it.each([
    ["victim1+a@example.net", "victim1@example.net"],
    ["Victim1+a+b@Example.net", "victim1@example.net"],
    ["victim1@example.net", "victim1@example.net"],
    // Known providers drop the tag already; "+tag@" alone names no mailbox and stays itself.
    ["a.nn+news@gmail.com", "ann@gmail.com"],
    ["+news@example.net", "+news@example.net"],
  ])("%j is covered by a suppression of %j", (typed, base) => {
    expect(baseMailbox(typed)).toBe(base);
  });
});
