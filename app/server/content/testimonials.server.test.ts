import { describe, expect, it } from "vitest";
import { parseTestimonials, testimonialsToShow } from "~/server/content/testimonials.server";

const real = {
  quote: "A real customer's words, given with permission.",
  name: "Ann L.",
  sample: false,
  connection: "A friend of the owner; she got the toolkit free.",
};
const sample = { quote: "Placeholder words nobody said, for the layout only.", name: "Sample S.", sample: true };

describe("testimonials", () => {
  it("shows no sample in production: with only samples the block is empty (hidden)", async () => {
    expect(await testimonialsToShow("production", [sample, sample])).toEqual([]);
    expect(await testimonialsToShow("production", [sample, real])).toEqual([real]);
  });

  it("shows samples outside production (labelled on the page)", async () => {
    expect(await testimonialsToShow("development", [sample, real])).toEqual([sample, real]);
  });

  it("the shipped file holds samples only, so production shows none until the owner adds real ones", async () => {
    expect(await testimonialsToShow("production")).toEqual([]);
    expect((await testimonialsToShow("development")).length).toBeGreaterThan(0);
  });

  it("a real testimonial names its tie to us: a buyer's order number or a stated connection, one of the two", () => {
    const file = (t: object) => ({ testimonials: [t] });
    const { connection: _, ...bare } = real;
    expect(() => parseTestimonials(file(bare))).toThrow(/order number \(order\) or the person's stated connection/);
    expect(() => parseTestimonials(file({ ...real, order: "FSM-000123" }))).toThrow(/either/);
    expect(() => parseTestimonials(file({ ...bare, order: "order 12" }))).toThrow(/FSM-000123/);
    expect(parseTestimonials(file({ ...bare, order: "FSM-000123" }))).toEqual([{ ...bare, order: "FSM-000123" }]);
    expect(parseTestimonials(file(sample))).toEqual([sample]);
  });
});
