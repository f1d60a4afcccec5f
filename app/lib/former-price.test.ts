import { describe, expect, it } from "vitest";
import { formerPriceFromHistory, formerPriceVerdict, type PriceSpell } from "~/lib/former-price";

const DAY = 86_400_000;
const NOW = new Date("2026-12-03T15:00:00Z");
/** Midnight UTC `days` from NOW's day. */
const at = (days: number) => new Date(Date.parse("2026-12-03T00:00:00Z") + days * DAY);
const spell = (priceCents: number, from: number, until: number | null): PriceSpell => ({
  priceCents,
  from: at(from),
  until: until === null ? null : at(until),
});

describe("the former-price rule (16 CFR 233.1): charged for 30 of the 90 days before a lower price that began within 90 days", () => {
  it("shows the higher price that was charged for 30 days and more, with the days it was charged", () => {
    expect(formerPriceFromHistory("power-pack", [spell(2700, -60, -20), spell(1499, -20, null)], NOW)).toEqual({
      productId: "power-pack",
      priceCents: 2700,
      chargedFrom: "2026-10-04",
      chargedUntil: "2026-11-12",
    });
  });

  it("counts exactly 30 days as enough and 29 as too few", () => {
    expect(formerPriceFromHistory("p", [spell(2700, -40, -10), spell(1499, -10, null)], NOW)).toMatchObject({ priceCents: 2700 });
    expect(formerPriceVerdict("p", [spell(2700, -39, -10), spell(1499, -10, null)], NOW)).toEqual({
      problem: "charged for fewer than 30 of the 90 days before the current price started",
    });
  });

  it("counts only the 90 days before the lower price: a long-ago spell at the price does not make a recent week substantial", () => {
    const history = [spell(2700, -400, -200), spell(1999, -200, -17), spell(2700, -17, -10), spell(1499, -10, null)];
    expect(formerPriceFromHistory("p", history, NOW)).toBeNull();
  });

  it("adds up several spells at the same price inside the window", () => {
    const history = [spell(2700, -80, -60), spell(1999, -60, -40), spell(2700, -40, -25), spell(1499, -25, null)];
    // 20 + 15 = 35 days at $27 in the 90 before day -25.
    expect(formerPriceFromHistory("p", history, NOW)).toMatchObject({ priceCents: 2700 });
  });

  it("stops showing it once the lower price has lasted more than 90 days: it is the regular price now", () => {
    const history = [spell(2700, -200, -89), spell(1499, -89, null)];
    expect(formerPriceFromHistory("p", history, NOW)).toMatchObject({ priceCents: 2700 });
    expect(formerPriceFromHistory("p", history, new Date(NOW.getTime() + 2 * DAY))).toBeNull();
  });

  it("shows nothing for a product that only ever had its price, whose price went up, or that is not on sale", () => {
    expect(formerPriceVerdict("toolkit", [spell(700, -300, null)], NOW)).toEqual({
      problem: "the product has only ever had its current price",
    });
    expect(formerPriceVerdict("p", [spell(1499, -100, -10), spell(2700, -10, null)], NOW)).toEqual({
      problem: "the price before the current one was not higher",
    });
    expect(formerPriceVerdict("p", [spell(2700, -100, -10)], NOW)).toEqual({ problem: "no current price" });
  });

  it("takes the spell just before the current price, not an older higher one", () => {
    const history = [spell(3500, -200, -100), spell(1999, -100, -10), spell(1499, -10, null)];
    expect(formerPriceFromHistory("p", history, NOW)).toMatchObject({ priceCents: 1999 });
  });
});
