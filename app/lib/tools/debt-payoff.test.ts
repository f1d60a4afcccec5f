import { describe, expect, it } from "vitest";
import {
  addMonths,
  avalancheOrder,
  computeDebtPayoff,
  type Debt,
  formatYearMonth,
  MAX_DEBTS,
  MAX_MONTHS,
  MAX_ROWS,
  monthlyInterestCents,
  parseDebtPayoff,
  planPayoff,
  scheduleCsv,
  snowballOrder,
  nextMonth,
  readStartMonth,
} from "./debt-payoff";

const JAN_2027 = { year: 2027, month: 1 };

/** The worked example of the article "Debt Snowball vs. Avalanche". */
const ARTICLE: Debt[] = [
  { name: "Medical bill", balance: 500, apr: 0, minimum: 50 },
  { name: "Personal loan", balance: 2000, apr: 10, minimum: 75 },
  { name: "Credit card", balance: 5000, apr: 24, minimum: 150 },
];

/** A query string with one group of fields per row, as the form sends it. */
function query(rows: Partial<Record<"name" | "balance" | "apr" | "minimum", string>>[], extra?: string): URLSearchParams {
  const params = new URLSearchParams();
  for (const row of rows) for (const key of ["name", "balance", "apr", "minimum"] as const) params.append(key, row[key] ?? "");
  if (extra !== undefined) params.append("extra", extra);
  return params;
}

describe("the article's worked example", () => {
  const result = computeDebtPayoff({ debts: ARTICLE, extra: 150 }, JAN_2027);

  it("snowball: 22 months, $1,610.10 interest, paid off in months 3, 10 and 22", () => {
    const s = result.snowball;
    expect(s.order).toEqual([0, 1, 2]);
    expect(s.finished).toBe(true);
    expect(s.months).toBe(22);
    expect(s.totalInterest).toBe(1610.1);
    expect(s.totalPaid).toBe(9110.1); // $7,500 of debt + the interest
    expect(s.paidOffMonth).toEqual([3, 10, 22]);
    expect(s.debtFreeMonth).toEqual({ year: 2028, month: 10 });
    expect(s.schedule).toHaveLength(22);
  });

  it("avalanche: 21 months, $1,332.63 interest; the medical bill goes first through its minimums", () => {
    const a = result.avalanche;
    expect(a.order).toEqual([2, 1, 0]);
    expect(a.months).toBe(21);
    expect(a.totalInterest).toBe(1332.63);
    expect(a.totalPaid).toBe(8832.63);
    expect(a.paidOffMonth).toEqual([10, 21, 19]); // medical bill, loan, card
    expect(a.debtFreeMonth).toEqual({ year: 2028, month: 9 });
  });

  it("the difference: the avalanche saves $277.47 and a month", () => {
    expect(result.monthlyTotal).toBe(425);
    expect(result.interestDifference).toBe(277.47);
    expect(result.monthsDifference).toBe(1);
  });

  it("month 1 of the snowball: $200 + $75 + $150 = $425, $116.67 interest", () => {
    const m1 = result.snowball.schedule[0]!;
    expect(m1.month).toBe(1);
    expect(m1.date).toEqual(JAN_2027);
    expect(m1.payments).toEqual([200, 75, 150]);
    expect(m1.interest).toEqual([0, 16.67, 100]); // 2000 × 10% / 12 = 16.666..., 5000 × 24% / 12
    expect(m1.totalPaid).toBe(425);
    expect(m1.totalInterest).toBe(116.67);
    expect(m1.balances).toEqual([300, 1941.67, 4950]);
    expect(m1.totalBalance).toBe(7191.67);
    // Month 3 clears the medical bill ($100 left) and the rest of its share spills to the loan.
    const m3 = result.snowball.schedule[2]!;
    expect(m3.payments[0]).toBe(100);
    expect(m3.balances[0]).toBe(0);
    expect(m3.totalPaid).toBe(425);
  });

  it("the last month pays only what is left", () => {
    const last = result.snowball.schedule.at(-1)!;
    expect(last.totalBalance).toBe(0);
    expect(last.totalPaid).toBeLessThan(425);
    expect(result.snowball.schedule.slice(0, -1).every((m) => m.totalPaid === 425)).toBe(true);
  });
});

