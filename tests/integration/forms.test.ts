/**
 * The three public forms through their route actions, with real Request objects, against a
 * real database (fresh in-memory PGlite, or PostgreSQL with TEST_DB=postgres): what the visitor
 * is told, the HTTP status, and what the tables hold afterwards.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consents, contactEvents, contactMessages, contacts, leads, newsletterSubscribers, outbox } from "../../db/schema";
import { NEWSLETTER_CONSENT } from "~/lib/site";
import { DEFAULT_GUIDE_FOR_CATEGORY, GUIDES } from "~/lib/guides";
import { getShippedArticles } from "~/content/shipped-articles.server";
import { loader as articleLoader } from "~/routes/blog-post";
import { db } from "~/server/db.server";
import { testSite } from "../helpers/context";
import { storeOnce } from "~/server/forms/submission.server";
import { useTestDatabase } from "../helpers/db";
import { allLeads, ARTICLE, postContact, postLead, postNewsletter, request, rowCount } from "../helpers/forms";
import { action as contactApi } from "~/routes/api/forms.contact";
import { expectLog } from "../helpers/console-errors";

const testDb = useTestDatabase();

/** The answer names the guide the article's form offers: ARTICLE is about budgeting, so the workbook. */
const SUCCESS = { title: "Success!", description: "Check your email for your free First Budget Workbook!" };
const guideOf = (slug: string) => GUIDES[DEFAULT_GUIDE_FOR_CATEGORY[getShippedArticles().find((a) => a.slug === slug)!.category]].title;
const MISSING = { title: "Missing Information", description: "Please enter both your name and email." };
const INVALID_EMAIL = { title: "Invalid Email", description: "Please enter a valid email address." };
const DUPLICATE = { title: "Already Subscribed", description: "This email is already on our list! Check your inbox for the guide." };
const OOPS = { title: "Oops!", description: "Something went wrong. Please try again." };

