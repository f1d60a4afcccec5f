import { describe, expect, it } from "vitest";
import { BUDGET_CATEGORIES, BUDGET_GROUPS, computeBudget, parseBudget } from "./budget";

const parse = (query: string) => parseBudget(new URLSearchParams(query));

describe("50/30/20 budget", () => {
  it("$3,000 of pay: targets $1,500 / $900 / $600 by default", () => {
    const parsed = parse("pay=3000");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect([parsed.input.needsPct, parsed.input.wantsPct, parsed.input.savingsPct]).toEqual([50, 30, 20]);
    const r = computeBudget(parsed.input);
    expect(r.groups.map((g) => [g.key, g.target])).toEqual([
      ["needs", 1500],
      ["wants", 900],
      ["savings", 600],
    ]);
    expect(r.spendingGiven).toBe(false);
    expect(r.groups.every((g) => !g.given && g.actual === 0)).toBe(true);
    expect(r.leftOver).toBe(3000);
  });

  it("compares what you spend with the targets, by group and overall", () => {
    // Needs 1,200 + 150 + 400 + 300 = 2,050 (target 1,500: $550 over); wants 120 + 60 = 180
    // (target 900: $720 under); savings 600 + 100 = 700 (target 600: $100 over). Spent 2,930 of 3,000.
    const parsed = parse(
      "pay=%243%2C000&housing=1200&utilities=150&groceries=400&transport=300&dining=120&subscriptions=60&savings=600&extraDebt=100&shopping=",
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const r = computeBudget(parsed.input);
    const [needs, wants, savings] = r.groups;
    expect(needs).toMatchObject({ actual: 2050, difference: 550, status: "over", given: true });
    expect(wants).toMatchObject({ actual: 180, difference: -720, status: "under", given: true });
    expect(savings).toMatchObject({ actual: 700, difference: 100, status: "over" });
    expect(wants!.categories.find((c) => c.key === "shopping")!.amount).toBeNull(); // blank: not given
    expect(r.totalSpending).toBe(2930);
    expect(r.leftOver).toBe(70);
    expect(r.status).toBe("left over");

    const over = parse("pay=2000&housing=1500&dining=600");
    expect(over.ok && computeBudget(over.input)).toMatchObject({ totalSpending: 2100, leftOver: -100, status: "overspent" });
    const even = parse("pay=2000&housing=900&dining=700&savings=400"); // targets 1,000 / 600 / 400
    expect(even.ok && computeBudget(even.input)).toMatchObject({ leftOver: 0, status: "even" });
    expect(even.ok && computeBudget(even.input).groups.map((g) => g.status)).toEqual(["under", "over", "on target"]);
  });

  it("your own split, which must add up to 100", () => {
    const own = parse("pay=3500&needsPct=60&wantsPct=20&savingsPct=20");
    expect(own.ok && computeBudget(own.input).groups.map((g) => g.target)).toEqual([2100, 700, 700]);
    expect(parse("pay=3500&needsPct=60")).toMatchObject({
      ok: false,
      errors: { form: "The three percentages must add up to 100; they add up to 110." },
    });
    expect(parse("pay=3500&needsPct=50.5&wantsPct=30&savingsPct=19.5")).toMatchObject({
      ok: false,
      errors: { needsPct: "Enter a whole number from 0 to 100.", savingsPct: "Enter a whole number from 0 to 100." },
    });
    expect(parse("pay=3500&needsPct=101&wantsPct=-1&savingsPct=0")).toMatchObject({
      ok: false,
      errors: { needsPct: "Enter a whole number from 0 to 100.", wantsPct: "Enter a whole number from 0 to 100." },
    });
  });

  it("errors in plain language, by field", () => {
    expect(parse("")).toEqual({
      ok: false,
      errors: { pay: "Enter your monthly take-home pay." },
      values: expect.objectContaining({ pay: "", needsPct: "" }),
    });
    const bad = parse("pay=0&housing=abc&dining=-20&savings=20000000");
    expect(bad.ok ? {} : bad.errors).toEqual({
      pay: "Enter an amount more than $0.",
      housing: "Enter the amount for rent or mortgage as a number, like 250.",
      dining: "Enter an amount of $0 or more.",
      savings: "Enter an amount up to $10,000,000.",
    });
  });

  it("one list of categories and labels", () => {
    expect(BUDGET_CATEGORIES.map((c) => `${c.group}:${c.key}:${c.label}`)).toEqual([
      "needs:housing:Rent or mortgage",
      "needs:utilities:Utilities",
      "needs:groceries:Groceries",
      "needs:transport:Transportation",
      "needs:insurance:Insurance",
      "needs:debtMinimums:Minimum debt payments",
      "needs:childcare:Childcare",
      "wants:dining:Dining out",
      "wants:entertainment:Entertainment",
      "wants:shopping:Shopping",
      "wants:subscriptions:Subscriptions",
      "savings:savings:Savings",
      "savings:extraDebt:Extra debt payments",
    ]);
    expect(BUDGET_GROUPS.map((g) => g.defaultPercent)).toEqual([50, 30, 20]);
  });
});
