/**
 * A free guide per topic (issue 40, item 6), end to end through the article's form, a real SMTP
 * server in this process, the guide's button and the sequences on an injected clock: each article
 * offers its category's guide, a reader who asks for both gets each guide once and each sequence
 * once, never two steps on the same day, and the owner's choice of guide per category reaches the
 * pages at once.
 */
import { sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { describe, expect, it, vi } from "vitest";
import { adminAuditLog } from "../../db/schema";
import { DEFAULT_GUIDE_FOR_CATEGORY, guideField } from "~/lib/guides";
import { action as guideAction } from "~/routes/guide-open";
import { loader as articleLoader } from "~/routes/blog-post";
import { DEFAULT_STEPS, queueDueSteps } from "~/server/audience/sequence.server";
import { guideFigures } from "~/server/audience/sequence-figures.server";
import { GuideChoiceSchema } from "~/lib/forms/sequence";
import { saveGuideChoices } from "~/server/content/guide-choice.server";
import { resendGuide } from "~/server/forms/guide-resend.server";
import { db } from "~/server/db.server";
import { useTestSite } from "../helpers/context";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { postLead, postResend } from "../helpers/forms";
import { useOutboxMail } from "../helpers/smtp";

const ORIGIN = "https://shop.example";
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const BUDGETING = "budgeting-tips-that-work"; // category Budgeting
const CREDIT = "dispute-credit-errors"; // category Credit Repair

useTestDatabase();
const site = useTestSite();
const { flush, received } = useOutboxMail(ORIGIN);
// The site's content holds the owner's choice of guides: each test loads its own database's (useTestSite).

/** The guide e-mail's button: the page's POST, at `at`; returns where it sends the reader. */
async function pressButton(mail: ParsedMail, at: Date): Promise<string | null> {
  const href = [...String(mail.html).matchAll(/href="([^"]+)"/g)]
    .map((m) => m[1]!.replaceAll("&amp;", "&"))
    .find((h) => h.startsWith(`${ORIGIN}/guide/`));
  expect(href, `a guide link in "${mail.subject}"`).toBeDefined();
  const url = new URL(href!);
  vi.useFakeTimers({ now: at, toFake: ["Date"] });
  try {
    const response = (await guideAction({
      request: new Request(url, { method: "POST" }),
      params: { token: url.pathname.split("/")[2]! },
    } as never)) as Response;
    return response.headers.get("Location");
  } finally {
    vi.useRealTimers();
  }
}

describe("a free guide per topic", () => {
  it("offers each article its category's guide, and a reader of both gets each guide once, each sequence once, one step a day", async () => {
    // The budgeting article offers the workbook; the credit article the starter guide.
    const budgetAnswer = await postLead({ form: { name: "Ana", email: "ana@example.com" } }, BUDGETING);
    expect(budgetAnswer.outcome).toMatchObject({ status: "success", description: "Check your email for your free First Budget Workbook!" });
    await flush();
    const [workbookMail] = received("ana@example.com");
    expect(workbookMail?.subject).toBe("Your free First Budget Workbook");
    expect(workbookMail?.text).toContain("because you asked for the free First Budget Workbook on shop.example");
    expect(workbookMail?.text).toMatch(/Download the workbook \(PDF\)/);

    const creditAnswer = await postLead({ form: { name: "Ana", email: "ANA@example.com" } }, CREDIT);
    expect(creditAnswer.outcome).toMatchObject({
      status: "success",
      description: "Check your email for your free Credit Repair Starter Guide!",
    });
    // Asking again for a guide already asked for sends nothing more.
    expect((await postLead({ form: { name: "Ana", email: "ana@example.com" } }, "emergency-fund-guide")).outcome.status).toBe("duplicate");
    await flush();
    expect(received("ana@example.com").map((m) => m.subject)).toEqual([
      "Your free First Budget Workbook",
      "Your free Credit Repair Starter Guide",
    ]);
    const creditMail = received("ana@example.com")[1]!;

    // What the database holds: one lead per guide, one contact with both guides' tags.
    expect(rowsOf(await db().execute(sql`select email, guide, lead_magnet as magnet from leads order by id`))).toEqual([
      { email: "ana@example.com", guide: "first-budget", magnet: "First Budget Workbook" },
      { email: "ana@example.com", guide: "credit-repair", magnet: "Credit Repair Starter Guide" },
    ]);
    const [contact] = rowsOf<{ tags: string[] }>(await db().execute(sql`select tags from contacts`));
    expect(contact!.tags).toEqual(
      expect.arrayContaining(["guide-first-budget", "guide-credit-repair", "topic-budgeting", "topic-credit-repair"]),
    );

    // Each button gives its own PDF and starts its own sequence: the workbook first, the guide a day later.
    const start = new Date("2026-12-01T10:00:00Z");
    expect(await pressButton(workbookMail!, start)).toBe("/downloads/first-budget-workbook.pdf");
    expect(await pressButton(creditMail, new Date(start.getTime() + DAY))).toBe("/downloads/credit-repair-starter-guide.pdf");
    expect(rowsOf(await db().execute(sql`select guide, status from sequence_enrollments order by guide`))).toEqual([
      { guide: "credit-repair", status: "active" },
      { guide: "first-budget", status: "active" },
    ]);

    // Hour by hour for three weeks, then every six hours to day 45 (the credit guide's last step
    // comes about day 40). Unspaced, the two sequences' first steps would both come at 10:00 on
    // Dec 3 (the workbook's after 2 days, the guide's after 1) and two more on Dec 12.
    const arrivals: { at: number; subject: string; mail: ParsedMail }[] = [];
    for (let t = start.getTime(); t <= start.getTime() + 45 * DAY; t += t < start.getTime() + 21 * DAY ? HOUR : 6 * HOUR) {
      if ((await queueDueSteps(new Date(t))) === 0) continue;
      const before = received("ana@example.com").length;
      await flush();
      for (const mail of received("ana@example.com").slice(before)) arrivals.push({ at: t, subject: mail.subject!, mail });
    }
    // Every step of both sequences, each once.
    expect(arrivals.map((a) => a.subject).sort()).toEqual(DEFAULT_STEPS.map((s) => s.subject).sort());
    expect(arrivals).toHaveLength(9);
    // Never two on the same day: a day or more between any two.
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]!.at - arrivals[i - 1]!.at).toBeGreaterThanOrEqual(DAY);
    expect(new Set(arrivals.map((a) => new Date(a.at).toISOString().slice(0, 10))).size).toBe(9);
    // The first collision: the workbook's step (enrolled first) goes, the guide's waits a day.
    expect(arrivals.slice(0, 2).map((a) => [new Date(a.at).toISOString(), a.subject])).toEqual([
      ["2026-12-03T10:00:00.000Z", DEFAULT_STEPS.find((s) => s.guide === "first-budget" && s.position === 1)!.subject],
      ["2026-12-04T10:00:00.000Z", DEFAULT_STEPS.find((s) => s.guide === "credit-repair" && s.position === 1)!.subject],
    ]);
    // Each step says which guide it follows, and each sequence's last step offers the newsletter.
    for (const { subject, mail } of arrivals) {
      const step = DEFAULT_STEPS.find((s) => s.subject === subject)!;
      const title = step.guide === "first-budget" ? "First Budget Workbook" : "Credit Repair Starter Guide";
      expect(mail.text, subject).toContain(`because you asked for the free ${title} on shop.example`);
      const last = step.position === Math.max(...DEFAULT_STEPS.filter((s) => s.guide === step.guide).map((s) => s.position));
      expect(/Yes, keep sending me tips/i.test(mail.text ?? ""), subject).toBe(last);
    }
    expect(rowsOf(await db().execute(sql`select guide, status from sequence_enrollments order by guide`))).toEqual([
      { guide: "credit-repair", status: "done" },
      { guide: "first-budget", status: "done" },
    ]);

    // The owner's figures, per guide.
    expect(await guideFigures("first-budget")).toMatchObject({ asked: 1, opened: 1, inSequence: 0, finished: 1 });
    expect(await guideFigures("credit-repair")).toMatchObject({ asked: 1, opened: 1, inSequence: 0, finished: 1 });
  }, 90_000);

  it("starts a guide's sequence only for the guide the address asked for", async () => {
    await postLead({ form: { name: "Ben", email: "ben@example.com" } }, BUDGETING);
    await flush();
    const [workbookMail] = received("ben@example.com");
    // The same link with the other guide named: the PDF is free to all, but no sequence starts for it.
    const other = String(workbookMail!.html).replace(/\?guide=first-budget/g, "?guide=credit-repair");
    expect(await pressButton({ ...workbookMail!, html: other } as ParsedMail, new Date())).toBe(
      "/downloads/credit-repair-starter-guide.pdf",
    );
    expect(rowsOf(await db().execute(sql`select guide from sequence_enrollments`))).toEqual([]);
    expect(await guideFigures("credit-repair")).toMatchObject({ asked: 0, opened: 0 });
    expect(await guideFigures("first-budget")).toMatchObject({ asked: 1, opened: 0 });
  });

  it("lets the owner choose each category's guide: the article offers it at once, the form sends it, and the change is logged", async () => {
    const before = await articleLoader({
      context: site(),
      params: { slug: BUDGETING },
      request: new Request(`${ORIGIN}/blog/${BUDGETING}`),
    } as never);
    expect(before.guide.title).toBe("First Budget Workbook");

    // A bad choice changes nothing.
    const bad = GuideChoiceSchema.safeParse({ ...fieldsOf(DEFAULT_GUIDE_FOR_CATEGORY), [guideField("Budgeting")]: "nope" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["Choose a guide for Budgeting."]);

    const choice = GuideChoiceSchema.parse({ ...fieldsOf(DEFAULT_GUIDE_FOR_CATEGORY), [guideField("Budgeting")]: "credit-repair" });
    expect(await saveGuideChoices(site().content, choice)).toEqual(["Budgeting"]);
    const after = await articleLoader({
      context: site(),
      params: { slug: BUDGETING },
      request: new Request(`${ORIGIN}/blog/${BUDGETING}`),
    } as never);
    expect(after.guide.title).toBe("Credit Repair Starter Guide");
    const answer = await postLead({ form: { name: "Cy", email: "cy@example.com" } }, BUDGETING);
    expect(answer.outcome).toMatchObject({ description: "Check your email for your free Credit Repair Starter Guide!" });
    await flush();
    expect(received("cy@example.com").map((m) => m.subject)).toEqual(["Your free Credit Repair Starter Guide"]);
    const [audit] = await db().select().from(adminAuditLog);
    expect(audit).toMatchObject({ action: "guide-choice", detail: "Budgeting: First Budget Workbook → Credit Repair Starter Guide" });
    // Saving the same choice again changes nothing and logs nothing.
    expect(await saveGuideChoices(site().content, choice)).toEqual([]);
    expect(await db().select().from(adminAuditLog)).toHaveLength(1);
  });
});

