import { describe, expect, it } from "vitest";
import { formatPrice, orderLines } from "~/lib/catalogue";

describe("catalogue", () => {
  it("prices the toolkit alone at $7.00", () => {
    const order = orderLines({ includeBump: false });
    expect(order.lines.map((l) => [l.name, l.unitAmountCents])).toEqual([["Credit Repair Toolkit", 700]]);
    expect(order.totalCents).toBe(700);
    expect(order.currency).toBe("usd");
  });

  it("adds the Dispute Letter Power Pack for $14.99, $21.99 in all", () => {
    const order = orderLines({ includeBump: true });
    expect(order.lines.map((l) => [l.name, l.unitAmountCents])).toEqual([
      ["Credit Repair Toolkit", 700],
      ["Dispute Letter Power Pack", 1499],
    ]);
    expect(formatPrice(order.totalCents)).toBe("$21.99");
  });

  it("formats prices", () => {
    expect(formatPrice(700)).toBe("$7.00");
    expect(formatPrice(700, { short: true })).toBe("$7");
    expect(formatPrice(1499, { short: true })).toBe("$14.99");
  });
});
