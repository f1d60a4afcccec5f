/**
 * Testimonials the owner adds by hand (app/content/testimonials.json), for /checkout until enough
 * verified reviews are approved. Each real one names its tie to us (16 CFR 255.5; 465.2): either
 * the buyer's order number, checked against the orders when the page is built (paid or refunded,
 * else it is not shown), or a connection the page states beside the name ("my sister; she got the
 * toolkit free"). Samples (placeholder text) show only outside production, labelled.
 */
import { inArray } from "drizzle-orm";
import { z } from "zod";
import source from "~/content/testimonials.json";
import { orders } from "../../../db/schema";
import { db } from "~/server/db.server";
import { env } from "~/server/env.server";
import { REVIEWABLE } from "~/server/content/reviews.server";

const ORDER_NUMBER = /^FSM-(\d{6,})$/;

const TestimonialSchema = z
  .object({
    quote: z.string().min(20).max(400),
    name: z.string().min(2).max(60),
    sample: z.boolean(),
    /** The buyer's order ("FSM-000123"): shown as "Verified buyer" once the order is found paid or refunded. */
    order: z.string().regex(ORDER_NUMBER, "must be an order number like FSM-000123").optional(),
    /** How the person is connected to us or what they got, said beside their name. */
    connection: z.string().trim().min(3).max(120).optional(),
  })
  .strict()
  .refine((t) => t.sample || (t.order === undefined) !== (t.connection === undefined), {
    message: "a real testimonial needs either its buyer's order number (order) or the person's stated connection (connection)",
  });

const TestimonialsSchema = z.object({ $comment: z.string().optional(), testimonials: z.array(TestimonialSchema) });

export type Testimonial = z.infer<typeof TestimonialSchema>;
/** As a page shows it: one tied to an order says whether that order was refunded (marked like a review). */
export type ShownTestimonial = Testimonial & { refunded?: true };

/** Checked when the server loads: a malformed file fails at start naming the field. */
const all = TestimonialsSchema.parse(source).testimonials;

/** Parse a testimonials file's content (the shipped one is parsed at load). */
export const parseTestimonials = (value: unknown): Testimonial[] => TestimonialsSchema.parse(value).testimonials;

const orderId = (number: string) => Number(ORDER_NUMBER.exec(number)![1]);

/**
 * The testimonials a page may show: real ones whose order is found paid or refunded, or whose
 * connection is stated; samples only outside production. In production with none of those, none.
 */
export async function testimonialsToShow(
  nodeEnv: string = env().NODE_ENV,
  testimonials: readonly Testimonial[] = all,
): Promise<ShownTestimonial[]> {
  const shown = testimonials.filter((t) => !t.sample || nodeEnv !== "production");
  const numbers = shown.flatMap((t) => (t.order && !t.sample ? [orderId(t.order)] : []));
  const statuses = new Map<number, string>();
  if (numbers.length > 0) {
    const rows = await db().select({ id: orders.id, status: orders.status }).from(orders).where(inArray(orders.id, numbers));
    for (const row of rows) if (REVIEWABLE.includes(row.status)) statuses.set(row.id, row.status);
  }
  return shown.flatMap((t): ShownTestimonial[] => {
    if (t.sample || t.order === undefined) return t.sample || t.connection !== undefined ? [t] : [];
    const status = statuses.get(orderId(t.order));
    if (!status) return [];
    return [status === "refunded" ? { ...t, refunded: true } : t];
  });
}