describe("a case worked by hand", () => {
  // One debt, $1,000 at 12% APR (1% a month), $100 minimum, no extra:
  //  month  start    interest  owed     paid     left
  //   1     1000.00  10.00     1010.00  100.00   910.00
  //   2      910.00   9.10      919.10  100.00   819.10
  //   3      819.10   8.19       827.29 100.00   727.29   (8.191 -> 8.19)
  //   4      727.29   7.27       734.56 100.00   634.56   (7.2729 -> 7.27)
  //   5      634.56   6.35       640.91 100.00   540.91   (6.3456 -> 6.35)
  //   6      540.91   5.41       546.32 100.00   446.32
  //   7      446.32   4.46       450.78 100.00   350.78
  //   8      350.78   3.51       354.29 100.00   254.29
  //   9      254.29   2.54       256.83 100.00   156.83
  //  10      156.83   1.57       158.40 100.00    58.40
  //  11       58.40   0.58        58.98  58.98     0.00
  // Interest 10 + 9.10 + 8.19 + 7.27 + 6.35 + 5.41 + 4.46 + 3.51 + 2.54 + 1.57 + 0.58 = 58.98.
  it("pays off in 11 months with $58.98 interest", () => {
    const { snowball, avalanche } = computeDebtPayoff(
      { debts: [{ name: "Loan", balance: 1000, apr: 12, minimum: 100 }], extra: 0 },
      JAN_2027,
    );
    expect(snowball.schedule.map((m) => m.interest[0])).toEqual([10, 9.1, 8.19, 7.27, 6.35, 5.41, 4.46, 3.51, 2.54, 1.57, 0.58]);
    expect(snowball.schedule.map((m) => m.balances[0])).toEqual([
      910, 819.1, 727.29, 634.56, 540.91, 446.32, 350.78, 254.29, 156.83, 58.4, 0,
    ]);
    expect(snowball.schedule.at(-1)!.payments).toEqual([58.98]);
    expect(snowball.months).toBe(11);
    expect(snowball.totalInterest).toBe(58.98);
    expect(snowball.totalPaid).toBe(1058.98);
    expect(snowball.debtFreeMonth).toEqual({ year: 2027, month: 11 });
    expect(avalanche.totalInterest).toBe(58.98);
    expect(avalanche.months).toBe(11);
  });

  it("rounds each month's interest to the cent, halves up, exactly", () => {
    expect(monthlyInterestCents(1050, 12)).toBe(11); // $10.50 × 1% = 10.5¢
    expect(monthlyInterestCents(1049, 12)).toBe(10); // 10.49¢
    expect(monthlyInterestCents(50, 12)).toBe(1); // 0.5¢
    expect(monthlyInterestCents(100_000, 27.99)).toBe(2333); // $1,000 × 27.99% / 12 = $23.325
    expect(monthlyInterestCents(1_000_000_000, 100)).toBe(83_333_333); // the largest balance and rate
    expect(monthlyInterestCents(123_456, 0)).toBe(0);
  });

  it("months count on across years", () => {
    expect(addMonths({ year: 2027, month: 11 }, 3)).toEqual({ year: 2028, month: 2 });
    expect(addMonths(JAN_2027, 359)).toEqual({ year: 2056, month: 12 });
    expect(formatYearMonth({ year: 2028, month: 10 })).toBe("October 2028");
  });
});

