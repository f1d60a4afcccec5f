/**
 * /admin/contacts on the server side, on PGlite and (TEST_DB=postgres) on PostgreSQL: search by
 * address or name, a contact's whole history in time order, the suppressions the owner may add
 * and lift (never an unsubscribe or a complaint), the contacts CSV, and the CSV import: dedupe,
 * the consent it records, no e-mail ever, a suppressed address kept suppressed, and a bad row or
 * a missing column importing nothing.
 */
import { asc, count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { adminAuditLog, consents, contactEvents, contacts, orders, outbox } from "../../db/schema";
import { action as contactAction, loader as contactLoader } from "~/routes/admin/contact-detail";
import { action as contactsAction, loader as contactsLoader } from "~/routes/admin/contacts";
import { loader as leadsLoader } from "~/routes/admin/leads";
import { loader as overviewLoader } from "~/routes/admin/overview";
import { loader as subscribersLoader } from "~/routes/admin/subscribers";
import { countAudience } from "~/server/audience/audience.server";
import { loader as exportLoader } from "~/routes/admin/export";
import { CONTACT_IMPORT_MAX_BYTES } from "~/lib/forms/dashboard";
import type { ContactHistory, ContactRow } from "~/server/admin/audience-view.server";
import { importContacts, type ImportResult } from "~/server/admin/contacts-import.server";
import { CONTACT_IMPORT_BODY_LIMIT } from "~/lib/forms/dashboard";
import { withProtectedRoute } from "../helpers/body-limit";
import { PAGE_SIZE } from "~/server/admin/lists.server";
import { markProved, recordConsent, suppress, upsertContact } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { storeContactMessage } from "~/server/forms/contact.server";
import { storeLead } from "~/server/forms/leads.server";
import { storeSubscriber } from "~/server/forms/newsletter.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { findOrderBySession, orderNumber } from "~/server/payments/orders.server";
import { createPayments } from "~/server/payments/payments.server";
import { findTestOrder, payTestOrder } from "~/server/payments/test-provider.server";
import { BUYER_CONSENT } from "~/lib/site";
import { useTestSite } from "../helpers/context";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { flashedNotice, ownerCookie, routeArgs, TEST_OWNER } from "../helpers/owner";
import { streamedUpload } from "../helpers/multipart-upload";
import { call, requestsTo } from "../helpers/routes";
import { expectLog } from "../helpers/console-errors";

const ORIGIN = "https://shop.example";
const payments = createPayments({ provider: "test", publicOrigin: ORIGIN });
const config = { owner: TEST_OWNER, payments };
const args = routeArgs(config);
const { get, post } = requestsTo(ORIGIN);

const testDb = useTestDatabase();
const site = useTestSite();
let cookie: string;
beforeEach(async () => {
  cookie = await ownerCookie(ORIGIN, config);
});

const search = async (query: string) =>
  (await call<{ rows: ContactRow[]; total: number; pages: number }>(() => contactsLoader(args(get(`/admin/contacts${query}`, cookie)))))
    .data;

async function contactIdOf(email: string): Promise<number> {
  const [row] = await db().select({ id: contacts.id }).from(contacts).where(eq(contacts.email, email));
  return row!.id;
}

const history = async (id: number) =>
  call<ContactHistory>(() => contactLoader(args(get(`/admin/contacts/${id}`, cookie), { id: String(id) })));

type Reply = { result: { error?: Record<string, string[]> } };

/** What a dashboard post's redirect says on the page it leads to (the layout's notice). */
const noticeAfter = (answer: { headers: Headers }) => flashedNotice(answer, ORIGIN, config);

/**
 * The import form's post: an import done redirects to the list (303) with its notice; a refused
 * file answers the form (400, 503) with why (`refused`) and each wrong row (`rows`).
 */
async function upload(csv: string | Blob, fileName = "people.csv", withCookie = cookie) {
  const form = new FormData();
  form.set("intent", "import");
  form.set("file", typeof csv === "string" ? new File([csv], fileName, { type: "text/csv" }) : csv, fileName);
  return answerTo(new Request(`${ORIGIN}/admin/contacts`, { method: "POST", body: form, headers: { Cookie: withCookie } }));
}

/** The import action's answer to a post, as `upload` reads it. */
async function answerTo(request: Request) {
  const answer = await call<Reply | undefined>(() => contactsAction(args(request)));
  if (answer.status === 303) {
    const location = answer.headers.get("Location");
    return { status: answer.status, location, notice: location === "/admin/contacts" ? await noticeAfter(answer) : undefined };
  }
  const error = answer.data?.result.error ?? {};
  return {
    status: answer.status,
    refused: [...(error[""] ?? []), ...(error.file && !error[""] ? error.file : [])].join(" "),
    rows: error[""] ? error.file : undefined,
  };
}

/** A paid order by this address, through the test provider's pay page. */
async function buyer(email: string): Promise<void> {
  const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
  await payTestOrder((await findTestOrder(sessionId))!, email);
}

async function tableCounts() {
  const n = async (table: typeof contacts | typeof consents | typeof contactEvents | typeof outbox) =>
    Number((await db().select({ n: count() }).from(table))[0]!.n);
  return { contacts: await n(contacts), consents: await n(consents), events: await n(contactEvents), outbox: await n(outbox) };
}

describe("search", () => {
  it("finds contacts by part of the address or the name, in any case, and pages the results keeping the search", async () => {
    await upsertContact("maria.lopez@example.com", "Maria");
    await upsertContact("ben@sample.org", "Benjamin Okafor");
    await upsertContact("zoe@example.net", "Zoe");
    expect((await search("?q=LOPEZ")).rows.map((r) => r.email)).toEqual(["maria.lopez@example.com"]);
    expect((await search("?q=okafor")).rows.map((r) => r.email)).toEqual(["ben@sample.org"]);
    expect((await search("?q=example")).rows.map((r) => r.email)).toEqual(["zoe@example.net", "maria.lopez@example.com"]);
    // A % typed by the owner is a letter, not "anything".
    expect((await search("?q=%25")).total).toBe(0);
    expect((await search("")).total).toBe(3);

    for (let i = 0; i < PAGE_SIZE + 2; i++) await upsertContact(`bulk${i}@many.example`);
    const first = await search("?q=many.example");
    expect({ total: first.total, pages: first.pages, rows: first.rows.length }).toEqual({
      total: PAGE_SIZE + 2,
      pages: 2,
      rows: PAGE_SIZE,
    });
    const second = await search("?q=many.example&page=2");
    expect(second.rows.map((r) => r.email)).toEqual(["bulk1@many.example", "bulk0@many.example"]);
  });

  it("is the one list: each filter narrows it, and the overview's figures are its counts for the same filters", async () => {
    await storeLead({ name: "Gia", email: "gia@example.com", sourcePage: "emergency-fund-guide" });
    await markProved("gia@example.com", "guide link");
    await storeLead({ name: "Typed", email: "typed@example.com", sourcePage: "emergency-fund-guide" });
    await storeSubscriber("pending@example.com");
    // 300 imported subscribers: the overview once said 1 subscriber after a broadcast to them.
    await importContacts(
      ["email,consent_source", ...Array.from({ length: 300 }, (_, i) => `imported${i}@example.com,fair 2025`)].join("\n"),
      "fair.csv",
    );
    await recordConsent(
      db(),
      { email: "news@example.com" },
      { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1", proved: true },
    );
    await db().execute(
      sql`insert into newsletter_subscribers (email, status, confirmed_at) values ('news@example.com', 'confirmed', now())`,
    );
    await buyer("news@example.com");
    await suppress("gone@example.com", "unsubscribed", "unsubscribe link");

    const total = async (query: string) => (await search(query)).total;
    expect(await total("")).toBe(305);
    expect(await total("?purpose=newsletter")).toBe(301); // the imports and news; pending is not confirmed
    expect(await total("?purpose=guide_followups")).toBe(2);
    expect(await total("?source=guide")).toBe(2);
    expect(await total("?source=guide&proved=yes")).toBe(1);
    expect((await search("?source=guide&proved=no")).rows.map((r) => r.email)).toEqual(["typed@example.com"]);
    expect(await total("?source=newsletter")).toBe(2); // pending and news
    expect(await total("?source=import")).toBe(300);
    expect(await total("?source=purchase")).toBe(1);
    expect(await total("?bought=yes")).toBe(1);
    expect(await total("?bought=no")).toBe(304);
    expect((await search("?suppressed=yes")).rows.map((r) => r.email)).toEqual(["gone@example.com"]);
    expect(await total("?purpose=newsletter&q=imported1")).toBe(111); // imported1, 10-19, 100-199

    // The overview says what the list shows, and links to it.
    const figures = await call<{ leads: number; newsletterSubscribers: number }>(() => overviewLoader(args(get("/admin?days=7", cookie))));
    expect(figures.data).toMatchObject({ leads: await total("?source=guide&added=7"), newsletterSubscribers: 301 });
    expect(await countAudience({ audiences: ["newsletter"], includeTags: [], excludeTags: [] })).toBe(301); // and a broadcast to the newsletter reaches that many

    // The old Leads and Subscribers pages lead to the list, filtered.
    for (const [loader, path, to] of [
      [leadsLoader, "/admin/leads", "/admin/contacts?source=guide"],
      [subscribersLoader, "/admin/subscribers", "/admin/contacts?purpose=newsletter"],
    ] as const) {
      const answer = await call(() => loader(args(get(path, cookie))));
      expect(answer.status).toBe(301);
      expect(answer.headers.get("Location")).toBe(to);
    }
  });

  it("refuses a filter it does not know with a message naming it, and shows everyone", async () => {
    await upsertContact("ann@example.com");
    await suppress("gone@example.com", "unsubscribed", "unsubscribe link");
    const answer = await call<{ total: number; refused?: string }>(() =>
      contactsLoader(args(get("/admin/contacts?suppressed=maybe&purpose=newsletter", cookie))),
    );
    expect(answer.status).toBe(200);
    expect(answer.data.refused).toBe("The filter “suppressed=maybe” is not one this list knows, so it shows everyone.");
    expect(answer.data.total).toBe(2);
  });

  it("shows each row's consents and suppression at a glance", async () => {
    await storeLead({ name: "Ann", email: "ann@example.com", sourcePage: "emergency-fund-guide" });
    await recordConsent(db(), { email: "ann@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
    await suppress("gone@example.com", "unsubscribed", "unsubscribe link");
    const rows = (await search("")).rows;
    expect(rows.find((r) => r.email === "ann@example.com")).toMatchObject({
      activeConsents: "guide_followups,newsletter",
      suppression: null,
    });
    expect(rows.find((r) => r.email === "gone@example.com")).toMatchObject({ suppression: "unsubscribed", activeConsents: null });
  });

  it("needs the owner's session", async () => {
    const answer = await call(() => contactsLoader(args(get("/admin/contacts?q=a"))));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});

describe("a contact's history", () => {
  it("lists forms, consents, proof, e-mails with their outcome, suppression and orders, oldest first", async () => {
    await storeLead({ name: "Ann", email: "ann@example.com", sourcePage: "emergency-fund-guide" });
    await storeSubscriber("ann@example.com", "/blog");
    await storeContactMessage(
      { name: "Ann", email: "ann@example.com", subject: "About my order", message: "Where is it?" },
      "owner@x.example",
    );
    await markProved("ann@example.com", "opened the guide link");
    const { sessionId } = await startCheckout(payments, site(), { includeBump: false });
    await payTestOrder((await findTestOrder(sessionId))!, "Ann@Example.com");
    const order = (await findOrderBySession(sessionId))!;
    await db().update(outbox).set({ status: "failed", lastError: "421 try later", attempts: 3 }).where(eq(outbox.kind, "guide"));
    await suppress("ann@example.com", "hard_bounce", "SMTP 550 5.1.1 no such user");

    const page = await history(await contactIdOf("ann@example.com"));
    expect(page.status).toBe(200);
    const h = page.data;
    expect(h.contact).toMatchObject({ email: "ann@example.com", name: "Ann", suppression: "hard_bounce" });
    const titles = h.history.map((e) => e.title);
    for (const title of [
      "Asked for the free guide",
      "Consent given: guide_followups",
      "Signed up for the newsletter",
      "Sent a contact message",
      "Proved the address is theirs",
      "E-mail: guide",
      "E-mail: newsletter-confirm",
      "E-mail: receipt",
      `Order ${orderNumber(order.id)}`,
      "Suppressed",
      "Consent withdrawn: guide_followups",
    ]) {
      expect(titles).toContain(title);
    }
    expect(h.history.map((e) => e.at)).toEqual([...h.history.map((e) => e.at)].sort());
    expect(titles.indexOf("Asked for the free guide")).toBeLessThan(titles.indexOf("Suppressed"));
    expect(h.history.find((e) => e.title === "E-mail: guide")?.detail).toBe("failed; 3 attempts; last error: 421 try later");
    expect(h.history.find((e) => e.title === `Order ${orderNumber(order.id)}`)).toMatchObject({
      href: `/admin/orders/${order.id}`,
      kind: "order",
    });
    expect(h.history.find((e) => e.title === "Suppressed")?.detail).toBe("hard_bounce: SMTP 550 5.1.1 no such user");
    expect(h.consents[0]).toMatchObject({ purpose: "guide_followups", source: "lead form /blog/emergency-fund-guide" });
    expect(h.canLift).toBe(true);
  });

  it("answers 404 for an unknown contact", async () => {
    expect((await history(999)).status).toBe(404);
  });
});

/**
 * A post of a contact's page: done, a redirect back to the contact (303) with its notice; refused,
 * the form's answer (409, 400) with why (`refused`: the form's message, else the fields').
 */
async function postContact(id: number, fields: Record<string, string>) {
  const answer = await call<Reply | undefined>(() =>
    contactAction(args(post(`/admin/contacts/${id}`, fields, cookie), { id: String(id) })),
  );
  if (answer.status === 303) {
    expect(answer.headers.get("Location")).toBe(`/admin/contacts/${id}`);
    return { status: answer.status, notice: await noticeAfter(answer) };
  }
  const error = answer.data?.result.error ?? {};
  return { status: answer.status, refused: (error[""] ?? Object.values(error).flat()).join(" ") };
}

describe("suppression by the owner", () => {
  const act = (id: number, fields: Record<string, string>) => postContact(id, fields);

  it("adds the owner's suppression with its reason, logs it, and lifts it again", async () => {
    await recordConsent(db(), { email: "kim@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
    const id = await contactIdOf("kim@example.com");
    const added = await act(id, { intent: "suppress", detail: "asked me by phone" });
    expect(added).toEqual({
      status: 303,
      notice: { ok: true, message: "Suppressed: no list e-mail goes to this address now. Receipts still do." },
    });
    expect((await db().select().from(contacts).where(eq(contacts.id, id)))[0]).toMatchObject({
      suppression: "owner",
      suppressionDetail: "asked me by phone",
    });
    const lifted = await act(id, { intent: "lift" });
    expect(lifted).toMatchObject({ status: 303, notice: { ok: true, message: expect.stringMatching(/^Suppression lifted\./) } });
    expect((await db().select().from(contacts).where(eq(contacts.id, id)))[0]!.suppression).toBeNull();
    const audit = await db().select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
    expect(audit.map((a) => [a.action, a.target])).toEqual([
      ["contact-suppress", `contact:${id}`],
      ["contact-unsuppress", `contact:${id}`],
    ]);
  });

  it("never clears an unsubscribe or a complaint, and an owner suppression never replaces one", async () => {
    await suppress("left@example.com", "unsubscribed", "unsubscribe link");
    await suppress("angry@example.com", "complaint", "sendgrid spamreport");
    for (const email of ["left@example.com", "angry@example.com"]) {
      const id = await contactIdOf(email);
      expect((await history(id)).data.canLift).toBe(false);
      const lift = await act(id, { intent: "lift" });
      expect(lift.status).toBe(409);
      expect(lift.refused).toMatch(/cannot be lifted/);
      const again = await act(id, { intent: "suppress", detail: "" });
      expect(again).toEqual({ status: 409, refused: "This address is already suppressed; its reason stays." });
    }
    const rows = await db().select({ email: contacts.email, suppression: contacts.suppression }).from(contacts).orderBy(contacts.email);
    expect(rows).toEqual([
      { email: "angry@example.com", suppression: "complaint" },
      { email: "left@example.com", suppression: "unsubscribed" },
    ]);
    expect(await db().select().from(adminAuditLog)).toEqual([]);
  });

  it("refuses an unknown action with a message and changes nothing", async () => {
    const id = (await upsertContact("x@example.com")).id;
    const answer = await act(id, { intent: "delete" });
    expect(answer).toEqual({ status: 400, refused: "Choose an action." });
    expect((await db().select().from(contacts))[0]!.suppression).toBeNull();
  });
});

describe("tags", () => {
  const act = (id: number, fields: Record<string, string>) => postContact(id, fields);
  const tagsOf = async (email: string) =>
    (await db().select({ tags: contacts.tags }).from(contacts).where(eq(contacts.email, email)))[0]?.tags;

  it("are given by the lead form (form, guide, the article's topic), the newsletter form, a purchase and an import", async () => {
    await storeLead({ name: "Ann", email: "ann@example.com", sourcePage: "emergency-fund-guide", category: "Saving Money" });
    await storeSubscriber("sub@example.com", "/blog");
    await buyer("buyer@example.com");
    await upload('email,consent_source,tags\r\nimp@example.com,2025 workshop,"Workshop, VIP buyers"\r\n');
    expect(await tagsOf("ann@example.com")).toEqual(["guide-credit-repair", "lead-form", "topic-saving-money"]);
    expect(await tagsOf("sub@example.com")).toEqual(["newsletter-form"]);
    expect(await tagsOf("buyer@example.com")).toEqual(["bought-toolkit"]);
    expect(await tagsOf("imp@example.com")).toEqual(["imported", "vip-buyers", "workshop"]);
    // A second form adds to the tags, each once.
    await storeSubscriber("ann@example.com", "/blog");
    expect(await tagsOf("ann@example.com")).toEqual(["guide-credit-repair", "lead-form", "newsletter-form", "topic-saving-money"]);
    // The purchase is recorded as the buyer purpose's consent, under the checkout's wording.
    const [buyerConsent] = rowsOf<{ purpose: string; wording: string }>(
      await db().execute(
        sql`select k.purpose, k.wording_version as wording from consents k join contacts c on c.id = k.contact_id where c.email = 'buyer@example.com'`,
      ),
    );
    expect(buyerConsent).toEqual({ purpose: "buyer", wording: BUYER_CONSENT.version });
  });

  it("an import row with a tag that is not one is named, and nothing is imported", async () => {
    const answer = await upload('email,consent_source,tags\r\nok@example.com,sheet,fine\r\nbad@example.com,sheet,"fine, no/slash"\r\n');
    expect(answer.status).toBe(400);
    expect(answer.rows).toEqual([expect.stringMatching(/^Row 3: its tag “no\/slash” is not one/)]);
    expect(await tableCounts()).toMatchObject({ contacts: 0, consents: 0 });
  });

  it("are added and removed by hand on a contact's page, in one spelling, logged in its history; the list filters by one", async () => {
    await recordConsent(db(), { email: "kim@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
    await recordConsent(db(), { email: "lou@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
    const id = await contactIdOf("kim@example.com");
    expect(await act(id, { intent: "tag", tag: "  VIP Buyers " })).toEqual({ status: 303, notice: { ok: true, message: "Tagged." } });
    expect(await act(id, { intent: "tag", tag: "vip-buyers" })).toEqual({
      status: 409,
      refused: "This contact has the tag vip-buyers already.",
    });
    expect(await tagsOf("kim@example.com")).toEqual(["vip-buyers"]);
    const page = (await history(id)).data;
    expect(page.tags).toEqual(["vip-buyers"]);
    expect(page.history.filter((e) => e.kind === "tag").map((e) => `${e.title}: ${e.detail}`)).toEqual(["Tagged: vip-buyers, by you"]);

    const listed = await search("?tag=vip-buyers");
    expect(listed.rows.map((r) => r.email)).toEqual(["kim@example.com"]);
    expect(listed.rows[0]!.tags).toBe("vip-buyers");

    expect(await act(id, { intent: "untag", tag: "vip-buyers" })).toEqual({ status: 303, notice: { ok: true, message: "Tag removed." } });
    // Pressed again (a second tab): refused, said on the form, nothing changed.
    expect(await act(id, { intent: "untag", tag: "vip-buyers" })).toEqual({
      status: 409,
      refused: "This contact does not have that tag (it was removed already).",
    });
    expect(await tagsOf("kim@example.com")).toEqual([]);
    expect((await search("?tag=vip-buyers")).rows).toEqual([]);
    const audit = await db().select().from(adminAuditLog).orderBy(asc(adminAuditLog.id));
    expect(audit.map((a) => a.action)).toEqual(["contact-tag", "contact-untag"]);
  });

  it("refuses a tag that is not one, with the rule, changing nothing; a bad tag filter shows everyone and says why", async () => {
    await recordConsent(db(), { email: "kim@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
    const id = await contactIdOf("kim@example.com");
    for (const tag of ["", "no/slash", "x".repeat(41), "-leading"]) {
      const answer = await act(id, { intent: "tag", tag });
      expect(answer.status).toBe(400);
      expect(answer.refused).toMatch(/^A tag is 1 to 40 letters, digits and hyphens/);
    }
    expect(await tagsOf("kim@example.com")).toEqual([]);
    const listed = await call<{ rows: ContactRow[]; refused?: string }>(() =>
      contactsLoader(args(get("/admin/contacts?tag=no%2Fslash", cookie))),
    );
    expect(listed.data.refused).toBe("The filter “tag=no/slash” is not one this list knows, so it shows everyone.");
    expect(listed.data.rows).toHaveLength(1);
  });
});

describe("the contacts CSV", () => {
  it("has each contact with its suppression and reason and its latest consent per purpose, formula cells neutralised", async () => {
    await storeLead({ name: "=HYPERLINK(1)", email: "ann@example.com", sourcePage: "emergency-fund-guide", category: "Saving Money" });
    await markProved("ann@example.com", "opened the guide link");
    await suppress("bob@example.com", "hard_bounce", "SMTP 550 no such user");
    const answer = await exportLoader(args(get("/admin/export/audience", cookie), { name: "audience" }));
    expect(answer.headers.get("Content-Disposition")).toMatch(/^attachment; filename="audience-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await answer.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "email,name,created_at,proved_at,suppression,suppression_detail,suppressed_at," +
        "guide_followups_source,guide_followups_wording_version,guide_followups_consented_at,guide_followups_withdrawn_at," +
        "newsletter_source,newsletter_wording_version,newsletter_consented_at,newsletter_withdrawn_at," +
        "buyer_source,buyer_wording_version,buyer_consented_at,buyer_withdrawn_at," +
        "waitlist_source,waitlist_wording_version,waitlist_consented_at,waitlist_withdrawn_at,tags",
    );
    const ann = lines[1]!.split(",");
    expect(ann.slice(0, 2)).toEqual(["ann@example.com", "'=HYPERLINK(1)"]);
    expect(ann[3]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(ann.slice(4, 7)).toEqual(["", "", ""]);
    expect(ann[7]).toBe("lead form /blog/emergency-fund-guide");
    expect(ann[9]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(ann.slice(11)).toEqual(["", "", "", "", "", "", "", "", "", "", "", "", "guide-credit-repair lead-form topic-saving-money"]);
    const bob = lines[2]!.split(",");
    expect(bob.slice(0, 1)).toEqual(["bob@example.com"]);
    expect(bob.slice(4, 6)).toEqual(["hard_bounce", "SMTP 550 no such user"]);
    expect(lines).toHaveLength(3);
  });
});

describe("the CSV import", () => {
  it("dedupes by address (known contacts updated, repeats in the file merged) and records the import consent and an event for each", async () => {
    await upsertContact("known@example.com");
    const answer = await upload(
      "Email,Name,Consent source\r\nknown@example.com,Kay,2025 workshop sheet\r\nNew@Example.com,Nia,2025 workshop sheet\r\nnew@example.com,,website before 2025\r\n",
    );
    // A redirect to the list (a reload imports nothing again), saying once what was done.
    expect(answer).toEqual({
      status: 303,
      location: "/admin/contacts",
      notice: {
        ok: true,
        message:
          "Imported 3 rows: 1 new, 1 already known (updated), 1 repeated in the file (merged). 2 newsletter consents recorded. No e-mail was sent.",
      },
    });
    const people = await db().select({ email: contacts.email, name: contacts.name }).from(contacts).orderBy(contacts.email);
    expect(people).toEqual([
      { email: "known@example.com", name: "Kay" },
      { email: "new@example.com", name: "Nia" },
    ]);
    const recorded = await db()
      .select({ email: contacts.email, purpose: consents.purpose, source: consents.source, version: consents.wordingVersion })
      .from(consents)
      .innerJoin(contacts, eq(contacts.id, consents.contactId))
      .orderBy(contacts.email);
    expect(recorded).toEqual([
      { email: "known@example.com", purpose: "newsletter", source: "import: 2025 workshop sheet", version: "import" },
      { email: "new@example.com", purpose: "newsletter", source: "import: 2025 workshop sheet", version: "import" },
    ]);
    const events = await db().select({ kind: contactEvents.kind, detail: contactEvents.detail }).from(contactEvents);
    expect(events).toEqual([
      { kind: "import", detail: "from people.csv: newsletter consent from import: 2025 workshop sheet" },
      { kind: "import", detail: "from people.csv: newsletter consent from import: 2025 workshop sheet" },
    ]);
    expect((await db().select().from(adminAuditLog))[0]).toMatchObject({ action: "contact-import", target: "import:people.csv" });
    // Importing the same file again adds no contact.
    await upload("email,consent_source\r\nknown@example.com,again\r\n");
    expect((await tableCounts()).contacts).toBe(2);
  });

  it("never writes an e-mail to the outbox", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => `reader${i}@example.com,Reader ${i},2024 webinar`).join("\n");
    const answer = await upload(`email,name,consent_source\n${rows}\n`);
    expect(answer.notice?.message).toMatch(/^Imported 40 rows: 40 new, .* 40 newsletter consents recorded\. No e-mail was sent\.$/);
    expect(await db().select().from(outbox)).toEqual([]);
    // Nor will a later pass of the worker write one: nobody imported is in the welcome sequence.
    expect(rowsOf(await db().execute(sql`select contact_id from sequence_enrollments`))).toEqual([]);
  });

  it("keeps an unsubscribed or complaining address suppressed, records no consent for it, and says so", async () => {
    await suppress("left@example.com", "unsubscribed", "unsubscribe link");
    await suppress("angry@example.com", "complaint", "spamreport");
    const answer = await upload("email,consent_source\nleft@example.com,old list\nangry@example.com,old list\nfine@example.com,old list\n");
    expect(answer.notice).toEqual({
      ok: true,
      message:
        "Imported 3 rows: 1 new, 2 already known (updated), 0 repeated in the file (merged). 1 newsletter consent recorded. No e-mail was sent. " +
        "These addresses stay suppressed, with no consent recorded (only the person can ask again): angry@example.com (spam complaint), left@example.com (unsubscribed).",
    });
    const rows = await db().select({ email: contacts.email, suppression: contacts.suppression }).from(contacts).orderBy(contacts.email);
    expect(rows).toEqual([
      { email: "angry@example.com", suppression: "complaint" },
      { email: "fine@example.com", suppression: null },
      { email: "left@example.com", suppression: "unsubscribed" },
    ]);
    const active = await db()
      .select({ email: contacts.email })
      .from(consents)
      .innerJoin(contacts, eq(contacts.id, consents.contactId))
      .where(sql`${consents.withdrawnAt} is null`);
    expect(active).toEqual([{ email: "fine@example.com" }]);
  });

  it("refuses a file with a bad row, naming each bad row and its reason, and imports nothing", async () => {
    await upsertContact("known@example.com");
    const before = await tableCounts();
    const answer = await upload(
      [
        "email,name,consent_source",
        "good@example.com,Gus,fair 2025",
        "not-an-address,Nat,fair 2025",
        "empty@example.com,Em,",
        "short@example.com,Sam",
        "known@example.com,Kay,fair 2025",
      ].join("\n"),
    );
    expect(answer).toEqual({
      status: 400,
      refused: "3 rows are not right, so nothing was imported. Fix them and upload the file again.",
      rows: [
        'Row 3: "not-an-address" is not a valid e-mail address.',
        "Row 4: its consent_source is empty (say where this person agreed to hear from you).",
        "Row 5: it has 2 columns; the header has 3.",
      ],
    });
    expect(await tableCounts()).toEqual(before);
    expect((await db().select().from(contacts)).map((c) => c.name)).toEqual([null]);
  });

  it("refuses a row whose address carries a name or a comment, and merges one mailbox's spellings into one contact", async () => {
    const refused = await upload(
      ["email,name,consent_source", "Victim <victim@example.com>,Vic,fair 2025", "(c)victim@example.com,Vic,fair 2025"].join("\n"),
    );
    expect(refused.status).toBe(400);
    expect(refused.rows).toEqual([
      'Row 2: "Victim <victim@example.com>" is not a valid e-mail address.',
      'Row 3: "(c)victim@example.com" is not a valid e-mail address.',
    ]);
    expect(await tableCounts()).toEqual({ contacts: 0, consents: 0, events: 0, outbox: 0 });

    const taken = await upload(
      ["email,name,consent_source", "Ann.Lee@Gmail.com,Ann,fair 2025", "annlee+x@gmail.com,,fair 2025"].join("\n"),
    );
    expect(taken.status).toBe(303);
    expect((await db().select().from(contacts)).map((c) => [c.email, c.name])).toEqual([["annlee@gmail.com", "Ann"]]);
  });

  it("refuses a file without a consent-source column, naming it", async () => {
    const answer = await upload("email,name\nann@example.com,Ann\n");
    expect(answer.status).toBe(400);
    expect(answer.refused).toMatch(/^The file has no consent_source column\./);
    expect(await tableCounts()).toEqual({ contacts: 0, consents: 0, events: 0, outbox: 0 });
  });

  it("refuses a file over the size limit, and no file at all, with a clear message", async () => {
    // Streamed, as a browser sends it: 50 MB and a little more of one-column lines, never held whole.
    const line = `${"x".repeat(64 * 1024 - 1)}\n`;
    const lines = Math.ceil(CONTACT_IMPORT_MAX_BYTES / line.length) + 1;
    const answer = await answerTo(
      streamedUpload({
        url: `${ORIGIN}/admin/contacts`,
        fields: { intent: "import" },
        fileName: "big.csv",
        chunks: (function* () {
          yield "email,consent_source\n";
          for (let i = 0; i < lines; i++) yield line;
        })(),
        headers: { Cookie: cookie },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.refused).toBe("That file is larger than 50 MB: split it into smaller files (at most 200,000 rows each).");
    const none = await upload(new Blob([]), "");
    expect(none.status).toBe(400);
    expect(none.refused).toMatch(/Choose a CSV file/);
    expect((await tableCounts()).contacts).toBe(0);
  });

  it("refuses malformed CSV with the line, and an upload without the owner's session", async () => {
    const broken = await upload('email,consent_source\n"ann@example.com,fair\n');
    expect(broken.status).toBe(400);
    expect(broken.refused).toMatch(/^The file is not valid CSV/);
    const stranger = await upload("email,consent_source\nann@example.com,fair\n", "people.csv", "other=1");
    expect(stranger.status).toBe(303);
    expect((await tableCounts()).contacts).toBe(0);
    expect(await db().select().from(orders)).toEqual([]);
  });

  it("answers a database outage with a clear message and leaves nothing half-imported", async () => {
    expectLog(/Contacts import failed/);
    await upsertContact("known@example.com");
    await testDb.outage();
    let result: ImportResult;
    try {
      result = await importContacts("email,consent_source\nnew@example.com,fair\nknown@example.com,fair\n", "people.csv");
    } finally {
      await testDb.restore();
    }
    expect(result).toEqual({
      ok: false,
      message: "The database could not be reached, so nothing was imported. Try again in a minute.",
      errors: [],
      unavailable: true,
    });
    if (testDb.kind === "postgres") {
      // The same database is back (PGlite reopens empty): nothing of the import is in it.
      expect((await db().select({ email: contacts.email }).from(contacts)).map((c) => c.email)).toEqual(["known@example.com"]);
      expect(await db().select().from(consents)).toEqual([]);
    }
  });

  it("is refused before its body is read when the upload is over the import's size limit, with the limit in the message", async () => {
    await withProtectedRoute(ORIGIN, "/admin/contacts", async (post) => {
      // The declared length is what is checked; the bytes are sent in chunks, until the server answers.
      const send = (bytes: number) => post(bytes, "text/csv");
      const tooBig = await send(CONTACT_IMPORT_BODY_LIMIT.bytes + 1);
      expect(tooBig.status).toBe(413);
      expect(JSON.parse(tooBig.body).description).toBe(
        "That file is too large to import: at most 50 MB per file. Split it into smaller files. Nothing was imported.",
      );
      // Just over the file limit still reaches the action, whose own check says the same in the page.
      expect((await send(CONTACT_IMPORT_MAX_BYTES + 1024)).status).toBe(204);
    });
  });
});
