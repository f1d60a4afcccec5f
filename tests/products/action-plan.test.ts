/**
 * The 30-day action plan never asks the buyer to check a deadline before it can have passed.
 * A bureau has 30 days from receiving a dispute, up to 45 if the consumer sends more information
 * (FCRA 611(a)(1), 15 U.S.C. 1681i(a)(1)); a furnisher the same (12 CFR 1022.43(e)); the
 * deadline counts from receipt, and a dispute sent on a given day is received that day at the
 * earliest (online), later by mail.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const plan = readFileSync("products/src/toolkit/action-plan.md", "utf8");

/** The plan's tasks: "- [ ] **Day N: title.** text". */
const tasks = [...plan.matchAll(/^- \[ \] \*\*Day (\d+): ([^*]+)\*\*(.*)$/gm)].map((m) => ({
  day: Number(m[1]),
  title: m[2]!,
  text: `${m[2]} ${m[3]}`,
}));
const dayOf = (title: RegExp) => {
  const found = tasks.filter((t) => title.test(t.title));
  expect(found, String(title)).toHaveLength(1);
  return found[0]!.day;
};

/** A task that asks whether a dispute's deadline has passed, or acts on a missed one. */
const checksADeadline = (text: string) =>
  /deadline (?:has )?passed|passed with no answer|no answer|missed (?:its|the) deadline|overdue|follow up/i.test(text) &&
  !/No dispute deadline has passed yet/.test(text);

describe("the 30-day action plan's schedule", () => {
  it("has one task a day for 30 days", () => {
    expect(tasks.map((t) => t.day)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it("checks no dispute deadline before it can have passed", () => {
    const bureauDisputesSent = dayOf(/Send your bureau disputes/);
    const directDisputesSent = dayOf(/Send a direct dispute/);
    const earliestDeadline = Math.min(bureauDisputesSent, directDisputesSent) + 30;
    expect(earliestDeadline).toBeGreaterThan(30);
    const early = tasks.filter((t) => checksADeadline(t.text) && t.day <= earliestDeadline).map((t) => `Day ${t.day}: ${t.title}`);
    expect(early).toEqual([]);
  });

  it("the check catches a task that looks for a missed deadline", () => {
    expect(
      checksADeadline("Save your free-help contacts. If a dispute deadline has passed with no answer, consider a CFPB complaint."),
    ).toBe(true);
    expect(checksADeadline("Save your free-help contacts. No dispute deadline has passed yet.")).toBe(false);
  });

  it("after Day 30, checks each answer the day after its deadline: 30 days, 45 if extended, 15 for how an item was verified", () => {
    const after = plan.slice(plan.indexOf("## After Day 30"));
    expect(after.length).toBeGreaterThan(500);
    expect(after).toContain("counts from the day your letter was **received**");
    expect(after).toContain("**The day after each 30-day date in your tracker:**");
    expect(after).toContain("**The day after each 45-day date, if the bureau had 45 days**");
    expect(after).toMatch(/within 15 days of receiving your request\. Check the day after\./);
    expect(after).toContain("the earliest possible 30-day date is Day 44");
  });
});