describe("lead form", () => {
  it("stores a lead from every article, trimmed and lowercased, with the article's slug", async () => {
    const slugs = getShippedArticles().map((a) => a.slug);
    expect(slugs).toHaveLength(8);
    for (const [i, slug] of slugs.entries()) {
      const res = await postLead({ form: { name: `  Reader ${i}  `, email: `  Reader.${i}@Example.COM `, sourcePage: slug } }, slug);
      expect(res.status).toBe(200);
      expect(res.outcome).toMatchObject({
        status: "success",
        title: "Success!",
        description: `Check your email for your free ${guideOf(slug)}!`,
      });
    }
    const rows = await allLeads();
    expect(rows.map((r) => [r.name, r.email, r.sourcePage, r.leadMagnet])).toEqual(
      slugs.map((slug, i) => [`Reader ${i}`, `reader.${i}@example.com`, slug, guideOf(slug)]),
    );
    // Both guides are offered by the shipped articles' categories.
    expect(new Set(slugs.map(guideOf))).toEqual(new Set(["Credit Repair Starter Guide", "First Budget Workbook"]));
    expect(rows.every((r) => r.createdAt instanceof Date)).toBe(true);
  });

  it("takes the source page from the article's URL when the body has none", async () => {
    const res = await postLead({ json: { name: "Ann", email: "ann@example.com" } }, "credit-card-mistakes");
    expect(res.status).toBe(200);
    expect((await allLeads())[0]).toMatchObject({ email: "ann@example.com", sourcePage: "credit-card-mistakes" });
  });

  it.each([
    ["no name", { name: "", email: "ann@example.com" }, ["name"]],
    ["a name of spaces", { name: "   ", email: "ann@example.com" }, ["name"]],
    ["no e-mail", { name: "Ann", email: "  " }, ["email"]],
    ["neither", { name: "", email: "" }, ["name", "email"]],
  ])("refuses %s with 'Missing Information' and stores nothing", async (_case, fields, invalid) => {
    const res = await postLead({ form: fields });
    expect(res.status).toBe(400);
    expect(res.outcome).toMatchObject({ status: "invalid", ...MISSING, invalidFields: invalid });
    expect(await rowCount(leads)).toBe(0);
  });

  it("treats an absent field like an empty one", async () => {
    const res = await postLead({ json: { email: "ann@example.com" } });
    expect(res.outcome).toMatchObject(MISSING);
    expect(await rowCount(leads)).toBe(0);
  });

  it.each(["ann", "ann@example", "@example.com", "ann@.com", "ann example@x.com", "ann@exa mple.com", "a@b@c.com"])(
    "refuses the e-mail %j with 'Invalid Email'",
    async (email) => {
      const res = await postLead({ form: { name: "Ann", email } });
      expect(res.status).toBe(400);
      expect(res.outcome).toMatchObject({ status: "invalid", ...INVALID_EMAIL, invalidFields: ["email"] });
      expect(res.outcome.values).toEqual({ name: "Ann", email });
      expect(await rowCount(leads)).toBe(0);
    },
  );

  it("answers 'Already Subscribed' for an e-mail differing only in case and spaces, keeping the first lead", async () => {
    await postLead({ form: { name: "Ann", email: "ann@example.com" } });
    const res = await postLead({ form: { name: "Annie", email: "  ANN@Example.com " } }, "emergency-fund-guide");
    expect(res.status).toBe(200);
    expect(res.outcome).toMatchObject({ status: "duplicate", ...DUPLICATE });
    expect((await allLeads()).map((r) => [r.name, r.email, r.sourcePage])).toEqual([["Ann", "ann@example.com", ARTICLE]]);
  });

  it.each([
    "x<victim@example.com>",
    "(c)victim@example.com",
    "victim@example.com(2)",
    "http://prize.example/<victim@example.com>",
    '"Victim" victim@example.com',
  ])("refuses %j (a name, comment or route beside the address) with 'Invalid Email': no lead, no contact, no e-mail", async (email) => {
    const res = await postLead({ form: { name: "Prize", email } });
    expect(res.status).toBe(400);
    expect(res.outcome).toMatchObject({ status: "invalid", ...INVALID_EMAIL, invalidFields: ["email"] });
    expect(await rowCount(leads)).toBe(0);
    expect(await rowCount(contacts)).toBe(0);
    expect(await rowCount(outbox)).toBe(0);
  });

  it("takes one mailbox's spellings as one person: a second Gmail spelling is 'Already Subscribed', with one e-mail queued", async () => {
    await postLead({ form: { name: "Ann", email: "ann.lee@gmail.com" } });
    const res = await postLead({ form: { name: "Ann", email: "AnnLee+guide@GoogleMail.com" } });
    expect(res.outcome).toMatchObject({ status: "duplicate", ...DUPLICATE });
    expect((await allLeads()).map((r) => r.email)).toEqual(["annlee@gmail.com"]);
    expect((await db().select().from(contacts)).map((c) => c.email)).toEqual(["annlee@gmail.com"]);
    expect((await db().select().from(outbox)).map((o) => o.toAddress)).toEqual(["annlee@gmail.com"]);
  });

  it("keeps one row when the same e-mail arrives many times at once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postLead({ form: { name: `Twin ${i}`, email: "twin@example.com" } })),
    );
    expect(answers.filter((a) => a.outcome.status === "success")).toHaveLength(1);
    expect(answers.filter((a) => a.outcome.status === "duplicate" && a.outcome.title === "Already Subscribed")).toHaveLength(19);
    expect(await rowCount(leads)).toBe(1);
  });

  it("maps a unique violation (SQLSTATE 23505) from the database to a duplicate", async () => {
    const insert = () =>
      db().insert(leads).values({ name: "A", email: "same@example.com", leadMagnet: "x", sourcePage: ARTICLE }).returning({ id: leads.id });
    expect(await storeOnce("a lead", insert)).toBe("created");
    // A plain INSERT (no ON CONFLICT) makes the database raise the violation itself.
    expect(await storeOnce("a lead", insert)).toBe("duplicate");
    expect(await rowCount(leads)).toBe(1);
  });

  it("accepts names and e-mails up to their limits and refuses one character more", async () => {
    const name = "N".repeat(100);
    const email = `${"e".repeat(243)}@example.com`; // 255 characters
    expect(email).toHaveLength(255);
    expect((await postLead({ form: { name, email } })).status).toBe(200);

    const longName = await postLead({ form: { name: `${name}x`, email: "other@example.com" } });
    expect(longName.status).toBe(400);
    expect(longName.outcome).toMatchObject({
      title: "Too Long",
      description: "Your name can be at most 100 characters.",
      invalidFields: ["name"],
    });
    const longEmail = await postLead({ form: { name: "Ann", email: `x${email}` } });
    expect(longEmail.outcome).toMatchObject({ title: "Too Long", description: "Your email can be at most 255 characters." });
    expect(await rowCount(leads)).toBe(1);
  });

  it("accepts URL-encoded, multipart and JSON bodies alike", async () => {
    expect((await postLead({ form: { name: "Form", email: "form@example.com" } })).status).toBe(200);
    expect((await postLead({ multipart: { name: "Multi", email: "multi@example.com", sourcePage: ARTICLE } })).status).toBe(200);
    expect((await postLead({ json: { name: "Json", email: "json@example.com", sourcePage: ARTICLE } })).status).toBe(200);
    expect((await allLeads()).map((r) => r.email)).toEqual(["form@example.com", "multi@example.com", "json@example.com"]);
  });

  it("answers a filled-in honeypot with the normal success and stores nothing", async () => {
    const res = await postLead({ form: { name: "Bot", email: "bot@example.com", website: "http://spam.example" } });
    expect(res.status).toBe(200);
    expect(res.outcome).toMatchObject({ status: "success", ...SUCCESS });
    expect(await rowCount(leads)).toBe(0);
  });

  it("accepts an empty honeypot (what every real browser sends)", async () => {
    expect((await postLead({ form: { name: "Ann", email: "ann@example.com", website: "" } })).status).toBe(200);
    expect(await rowCount(leads)).toBe(1);
  });

  it.each([
    ["an unknown field", { json: { name: "Ann", email: "ann@example.com", isAdmin: true } }, /Unknown field: "isAdmin"/],
    ["a number for the name", { json: { name: 42, email: "ann@example.com" } }, /Your name must be text/],
    ["a list for the e-mail", { json: { name: "Ann", email: ["ann@example.com"] } }, /Your email must be text/],
    ["an object for the name", { json: { name: { first: "Ann" }, email: "ann@example.com" } }, /Your name must be text/],
    ["a JSON array", { json: [{ name: "Ann", email: "ann@example.com" }] }, /JSON object/],
    ["a JSON string", { json: "name=Ann" }, /JSON object/],
    ["malformed JSON", { raw: '{"name": "Ann", "email": ', contentType: "application/json" }, /not valid JSON/],
    [
      "a broken percent-escape",
      { raw: "name=%E0%A4%A&email=ann@example.com", contentType: "application/x-www-form-urlencoded" },
      /not correctly URL-encoded/,
    ],
    [
      "bytes that are not UTF-8",
      { raw: new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff, 0xfe]), contentType: "application/x-www-form-urlencoded" },
      /not valid UTF-8/,
    ],
    [
      "a repeated field",
      { raw: "name=Ann&name=Bob&email=ann@example.com", contentType: "application/x-www-form-urlencoded" },
      /sent more than once/,
    ],
    [
      "an unknown source page",
      { form: { name: "Ann", email: "ann@example.com", sourcePage: "not-an-article" } },
      /can't be sent from that page/,
    ],
    [
      "another article's slug",
      { form: { name: "Ann", email: "ann@example.com", sourcePage: "credit-card-mistakes" } },
      /can't be sent from that page/,
    ],
    [
      "a malformed multipart body",
      { raw: "--x\r\nnonsense", contentType: "multipart/form-data; boundary=x" },
      /multipart form data is malformed/,
    ],
  ] as const)("refuses %s with 400 and a clear message, storing nothing", async (_case, body, message) => {
    const res = await postLead(body as never);
    expect(res.status).toBe(400);
    expect(res.outcome.status).toBe("rejected");
    expect(`${res.outcome.title}: ${res.outcome.description}`).toMatch(message);
    expect(await rowCount(leads)).toBe(0);
  });

  it("refuses a file upload", async () => {
    const res = await postLead({ multipart: { name: "Ann", email: "ann@example.com", website: new Blob(["x"]) } });
    expect(res.status).toBe(400);
    expect(res.outcome.description).toBe("Files are not accepted by this form.");
    expect(await rowCount(leads)).toBe(0);
  });

  it("refuses an unsupported content type with 415", async () => {
    const res = await postLead({ raw: "name=Ann&email=ann@example.com", contentType: "text/plain" });
    expect(res.status).toBe(415);
    expect(res.outcome.title).toBe("Unsupported Format");
    expect(await rowCount(leads)).toBe(0);
  });

  it("answers 404 for a lead posted to an article that doesn't exist", async () => {
    const res = await postLead({ form: { name: "Ann", email: "ann@example.com" } }, "no-such-article");
    expect(res.status).toBe(404);
    expect(await rowCount(leads)).toBe(0);
  });
});