describe("order and limits", () => {
  it("ties go to the debt listed first", () => {
    // The same debts as the spreadsheet test (tests/products/workbooks.test.ts), its ranks by hand.
    const debts: Debt[] = [
      { name: "Store card", balance: 1200, apr: 27.99, minimum: 40 },
      { name: "Car loan", balance: 9000, apr: 6.5, minimum: 260 },
      { name: "Debt 4", balance: 800, apr: 19.9, minimum: 25 },
      { name: "Old phone bill", balance: 800, apr: 0, minimum: 30 }, // same balance as the one above
      { name: "Visa", balance: 3400, apr: 27.99, minimum: 95 }, // same APR as the store card
    ];
    expect(snowballOrder(debts)).toEqual([2, 3, 0, 4, 1]);
    expect(avalancheOrder(debts)).toEqual([0, 4, 2, 1, 3]);
    const same: Debt[] = [
      { name: "A", balance: 1000, apr: 20, minimum: 50 },
      { name: "B", balance: 1000, apr: 20, minimum: 50 },
    ];
    const r = computeDebtPayoff({ debts: same, extra: 100 }, JAN_2027);
    expect(r.snowball.order).toEqual([0, 1]);
    expect(r.avalanche.order).toEqual([0, 1]);
    expect(r.snowball.schedule[0]!.payments).toEqual([150, 50]); // the extra goes to A, listed first
    expect(r.interestDifference).toBe(0);
    expect(r.monthsDifference).toBe(0);
  });

  it("stops at 360 months and says the plan is not finished", () => {
    // $10,000 at 24%: $200.00 interest a month, so $200.01 pays down a cent at first.
    const slow = computeDebtPayoff({ debts: [{ name: "Card", balance: 10_000, apr: 24, minimum: 200.01 }], extra: 0 }, JAN_2027);
    for (const plan of [slow.snowball, slow.avalanche]) {
      expect(plan.finished).toBe(false);
      expect(plan.months).toBeNull();
      expect(plan.debtFreeMonth).toBeNull();
      expect(plan.paidOffMonth).toEqual([null]);
      expect(plan.schedule).toHaveLength(MAX_MONTHS);
      expect(plan.schedule.at(-1)!.date).toEqual({ year: 2056, month: 12 });
      expect(plan.totalPaid).toBeCloseTo(360 * 200.01, 2);
      expect(plan.schedule[0]!.balances).toEqual([9999.99]);
    }
    expect(slow.monthsDifference).toBeNull();
    // A minimum below the interest (only computed, the form refuses it): the balance grows, still 360 months.
    const growing = planPayoff([{ name: "Card", balance: 10_000, apr: 24, minimum: 150 }], 0, [0], JAN_2027, "snowball");
    expect(growing.schedule).toHaveLength(MAX_MONTHS);
    expect(growing.schedule[0]!.balances).toEqual([10_050]);
  });

  it("a plan that ends in month 360 is finished", () => {
    // 360 equal payments of $1, no interest.
    const plan = planPayoff([{ name: "Loan", balance: 360, apr: 0, minimum: 1 }], 0, [0], JAN_2027, "snowball");
    expect(plan.finished).toBe(true);
    expect(plan.months).toBe(360);
    expect(plan.paidOffMonth).toEqual([360]);
    expect(plan.debtFreeMonth).toEqual({ year: 2056, month: 12 });
  });
});

