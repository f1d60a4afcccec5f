/**
 * Issue 41: the credit guide's rewritten welcome sequence reaches databases seeded with the earlier
 * text, but never over the owner's edits; a reader who agreed to the earlier, shorter promise
 * ("a few short e-mails with tips over about two weeks") ends at step 5, whose e-mail then invites
 * them to the newsletter; a reader under today's wording gets all six.
 */
import { and, eq, sql } from "drizzle-orm";
import { contacts, outbox, sequenceEnrollments } from "../../db/schema";
import { describe, expect, it } from "vitest";
import { GUIDES } from "~/lib/guides";
import { LEAD_CONSENT } from "~/lib/site";
import { parseSequenceFiles, stepFingerprint } from "~/server/audience/sequence-content.server";
import { DEFAULT_STEPS, enrollIfEligible, findStep, isLastStep, queueDueSteps, seedSequenceSteps } from "~/server/audience/sequence.server";
import { db } from "~/server/db.server";
import { storeLead } from "~/server/forms/leads.server";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();
const DAY = 86_400_000;
const CREDIT = DEFAULT_STEPS.filter((s) => s.guide === "credit-repair");

/** A reader who asked for the credit guide and opened it, under the given consent wording. */
async function reader(email: string, wording: string): Promise<number> {
  expect(await storeLead({ name: "Ana", email, sourcePage: "dispute-credit-errors" })).toBe("created");
  const [contact] = await db()
    .update(contacts)
    .set({ provedAt: sql`now()` })
    .where(eq(contacts.email, email))
    .returning({ id: contacts.id });
  await db().execute(sql`update consents set wording_version = ${wording} where contact_id = ${contact!.id}`);
  await db().execute(sql`update leads set opened_at = now() where email = ${email}`);
  return contact!.id;
}

async function stepsQueuedFor(email: string, from: Date): Promise<string[]> {
  for (let day = 0; day <= 50; day++) await queueDueSteps(new Date(from.getTime() + day * DAY + 60_000));
  const rows = await db()
    .select({ step: sql<string>`${outbox.payload}->>'stepId'` })
    .from(outbox)
    .where(and(eq(outbox.kind, "sequence-step"), eq(outbox.toAddress, email)))
    .orderBy(outbox.id);
  return rows.map((r) => r.step);
}

describe("the rewritten welcome sequence", () => {
  it("replaces a step still as an earlier release shipped it, and keeps one the owner edited", async () => {
    await seedSequenceSteps();
    // An install from before: step 1 as shipped on 2026-11-26 (its fingerprint is listed), step 3 edited by the owner.
    const earlier = {
      subject: "Start here: your three free credit reports",
      preview: "Where to get them for free, and what to look for first.",
    };
    const oldBody = (await import("node:child_process"))
      .execFileSync("git", ["show", "5a59e08:app/content/sequence/01-your-three-reports.md"], { encoding: "utf8" })
      .replace(/^---[\s\S]*?\n---\n/, "")
      .trim();
    await db().execute(sql`
      update sequence_steps set subject = ${earlier.subject}, preview = ${earlier.preview}, body = ${oldBody}, delay_minutes = 1440
      where id = '01-your-three-reports'
    `);
    await db().execute(sql`update sequence_steps set body = 'The owner wrote this herself.' where id = '03-utilization'`);
    await db().execute(sql`delete from sequence_steps where id = '06-dispute-answer-due'`);

    await seedSequenceSteps();
    expect((await findStep("01-your-three-reports"))!.body).toBe(CREDIT[0]!.body);
    expect((await findStep("01-your-three-reports"))!.preview).toBe(CREDIT[0]!.preview);
    expect((await findStep("03-utilization"))!.body).toBe("The owner wrote this herself.");
    expect((await findStep("06-dispute-answer-due"))!.subject).toBe(CREDIT[5]!.subject);
  });

  it("lists every step as the last release shipped it, so each unedited one is upgraded", async () => {
    const { execFileSync } = await import("node:child_process");
    const earlier = (await import("~/content/sequence-earlier-defaults.json")).default.steps as Record<string, string[]>;
    for (const step of CREDIT.slice(0, 5)) {
      const source = execFileSync("git", ["show", `96d3cbd:app/content/sequence/credit-repair/${step.id}.md`], { encoding: "utf8" });
      const [shipped] = parseSequenceFiles({ [`x/credit-repair/${step.id}.md`]: source });
      expect(earlier[step.id], step.id).toContain(stepFingerprint(shipped!));
    }
  });

  it("a reader under the earlier wording ends at step 5, which invites them to the newsletter; today's wording gets all six", async () => {
    const start = new Date();
    const before = await reader("before@example.com", "2026-11-26");
    const now = await reader("now@example.com", LEAD_CONSENT.version);
    expect(await enrollIfEligible(before, "credit-repair", start)).toBe(true);
    expect(await enrollIfEligible(now, "credit-repair", start)).toBe(true);
    expect(
      await db()
        .select({ id: sequenceEnrollments.contactId, last: sequenceEnrollments.lastPosition })
        .from(sequenceEnrollments)
        .orderBy(sequenceEnrollments.contactId),
    ).toEqual([
      { id: before, last: 5 },
      { id: now, last: null },
    ]);

    const ids = CREDIT.map((s) => s.id);
    expect(await stepsQueuedFor("before@example.com", start)).toEqual(ids.slice(0, 5));
    expect(await stepsQueuedFor("now@example.com", start)).toEqual(ids);
    expect(await db().select({ status: sequenceEnrollments.status }).from(sequenceEnrollments)).toEqual([
      { status: "done" },
      { status: "done" },
    ]);

    const fifth = (await findStep(ids[4]!))!;
    expect(await isLastStep(fifth, before)).toBe(true);
    expect(await isLastStep(fifth, now)).toBe(false);
    expect(await isLastStep((await findStep(ids[5]!))!, now)).toBe(true);
  });

  it("the form's consent says what follows each guide, and that one e-mail is about the toolkit", () => {
    expect(GUIDES["credit-repair"].followups).toBe(
      "We'll e-mail you the guide now, then five short e-mails with next steps over about six weeks (one of them tells you about our $7 toolkit). Unsubscribe anytime.",
    );
    expect(CREDIT.length - 1).toBe(5);
    expect(CREDIT.filter((s) => /toolkit/i.test(s.subject + s.preview) || s.body.includes("(/checkout)")).map((s) => s.position)).toEqual([
      5,
    ]);
    const workbook = DEFAULT_STEPS.filter((s) => s.guide === "first-budget");
    expect(GUIDES["first-budget"].followups).toContain(`then three short e-mails`);
    expect(workbook).toHaveLength(3);
    const span = workbook.reduce((days, s) => days + s.delayMinutes / 1440, 0);
    expect(span).toBeLessThanOrEqual(14);
  });
});