describe("contact form", () => {
  const message = { name: "  Ann Lee ", email: " Ann@Example.com ", subject: " Refund ", message: "  I'd like my money back, please.  " };

  it("stores the message, trimmed, and answers 'Message sent!'", async () => {
    const res = await postContact({ form: message });
    expect(res.status).toBe(200);
    expect(res.outcome).toMatchObject({
      status: "success",
      title: "Message sent!",
      description: "We aim to reply within one business day.",
    });
    expect(res.outcome.values).toBeUndefined();
    const rows = await db().select().from(contactMessages);
    expect(rows.map(({ name, email, subject, message: m }) => ({ name, email, subject, message: m }))).toEqual([
      { name: "Ann Lee", email: "ann@example.com", subject: "Refund", message: "I'd like my money back, please." },
    ]);
  });

  it("stores a second identical message too (people write twice)", async () => {
    await postContact({ form: message });
    await postContact({ form: message });
    expect(await rowCount(contactMessages)).toBe(2);
  });

  it.each(["name", "email", "subject", "message"] as const)("refuses a message without %s and keeps what was typed", async (field) => {
    const res = await postContact({ form: { ...message, [field]: " " } });
    expect(res.status).toBe(400);
    expect(res.outcome).toMatchObject({
      title: "Missing Information",
      description: "Please fill in your name, email, subject and message.",
      invalidFields: [field],
    });
    expect(res.outcome.values).toMatchObject({ subject: field === "subject" ? " " : message.subject });
    expect(await rowCount(contactMessages)).toBe(0);
  });

  it("refuses a bad e-mail", async () => {
    const res = await postContact({ form: { ...message, email: "ann.example.com" } });
    expect(res.outcome).toMatchObject(INVALID_EMAIL);
    expect(await rowCount(contactMessages)).toBe(0);
  });

  it.each([
    ["name", 100, "Your name can be at most 100 characters."],
    ["subject", 200, "The subject can be at most 200 characters."],
    ["message", 5_000, "Your message can be at most 5,000 characters."],
  ] as const)("accepts a %s of %i characters and refuses one more", async (field, limit, text) => {
    expect((await postContact({ form: { ...message, [field]: "x".repeat(limit) } })).status).toBe(200);
    const res = await postContact({ form: { ...message, [field]: "x".repeat(limit + 1) } });
    expect(res.status).toBe(400);
    expect(res.outcome).toMatchObject({ title: "Too Long", description: text, invalidFields: [field] });
    expect(await rowCount(contactMessages)).toBe(1);
  });

  it("refuses unknown fields and non-text values", async () => {
    expect((await postContact({ json: { ...message, phone: "555" } })).status).toBe(400);
    expect((await postContact({ json: { ...message, message: 5 } })).status).toBe(400);
    expect(await rowCount(contactMessages)).toBe(0);
  });

  it("answers a filled-in honeypot with success and stores nothing", async () => {
    const res = await postContact({ form: { ...message, website: "buy now" } });
    expect(res.outcome.title).toBe("Message sent!");
    expect(await rowCount(contactMessages)).toBe(0);
  });
});