describe("send it again", () => {
  it("sends the guide e-mail again only if it has not gone out, and otherwise says where to look: one copy, ever", async () => {
    const answer = await postLead({ form: { name: "Dee", email: "dee@example.com" } }, BUDGETING);
    const key = answer.outcome.resend;
    expect(key).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);

    // At once: too soon (through the article's action, as the button posts it).
    const soon = await postResend(key!, BUDGETING);
    expect(soon.outcome).toMatchObject({ status: "success", title: "Give it a minute", resend: key });
    expect(soon.outcome.description).toMatch(/^E-mail can take a minute or two to arrive\. You can ask again in \d+ seconds?\.$/);

    // A minute later, still queued (the mail server was down, say): it is tried now, and arrives once.
    await db().execute(sql`update outbox set next_attempt_at = now() + interval '1 hour' where kind = 'guide'`);
    const later = new Date(Date.now() + 61_000);
    expect(await resendGuide(key!, later)).toMatchObject({ title: "Sending it again" });
    await flush();
    expect(received("dee@example.com").map((m) => m.subject)).toEqual(["Your free First Budget Workbook"]);

    // Delivered: not sent again; the answer says where to look and to whom it went.
    const delivered = await resendGuide(key!, new Date(Date.now() + 5 * 60_000));
    expect(delivered).toMatchObject({ status: "success", title: "It was delivered" });
    expect(delivered.description).toContain("addressed to dee@example.com");
    expect(delivered.description).toContain(
      "Look in your spam or promotions folder for “Your free First Budget Workbook” from Fresh Start Money.",
    );
    await flush();
    expect(received("dee@example.com")).toHaveLength(1);
    expect(rowsOf(await db().execute(sql`select count(*)::int as n from outbox where kind = 'guide'`))).toEqual([{ n: 1 }]);

    // A made-up or altered key finds nothing.
    for (const bad of ["", "1.short", `${key!.split(".")[0]}.${"A".repeat(43)}`, `999.${key!.split(".")[1]}`]) {
      expect(await resendGuide(bad, later), bad).toMatchObject({ status: "rejected", title: "We couldn't find that request" });
    }
  });

  it("says so when the mail provider refused the address", async () => {
    const answer = await postLead({ form: { name: "Eve", email: "eve@example.com" } }, CREDIT);
    await db().execute(sql`update outbox set status = 'failed' where kind = 'guide'`);
    const refused = await resendGuide(answer.outcome.resend!, new Date(Date.now() + 61_000));
    expect(refused).toMatchObject({ title: "We couldn't deliver it" });
    expect(refused.description).toContain("support@freshstartmoney.com");
  });
});

function fieldsOf(choices: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(choices).map(([category, guide]) => [`guide:${category}`, guide]));
}
