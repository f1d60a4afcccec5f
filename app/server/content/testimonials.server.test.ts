import { describe, expect, it } from "vitest";
import { testimonialsToShow } from "~/server/content/testimonials.server";

const real = { quote: "A real customer's words, given with permission.", name: "Ann L.", sample: false };
const sample = { quote: "Placeholder words nobody said, for the layout only.", name: "Sample S.", sample: true };

describe("testimonials", () => {
  it("shows no sample in production: with only samples the block is empty (hidden)", () => {
    expect(testimonialsToShow("production", [sample, sample])).toEqual([]);
    expect(testimonialsToShow("production", [sample, real])).toEqual([real]);
  });

  it("shows samples outside production (labelled on the page)", () => {
    expect(testimonialsToShow("development", [sample, real])).toEqual([sample, real]);
  });

  it("the shipped file holds samples only, so production shows none until the owner adds real ones", () => {
    expect(testimonialsToShow("production")).toEqual([]);
    expect(testimonialsToShow("development").length).toBeGreaterThan(0);
  });
});
