import { describe, expect, it } from "vitest";
import { formatCents } from "~/lib/site";

describe("formatCents", () => {
  it("formats prices", () => {
    expect(formatCents(700)).toBe("$7.00");
    expect(formatCents(700, { trimCents: true })).toBe("$7");
    expect(formatCents(1499, { trimCents: true })).toBe("$14.99");
  });

  it("writes negative amounts, and no negative zero", () => {
    expect(formatCents(-27747)).toBe("-$277.47");
    expect(formatCents(-0)).toBe("$0.00");
    expect(formatCents(-0, { trimCents: true })).toBe("$0");
  });
});