describe("parsing the form", () => {
  const article = [
    { name: "Medical bill", balance: "500", apr: "0", minimum: "50" },
    { name: "Personal loan", balance: "$2,000", apr: "10%", minimum: "75" },
    { name: "Credit card", balance: "5,000.00", apr: "24", minimum: " 150 " },
  ];

  it("reads the article's example as typed, and computes the same plans", () => {
    const parsed = parseDebtPayoff(query(article, "150"));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.input.debts).toEqual(ARTICLE.map((d, row) => ({ ...d, row })));
    expect(parsed.input.extra).toBe(150);
    const r = computeDebtPayoff(parsed.input, JAN_2027);
    expect([r.snowball.months, r.snowball.totalInterest, r.avalanche.months, r.avalanche.totalInterest]).toEqual([22, 1610.1, 21, 1332.63]);
  });

  it("ignores blank rows, keeps row numbers for errors, names unnamed debts by row", () => {
    const parsed = parseDebtPayoff(
      query([
        {},
        { balance: "500", apr: "0", minimum: "50" },
        { name: "  ", balance: " ", apr: "", minimum: "" },
        { name: "Card", balance: "x", apr: "20", minimum: "40" },
      ]),
    );
    expect(parsed).toMatchObject({ ok: false, errors: { "balance.3": "Enter the balance as a number, like 2500." } });
    expect(Object.keys(parsed.ok ? {} : parsed.errors)).toEqual(["balance.3"]);
    expect(parsed.values.rows).toHaveLength(4);
    expect(parsed.values.rows[3]).toEqual({ name: "Card", balance: "x", apr: "20", minimum: "40" });

    const ok = parseDebtPayoff(
      query([{}, { balance: "500", apr: "0", minimum: "50" }, { name: " Visa \n Gold ", balance: "100", apr: "1", minimum: "5" }]),
    );
    expect(ok.ok && ok.input.debts.map((d) => [d.name, d.row])).toEqual([
      ["Debt 2", 1],
      ["Visa Gold", 2],
    ]);
    expect(ok.ok && ok.input.extra).toBe(0); // no extra field: $0
  });

  it("asks for at least one debt", () => {
    expect(parseDebtPayoff(new URLSearchParams())).toMatchObject({ ok: false, errors: { form: "Add at least one debt with a balance." } });
    expect(parseDebtPayoff(query([{}, {}], "100"))).toMatchObject({ ok: false, errors: { form: "Add at least one debt with a balance." } });
  });

  it("a minimum that doesn't cover the interest: says how much it takes", () => {
    const parsed = parseDebtPayoff(
      query([
        { name: "Card", balance: "10000", apr: "24", minimum: "150" },
        { name: "Store card", balance: "10000", apr: "24", minimum: "200" }, // equal to the interest: not enough
        { name: "Just enough", balance: "10000", apr: "24", minimum: "200.01" },
      ]),
    );
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? {} : parsed.errors).toEqual({
      "minimum.0":
        "A minimum payment of $150.00 doesn't cover this debt's interest of $200.00 a month, so the balance would never go down. Enter at least $200.01.",
      "minimum.1":
        "A minimum payment of $200.00 doesn't cover this debt's interest of $200.00 a month, so the balance would never go down. Enter at least $200.01.",
    });
    const odd = parseDebtPayoff(query([{ balance: "1234.56", apr: "19.99", minimum: "20" }]));
    // 1234.56 × 19.99 / 1200 = 20.5657... -> $20.57
    expect(odd.ok ? "" : odd.errors["minimum.0"]).toBe(
      "A minimum payment of $20.00 doesn't cover this debt's interest of $20.57 a month, so the balance would never go down. Enter at least $20.58.",
    );
  });

  it("refuses text, negatives, huge values and long strings, each next to its field", () => {
    const parsed = parseDebtPayoff(
      query(
        [
          { name: "A", balance: "abc", apr: "-1", minimum: "0" },
          { name: "B", balance: "-500", apr: "101", minimum: "1,000,001" },
          { name: "C", balance: "10000000.01", apr: "NaN", minimum: "Infinity" },
          { name: "x".repeat(61), balance: "1".repeat(41), apr: "", minimum: "" },
        ],
        "-5",
      ),
    );
    expect(parsed.ok ? {} : parsed.errors).toEqual({
      "balance.0": "Enter the balance as a number, like 2500.",
      "apr.0": "Enter a rate from 0 to 100: 24 means 24%.",
      "minimum.0": "Enter an amount more than $0.",
      "balance.1": "Enter an amount more than $0.",
      "apr.1": "Enter a rate from 0 to 100: 24 means 24%.",
      "minimum.1": "Enter an amount up to $1,000,000.",
      "balance.2": "Enter an amount up to $10,000,000.",
      "apr.2": "Enter the interest rate as a number, like 24.",
      "minimum.2": "Enter the minimum payment as a number, like 75.",
      "name.3": "Keep the name to 60 characters or fewer.",
      "balance.3": "Enter the balance as a number, like 2500.",
      "apr.3": "Enter the interest rate.",
      "minimum.3": "Enter the minimum payment.",
      extra: "Enter an amount of $0 or more.",
    });
    expect(parseDebtPayoff(query([{ balance: "100", apr: "5", minimum: "10" }], "1000000.01"))).toMatchObject({
      ok: false,
      errors: { extra: "Enter an amount up to $1,000,000." },
    });
  });

  it("up to 10 debts; an 11th is a form error", () => {
    const row = (i: number) => ({ name: `D${i}`, balance: "100", apr: "5", minimum: "10" });
    const ten = Array.from({ length: MAX_DEBTS }, (_, i) => row(i));
    expect(parseDebtPayoff(query([...ten, {}, {}])).ok).toBe(true);
    expect(parseDebtPayoff(query([...ten, row(10)]))).toEqual({
      ok: false,
      errors: { form: "You can compare up to 10 debts at a time." },
      values: expect.objectContaining({ extra: "" }),
    });
  });

  it("a crafted URL costs a slice: rows and lengths are capped before parsing", () => {
    const params = new URLSearchParams();
    for (let i = 0; i < 10_000; i++) params.append("balance", "1".repeat(1_000));
    params.append("extra", "9".repeat(100_000));
    const started = performance.now();
    const parsed = parseDebtPayoff(params);
    expect(performance.now() - started).toBeLessThan(100);
    expect(parsed).toMatchObject({ ok: false, errors: { form: "You can compare up to 10 debts at a time." } });
    expect(parsed.values.rows).toHaveLength(MAX_ROWS);
    expect(parsed.values.rows[0]!.balance).toHaveLength(200);
    expect(parsed.values.extra).toHaveLength(200);
  });
});