describe("newsletter box", () => {
  it("stores the address as pending, trimmed and lowercased, and asks to confirm it by e-mail", async () => {
    const res = await postNewsletter({ form: { email: "  Reader@Example.COM " } });
    expect(res.status).toBe(200);
    expect(res.outcome).toMatchObject({
      status: "success",
      title: "Almost done!",
      description: "Check your inbox and click the link to confirm your subscription.",
    });
    expect((await db().select().from(newsletterSubscribers)).map((r) => [r.email, r.status])).toEqual([["reader@example.com", "pending"]]);
    // The consent as given, and its event in the contact's history, as every form records them.
    expect((await db().select().from(consents)).map((c) => [c.purpose, c.source, c.wordingVersion])).toEqual([
      ["newsletter", "newsletter form /blog", NEWSLETTER_CONSENT.version],
    ]);
    expect((await db().select().from(contactEvents)).map((e) => [e.kind, e.detail])).toEqual([
      ["consent", `newsletter from the newsletter form on /blog (wording ${NEWSLETTER_CONSENT.version}), to be confirmed by e-mail`],
    ]);
  });

  it("says an address differing only in case and spaces is already subscribed", async () => {
    await postNewsletter({ form: { email: "reader@example.com" } });
    const res = await postNewsletter({ json: { email: " READER@example.com" } });
    expect(res.status).toBe(200);
    expect(res.outcome).toMatchObject({
      status: "duplicate",
      title: "Already Subscribed",
      description: "This email address is already subscribed to our newsletter.",
    });
    expect(await rowCount(newsletterSubscribers)).toBe(1);
  });

  it("refuses an empty or bad address, unknown fields and a filled honeypot stores nothing", async () => {
    expect((await postNewsletter({ form: { email: "" } })).outcome).toMatchObject({ title: "Missing Information" });
    expect((await postNewsletter({ form: { email: "nope" } })).outcome).toMatchObject(INVALID_EMAIL);
    expect((await postNewsletter({ form: { email: "a@b.co", name: "x" } })).status).toBe(400);
    expect((await postNewsletter({ form: { email: "bot@b.co", website: "x" } })).outcome.title).toBe("Almost done!");
    expect(await rowCount(newsletterSubscribers)).toBe(0);
  });

  it("keeps subscribers and leads apart: the same e-mail can be in both", async () => {
    await postLead({ form: { name: "Ann", email: "ann@example.com" } });
    expect((await postNewsletter({ form: { email: "ann@example.com" } })).status).toBe(200);
    expect(await rowCount(leads)).toBe(1);
    expect(await rowCount(newsletterSubscribers)).toBe(1);
  });
});

