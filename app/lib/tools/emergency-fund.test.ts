import { describe, expect, it } from "vitest";
import { computeEmergencyFund, parseEmergencyFund } from "./emergency-fund";

const run = (query: string) => {
  const parsed = parseEmergencyFund(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return computeEmergencyFund(parsed.input);
};

describe("emergency fund", () => {
  it("$2,000 × 3 months = $6,000; $1,500 saved at $300 a month: $4,500 to go, 25%, 15 months", () => {
    const r = run("expenses=2000&months=3&saved=1500&monthly=300");
    expect(r).toMatchObject({ target: 6000, gap: 4500, percentFunded: 25, monthsToTarget: 15 });
    expect(r.starter).toEqual({ goal: 1000, reached: true, gap: 0, months: 0 });
  });

  it("the article's $100 a month reaches the $1,000 starter fund in 10 months", () => {
    const r = run("expenses=2100&months=3&monthly=100"); // saved: blank = $0
    expect(r.starter).toEqual({ goal: 1000, reached: false, gap: 1000, months: 10 });
    expect(r.target).toBe(6300);
    expect(r.monthsToTarget).toBe(63);
    expect(r.percentFunded).toBe(0);
  });

  it("rounds months up, caps the share at 100%, and says when saving nothing never gets there", () => {
    expect(run("expenses=1000&months=6&saved=0&monthly=700").monthsToTarget).toBe(9); // 6000 / 700 = 8.57
    const done = run("expenses=1000&months=3&saved=4000&monthly=0");
    expect(done).toMatchObject({ gap: 0, percentFunded: 100, monthsToTarget: 0, full: { reached: true } });
    const stuck = run("expenses=1000&months=3&saved=250");
    expect(stuck).toMatchObject({ gap: 2750, monthsToTarget: null, starter: { gap: 750, months: null } });
    expect(stuck.percentFunded).toBeCloseTo(8.33, 2);
    // A target under $1,000 is its own starter goal.
    expect(run("expenses=400&months=2&saved=100&monthly=100").starter).toEqual({ goal: 800, reached: false, gap: 700, months: 7 });
  });

  it("errors by field", () => {
    const parsed = parseEmergencyFund(new URLSearchParams("expenses=&months=30&saved=-1&monthly=abc"));
    expect(parsed.ok ? {} : parsed.errors).toEqual({
      expenses: "Enter your monthly essential expenses.",
      months: "Enter a whole number of months from 1 to 24.",
      saved: "Enter an amount of $0 or more.",
      monthly: "Enter what you save each month as a number, like 300.",
    });
    expect(parseEmergencyFund(new URLSearchParams("expenses=2000&months=2.5"))).toMatchObject({
      ok: false,
      errors: { months: "Enter a whole number of months from 1 to 24." },
    });
    expect(parseEmergencyFund(new URLSearchParams("expenses=2000&months="))).toMatchObject({
      ok: false,
      errors: { months: "Enter the number of months to cover." },
    });
  });
});