describe("schedule CSV", () => {
  it("both plans month by month, with the names quoted and neutralised", () => {
    const debts: Debt[] = [
      { name: '=HYPERLINK("http://x")', balance: 500, apr: 0, minimum: 50 },
      { name: 'Card, "Gold"', balance: 2000, apr: 10, minimum: 75 },
      { name: "@sum", balance: 5000, apr: 24, minimum: 150 },
    ];
    const result = computeDebtPayoff({ debts, extra: 150 }, JAN_2027);
    const csv = scheduleCsv(result, debts);
    const lines = csv.split("\r\n");
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(lines).toHaveLength(1 + 22 + 21 + 1); // header, the two plans, "" after the last CRLF
    expect(lines[0]).toBe(
      [
        "Strategy",
        "Month #",
        "Month",
        `"'=HYPERLINK(""http://x""): payment"`,
        `"'=HYPERLINK(""http://x""): balance left"`,
        `"Card, ""Gold"": payment"`,
        `"Card, ""Gold"": balance left"`,
        "'@sum: payment",
        "'@sum: balance left",
        "Interest",
        "Total paid",
        "Total balance left",
      ].join(","),
    );
    expect(lines[1]).toBe("Snowball,1,2027-01,200.00,300.00,75.00,1941.67,150.00,4950.00,116.67,425.00,7191.67");
    expect(lines[22]).toMatch(/^Snowball,22,2028-10,/);
    expect(lines[22]).toMatch(/,0\.00$/);
    expect(lines[23]).toBe("Avalanche,1,2027-01,50.00,450.00,75.00,1941.67,300.00,4800.00,116.67,425.00,7191.67");
    expect(lines[43]).toMatch(/^Avalanche,21,2028-09,/);
  });
});

describe("the month of the first payment", () => {
  it("defaults to the month after today (UTC), across a year's end", () => {
    expect(nextMonth(new Date("2026-11-23T12:00:00Z"))).toEqual({ year: 2026, month: 12 });
    expect(nextMonth(new Date("2026-12-31T23:59:59Z"))).toEqual({ year: 2027, month: 1 });
  });

  it("reads YYYY-MM as <input type=month> sends it, and refuses anything else", () => {
    const fallback = { year: 2030, month: 6 };
    expect(readStartMonth("2027-01", fallback)).toEqual({ ok: true, value: { year: 2027, month: 1 } });
    expect(readStartMonth(" ", fallback)).toEqual({ ok: true, value: fallback });
    for (const bad of ["2027-13", "2027-00", "1999-12", "2101-01", "Jan 2027", "2027-1", "2027-01-01"]) {
      expect(readStartMonth(bad, fallback), bad).toEqual({ ok: false, message: "Enter the month as year and month, like 2027-01." });
    }
  });
});
