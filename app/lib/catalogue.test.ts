import { describe, expect, it } from "vitest";
import { bundleTotal, orderLines, shownPrices } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";

const toolkit = { id: "toolkit", name: "Credit Repair Toolkit", priceCents: 700 };
const pack = { id: "power-pack", name: "Dispute Letter Power Pack", priceCents: 1499 };

describe("a checkout's lines", () => {
  it("price the product alone at its price", () => {
    const order = orderLines(toolkit, pack, { includeBump: false });
    expect(order.lines.map((l) => [l.name, l.unitAmountCents])).toEqual([["Credit Repair Toolkit", 700]]);
    expect(order.totalCents).toBe(700);
    expect(order.currency).toBe("usd");
  });

  it("add the bump when chosen: $14.99, $21.99 in all", () => {
    const order = orderLines(toolkit, pack, { includeBump: true });
    expect(order.lines.map((l) => [l.name, l.unitAmountCents])).toEqual([
      ["Credit Repair Toolkit", 700],
      ["Dispute Letter Power Pack", 1499],
    ]);
    expect(formatCents(order.totalCents)).toBe("$21.99");
    expect(bundleTotal({ toolkit, bump: { ...pack, summary: "" } })).toBe("$21.99");
  });

  it("have no bump line for a product without one, even when asked", () => {
    expect(
      orderLines({ id: "debt-freedom-blueprint", name: "Debt Freedom Blueprint", priceCents: 1200 }, null, { includeBump: true }).lines,
    ).toHaveLength(1);
  });

  it("name the prices a page showed, for the server to compare", () => {
    expect(shownPrices(toolkit, pack)).toBe("700-1499");
    expect(shownPrices(toolkit, null)).toBe("700");
  });
});
