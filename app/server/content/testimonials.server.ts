import { z } from "zod";
import source from "~/content/testimonials.json";
import { env } from "~/server/env.server";

const TestimonialsSchema = z.object({
  $comment: z.string().optional(),
  testimonials: z.array(z.object({ quote: z.string().min(20).max(400), name: z.string().min(2).max(60), sample: z.boolean() }).strict()),
});

export type Testimonial = z.infer<typeof TestimonialsSchema>["testimonials"][number];

/** Checked when the server loads: a malformed file fails at start naming the field. */
const all = TestimonialsSchema.parse(source).testimonials;

/**
 * The testimonials a page may show: real ones always; samples (placeholder text) only outside
 * production, where they are labelled as samples. In production with no real one, none.
 */
export function testimonialsToShow(nodeEnv: string = env().NODE_ENV, testimonials: readonly Testimonial[] = all): Testimonial[] {
  return testimonials.filter((t) => !t.sample || nodeEnv !== "production");
}
