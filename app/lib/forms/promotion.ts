/**
 * The offers' forms, one schema each for the browser (its messages as the owner types) and the
 * server (the authority): a promotion code at /admin/offers (create, disable, enable), and a
 * product's sale at /admin/products/<id>. Dates are the editor's datetime-local, read in the
 * business's time zone (the page names it).
 */
import { z } from "zod";
import { zonedMomentField } from "~/lib/forms/zoned-moment";
import { CODE_MAX, CODE_PATTERN, MIN_CHARGE_CENTS, normalizeCode, PERCENT_MAX } from "~/lib/offers";
import { PRICE_MAX_CENTS, ProductFormSchema } from "~/lib/forms/product";
import { formatCents } from "~/lib/site";

export const OFFER_MESSAGES = {
  code: "Use letters, digits and single dashes, for example SPRING or WELCOME-10.",
  noCode: "Enter the code buyers will type.",
  noValue: "Enter how much it takes off.",
  amount: "Enter the amount as dollars and cents, for example 5 or 2.50.",
  percent: `Enter a whole percentage from 1 to ${PERCENT_MAX}.`,
  badTime: "Enter a date and time that exists.",
  pastEnd: "The end must be later than now.",
  maxUses: "Enter a whole number of uses (1 or more), or leave it empty for no limit.",
  salePrice: "Enter the sale price as dollars and cents, for example 5.99.",
  saleMin: `The sale price must be at least ${formatCents(MIN_CHARGE_CENTS)} (the payment provider's smallest charge).`,
  saleEndBeforeStart: "The sale must end after it starts.",
  saleEnded: "This end has passed: leave it empty or choose a later one.",
} as const;

const dollars = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\$?\d{1,4}(\.\d{1,2})?$/, message)
    .transform((v) => Math.round(Number(v.replace("$", "")) * 100));

const zonedMoment = (timeZone: string) => zonedMomentField(timeZone, OFFER_MESSAGES.badTime);

/** A new promotion code. `value` is read as dollars (amount) or a whole percentage (percent): codeValue(). */
export function newCodeSchema(timeZone: string, now: () => Date = () => new Date()) {
  return z
    .object({
      intent: z.literal("create"),
      code: z
        .string({ error: OFFER_MESSAGES.noCode })
        .trim()
        .min(1, OFFER_MESSAGES.noCode)
        .max(CODE_MAX, `At most ${CODE_MAX} characters.`)
        .transform(normalizeCode)
        .refine((code) => CODE_PATTERN.test(code), OFFER_MESSAGES.code),
      kind: z.enum(["amount", "percent"], { error: "Choose an amount or a percentage." }),
      value: z.string({ error: OFFER_MESSAGES.noValue }).trim().min(1, OFFER_MESSAGES.noValue).max(12),
      productId: z.string().max(80).optional(),
      endsAt: zonedMoment(timeZone),
      maxUses: z
        .string()
        .trim()
        .max(7)
        .optional()
        .transform((v, ctx) => {
          if (!v) return null;
          if (!/^\d+$/.test(v) || Number(v) < 1) {
            ctx.addIssue({ code: "custom", message: OFFER_MESSAGES.maxUses });
            return z.NEVER;
          }
          return Number(v);
        }),
      // A checkbox: sent ("on") when ticked.
      oncePerBuyer: z
        .string()
        .optional()
        .transform((v) => v === "on"),
    })
    .superRefine((form, ctx) => {
      if (Number.isNaN(codeValue(form.kind, form.value))) {
        ctx.addIssue({
          code: "custom",
          message: form.kind === "percent" ? OFFER_MESSAGES.percent : OFFER_MESSAGES.amount,
          path: ["value"],
        });
      }
      if (form.endsAt && form.endsAt.getTime() <= now().getTime()) {
        ctx.addIssue({ code: "custom", message: OFFER_MESSAGES.pastEnd, path: ["endsAt"] });
      }
    });
}

/** What a code's "How much" is worth: whole percent (1 to PERCENT_MAX), or cents from dollars; NaN when it is neither. */
export function codeValue(kind: "amount" | "percent", typed: string): number {
  if (kind === "percent") {
    const whole = typed.replace(/\s*%$/, "");
    const value = /^\d{1,3}$/.test(whole) ? Number(whole) : NaN;
    return value >= 1 && value <= PERCENT_MAX ? value : NaN;
  }
  const cents = dollars(OFFER_MESSAGES.amount).safeParse(typed);
  return cents.success && cents.data >= 1 && cents.data <= PRICE_MAX_CENTS ? cents.data : NaN;
}
export type NewCodeInput = z.output<ReturnType<typeof newCodeSchema>>;

/** Every form of /admin/offers: a new code, and each code's Disable / Enable button. */
export function offersActionSchema(timeZone: string, now?: () => Date) {
  return z.discriminatedUnion("intent", [
    newCodeSchema(timeZone, now),
    z.object({ intent: z.enum(["disable", "enable"]), id: z.coerce.number().int().min(1) }),
  ]);
}
export type OffersPost = z.output<ReturnType<typeof offersActionSchema>>;

/**
 * A product's sale: a price below its own from a start (empty: now) to an end (empty: until it is
 * ended here). "End the sale" (intent "sale-end") clears it.
 */
export function saleSchema(timeZone: string, now: () => Date = () => new Date()) {
  return z
    .object({
      intent: z.literal("sale"),
      version: z.coerce.number().int().min(1),
      salePrice: z
        .string({ error: OFFER_MESSAGES.salePrice })
        .trim()
        .min(1, OFFER_MESSAGES.salePrice)
        .pipe(dollars(OFFER_MESSAGES.salePrice)),
      saleStartsAt: zonedMoment(timeZone),
      saleEndsAt: zonedMoment(timeZone),
    })
    .superRefine((v, ctx) => {
      if (v.salePrice < MIN_CHARGE_CENTS) ctx.addIssue({ code: "custom", message: OFFER_MESSAGES.saleMin, path: ["salePrice"] });
      if (v.saleEndsAt && v.saleEndsAt.getTime() <= now().getTime()) {
        ctx.addIssue({ code: "custom", message: OFFER_MESSAGES.saleEnded, path: ["saleEndsAt"] });
      } else if (v.saleEndsAt && v.saleStartsAt && v.saleEndsAt.getTime() <= v.saleStartsAt.getTime()) {
        ctx.addIssue({ code: "custom", message: OFFER_MESSAGES.saleEndBeforeStart, path: ["saleEndsAt"] });
      }
    });
}
export type SaleInput = z.output<ReturnType<typeof saleSchema>>;

export const SaleEndSchema = z.object({ intent: z.literal("sale-end"), version: z.coerce.number().int().min(1) });

/** Every form of /admin/products/<id>: the product's own (save), its sale, and "End the sale now". */
export function productPageSchema(timeZone: string, now?: () => Date) {
  return z.discriminatedUnion("intent", [ProductFormSchema, saleSchema(timeZone, now), SaleEndSchema]);
}