describe("when the database is unavailable", () => {
  it("answers 503 'Oops!' on every form, keeps serving pages, and works again once the database is back", async () => {
    expectLog(/Could not store a lead/, /Could not store a contact message/, /Could not store a newsletter subscriber/);
    // What the server loaded at start-up, before the database went away.
    const site = await testSite();
    await testDb.outage();
    try {
      const lead = await postLead({ form: { name: "Ann", email: "ann@example.com" } }, ARTICLE, undefined, site);
      expect(lead.status).toBe(503);
      expect(lead.outcome).toMatchObject({ status: "unavailable", ...OOPS });
      expect(lead.outcome.values).toEqual({ name: "Ann", email: "ann@example.com" });
      expect(lead.headers.get("Retry-After")).toBe("30");

      const contact = await postContact({ form: { name: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello" } });
      expect(contact.status).toBe(503);
      expect(contact.outcome).toMatchObject({ ...OOPS, values: { subject: "Hi", message: "Hello" } });

      const subscriber = await postNewsletter({ form: { email: "ann@example.com" } });
      expect(subscriber.status).toBe(503);
      expect(subscriber.outcome).toMatchObject(OOPS);

      // A script, at the form's address for scripts, is told the same in JSON, and when to try again.
      const script = await contactApi({
        request: request("/api/forms/contact", { json: { name: "Ann", email: "ann@example.com", subject: "Hi", message: "Hello" } }),
      } as never);
      expect(script.status).toBe(503);
      expect(script.headers.get("Retry-After")).toBe("30");
      expect(script.headers.get("Cache-Control")).toBe("no-store");
      expect(await script.json()).toMatchObject({ status: "unavailable", ...OOPS, values: { subject: "Hi", message: "Hello" } });

      // The article page doesn't need the database: the articles are in memory once loaded.
      const page = await articleLoader({
        context: site,
        params: { slug: ARTICLE },
        request: new Request(`http://localhost/blog/${ARTICLE}`),
      } as never);
      expect(page.article.slug).toBe(ARTICLE);
    } finally {
      await testDb.restore();
    }

    // PostgreSQL: the same pool reconnects by itself. PGlite: reopened (it lives in this process).
    let again = await postLead({ form: { name: "Ann", email: "ann@example.com" } });
    for (let i = 0; i < 20 && again.status === 503; i++) {
      await new Promise((r) => setTimeout(r, 250));
      again = await postLead({ form: { name: "Ann", email: "ann@example.com" } });
    }
    expect(again.status).toBe(200);
    expect((await db().select().from(leads).where(eq(leads.email, "ann@example.com"))).map((r) => r.name)).toEqual(["Ann"]);
  });
});
