import { describe, expect, it } from "vitest";
import { computeUtilization, MAX_CARDS, parseUtilization } from "./credit-utilization";

function query(rows: Partial<Record<"card" | "cardBalance" | "limit", string>>[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const row of rows) for (const key of ["card", "cardBalance", "limit"] as const) params.append(key, row[key] ?? "");
  return params;
}

describe("credit utilization", () => {
  it("$450 of $1,500 and $900 of $3,000: 30% overall, $900 to pay down to 10%", () => {
    const parsed = parseUtilization(
      query([
        { card: "Visa", cardBalance: "450", limit: "1,500" },
        { cardBalance: "$900", limit: "3000" },
      ]),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = computeUtilization(parsed.input);
    expect(r.overall).toEqual({ balance: 1350, limit: 4500, percent: 30, payDownTo30: 0, payDownTo10: 900 });
    expect(r.cards).toEqual([
      { name: "Visa", row: 0, balance: 450, limit: 1500, percent: 30, payDownTo30: 0, payDownTo10: 300 },
      { name: "Card 2", row: 1, balance: 900, limit: 3000, percent: 30, payDownTo30: 0, payDownTo10: 600 },
    ]);
  });

  it("the rebuild-credit article: $1,500 of $2,000 and $300 of $1,000 is 60%; pay $900 to reach 30%", () => {
    const r = computeUtilization({
      cards: [
        { name: "Card A", balance: 1500, limit: 2000 },
        { name: "Card B", balance: 300, limit: 1000 },
      ],
    });
    expect(r.overall.percent).toBe(60);
    expect(r.overall.payDownTo30).toBe(900); // "pay Card A down to $600 ... $900 on $3,000, or 30%"
    expect(r.overall.payDownTo10).toBe(1500);
    expect(r.cards.map((c) => [c.percent, c.payDownTo30, c.payDownTo10])).toEqual([
      [75, 900, 1300],
      [30, 0, 200],
    ]);
  });

  it("pays down to the cent that gets under the line, and over 100% is shown as it is", () => {
    // 30% of $1,234.57 is $370.371: at most $370.37 may stay, so pay $129.63 of $500.
    const r = computeUtilization({ cards: [{ name: "A", balance: 500, limit: 1234.57 }] });
    expect(r.cards[0]!.payDownTo30).toBe(129.63);
    expect(r.cards[0]!.percent).toBeCloseTo(40.5, 1);
    const over = computeUtilization({ cards: [{ name: "B", balance: 1200, limit: 1000 }] });
    expect(over.overall.percent).toBe(120);
    expect(over.overall.payDownTo30).toBe(900);
    const zero = computeUtilization({ cards: [{ name: "C", balance: 0, limit: 500 }] });
    expect(zero.overall).toMatchObject({ percent: 0, payDownTo30: 0, payDownTo10: 0 });
  });

  it("errors next to the field; blank rows ignored; at least one card, at most 10", () => {
    const bad = parseUtilization(
      query([
        {},
        { card: "A", cardBalance: "-1", limit: "0" },
        { card: "B", cardBalance: "lots", limit: "20000000" },
        { card: "C", cardBalance: "" },
      ]),
    );
    expect(bad.ok ? {} : bad.errors).toEqual({
      "cardBalance.1": "Enter an amount of $0 or more.",
      "limit.1": "Enter an amount more than $0.",
      "cardBalance.2": "Enter the balance as a number, like 450.",
      "limit.2": "Enter an amount up to $10,000,000.",
      "cardBalance.3": "Enter the balance.",
      "limit.3": "Enter the credit limit.",
    });
    expect(parseUtilization(query([{}, {}]))).toMatchObject({
      ok: false,
      errors: { form: "Add at least one card with its credit limit." },
    });
    const row = { cardBalance: "1", limit: "10" };
    expect(parseUtilization(query(Array.from({ length: MAX_CARDS }, () => row))).ok).toBe(true);
    expect(parseUtilization(query(Array.from({ length: MAX_CARDS + 1 }, () => row)))).toMatchObject({
      ok: false,
      errors: { form: "You can add up to 10 cards at a time." },
    });
    expect(parseUtilization(query([{ card: "n".repeat(61), ...row }]))).toMatchObject({
      ok: false,
      errors: { "card.0": "Keep the card's name to 60 characters or fewer." },
    });
  });
});
