import { describe, expect, it } from "vitest";
import { orderLines } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";

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
    expect(formatCents(order.totalCents)).toBe("$21.99");
  });
});
