import { describe, expect, it } from "vitest";
import { orderLines } from "~/lib/catalogue";
import { formerPriceFromHistory } from "~/lib/former-price";
import { applyOffer, priceAt, purchaseRows, saleRuns, spellsFrom, type Sale } from "~/lib/offers";

const toolkit = { id: "toolkit", name: "Credit Repair Toolkit", priceCents: 700 };
const pack = { id: "power-pack", name: "Dispute Letter Power Pack", priceCents: 1499 };
const both = orderLines(toolkit, pack, { includeBump: true });
const alone = orderLines(toolkit, pack, { includeBump: false });
const charged = (order: ReturnType<typeof applyOffer>) => order?.lines.map((l) => l.unitAmountCents);

describe("what a promotion code takes off a checkout's lines", () => {
  it("takes a percentage off every line of an all-products code, the cents rounded once on the whole", () => {
    // 20% of $21.99 is $4.398: $4.40 off, split $1.40 (toolkit) and $3.00 (pack), the rounding on the last line.
    const after = applyOffer(both, { kind: "percent", value: 20, productId: null });
    expect(after).toMatchObject({ discountCents: 440, totalCents: 1759 });
    expect(charged(after)).toEqual([560, 1199]);
    expect(after?.lines.map((l) => l.fullUnitCents)).toEqual([700, 1499]);
  });

  it("takes an amount off the whole order in proportion to the lines, the remainder on the last line", () => {
    // $5 of $21.99: floor(500 * 700 / 2199) = 159 off the toolkit, 341 off the pack.
    const after = applyOffer(both, { kind: "amount", value: 500, productId: null });
    expect(after).toMatchObject({ discountCents: 500, totalCents: 1699 });
    expect(charged(after)).toEqual([541, 1158]);
  });

  it("takes a one-product code off that product's line only, and leaves the other line alone", () => {
    // Half of $14.99 is $7.495: $7.50 off (rounded half up), $7.49 to pay.
    const after = applyOffer(both, { kind: "percent", value: 50, productId: "power-pack" });
    expect(charged(after)).toEqual([700, 749]);
    expect(after?.lines[0]?.fullUnitCents).toBeUndefined();
    expect(after?.discountCents).toBe(750);
  });

  it("never takes a line below $0: an amount larger than what it covers takes what there is", () => {
    const after = applyOffer(both, { kind: "amount", value: 2_000, productId: "toolkit" });
    expect(charged(after)).toEqual([0, 1499]);
    expect(after).toMatchObject({ discountCents: 700, totalCents: 1499 });
    expect(applyOffer(alone, { kind: "amount", value: 99_999, productId: null })).toMatchObject({ totalCents: 0, discountCents: 700 });
  });

  it("covers nothing when the order does not hold the code's product", () => {
    expect(applyOffer(alone, { kind: "percent", value: 10, productId: "power-pack" })).toBeNull();
  });

  it("writes a receipt's rows: each line at its price before the code, then the code's line", () => {
    const after = applyOffer(both, { kind: "percent", value: 20, productId: null })!;
    expect(purchaseRows({ lines: after.lines, promotionCode: "SPRING", discountCents: after.discountCents })).toEqual({
      lines: [
        { name: "Credit Repair Toolkit", amountCents: 700 },
        { name: "Dispute Letter Power Pack", amountCents: 1499 },
      ],
      discount: { code: "SPRING", amountCents: 440 },
    });
    expect(purchaseRows({ lines: both.lines, promotionCode: null, discountCents: 0 }).discount).toBeNull();
  });
});

const DAY = 86_400_000;
const T0 = new Date("2026-12-01T05:00:00Z");
const day = (n: number) => new Date(T0.getTime() + n * DAY);

describe("a sale's window", () => {
  const sale: Sale = { priceCents: 500, startsAt: day(0), endsAt: day(7) };

  it("charges the sale's price from its start until its end, and the product's own price before and after, by the clock alone", () => {
    expect(priceAt(700, sale, new Date(day(0).getTime() - 1))).toBe(700);
    expect(priceAt(700, sale, day(0))).toBe(500);
    expect(priceAt(700, sale, new Date(day(7).getTime() - 1))).toBe(500);
    expect(priceAt(700, sale, day(7))).toBe(700);
    expect(saleRuns({ ...sale, endsAt: null }, day(400))).toBe(true);
  });

  it("writes what will be charged as price-history spells: now, the sale, then the price again", () => {
    expect(spellsFrom({ onSale: true, priceCents: 700, sale }, day(-2))).toEqual([
      { priceCents: 700, from: day(-2), until: day(0) },
      { priceCents: 500, from: day(0), until: day(7) },
      { priceCents: 700, from: day(7), until: null },
    ]);
    expect(spellsFrom({ onSale: true, priceCents: 700, sale: { ...sale, endsAt: null } }, day(1))).toEqual([
      { priceCents: 500, from: day(1), until: null },
    ]);
    expect(spellsFrom({ onSale: true, priceCents: 700, sale }, day(8))).toEqual([{ priceCents: 700, from: day(8), until: null }]);
    expect(spellsFrom({ onSale: false, priceCents: 700, sale }, day(1))).toEqual([]);
  });

  it("lets the former price stand beside a sale only when the history meets 16 CFR 233.1, and not once the sale is over", () => {
    // $7 for 60 days, then a week's sale at $5 written ahead.
    const history = [{ priceCents: 700, from: day(-60), until: null }].flatMap((first) => [
      { ...first, until: day(0) },
      ...spellsFrom({ onSale: true, priceCents: 700, sale }, day(0)),
    ]);
    expect(formerPriceFromHistory("toolkit", history, day(-1))).toBeNull();
    expect(formerPriceFromHistory("toolkit", history, day(3))).toMatchObject({ priceCents: 700 });
    expect(formerPriceFromHistory("toolkit", history, day(8))).toBeNull();
    // Only 20 days at $7 before the sale: too few to call it the normal price.
    const short = [{ priceCents: 700, from: day(-20), until: day(0) }, ...spellsFrom({ onSale: true, priceCents: 700, sale }, day(0))];
    expect(formerPriceFromHistory("toolkit", short, day(3))).toBeNull();
  });
});
