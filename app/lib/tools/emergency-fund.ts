/**
 * Emergency fund calculator: a target of some months of essential expenses (the article
 * emergency-fund-guide: three to six months in the long run) and, first, the $1,000 starter
 * fund the article starts with. How far along you are and how many months at your pace.
 *
 * Form (GET): expenses, months (the page prefills 3), saved (blank = 0), monthly (blank = 0).
 * Error keys: the field names.
 */
import { z } from "zod";
import { fromCents, moneyField, toCents, wholeField } from "./money";
import { type Parsed, parseFields } from "./query";

export const MAX_AMOUNT = 10_000_000;
export const MAX_MONTHLY = 1_000_000;
export const MIN_MONTHS = 1;
export const MAX_MONTHS = 24;
/** The article's first goal, before three to six months of expenses. */
export const STARTER_GOAL = 1_000;

export const EMERGENCY_FIELDS = ["expenses", "months", "saved", "monthly"] as const;
export type EmergencyField = (typeof EMERGENCY_FIELDS)[number];

const EmergencySchema = z.object({
  expenses: moneyField({ what: "your monthly essential expenses", example: "2000", min: 0, minExclusive: true, max: MAX_AMOUNT }),
  months: wholeField({
    what: "the number of months to cover",
    example: "3",
    min: MIN_MONTHS,
    max: MAX_MONTHS,
    outOfRange: () => `Enter a whole number of months from ${MIN_MONTHS} to ${MAX_MONTHS}.`,
  }),
  saved: moneyField({ what: "your current savings", example: "1500", min: 0, max: MAX_AMOUNT, blank: 0 }),
  monthly: moneyField({ what: "what you save each month", example: "300", min: 0, max: MAX_MONTHLY, blank: 0 }),
});

export type EmergencyInput = z.output<typeof EmergencySchema>;
export type EmergencyValues = Record<EmergencyField, string>;

export function parseEmergencyFund(params: URLSearchParams): Parsed<EmergencyInput, EmergencyValues> {
  return parseFields(params, EMERGENCY_FIELDS, EmergencySchema);
}

export type Goal = {
  goal: number;
  reached: boolean;
  /** What is still missing (0 when reached). */
  gap: number;
  /** Months at the monthly amount: 0 when reached, null when saving nothing a month. */
  months: number | null;
};

export type EmergencyResult = {
  /** expenses × months. */
  target: number;
  gap: number;
  /** Share of the target saved, 0-100 (capped at 100). */
  percentFunded: number;
  /** Months to the target at the monthly amount (0 when funded, null when saving nothing a month). */
  monthsToTarget: number | null;
  full: Goal;
  /**
   * The $1,000 starter fund, or the whole target when that is less (a target under $1,000 is its
   * own first step).
   */
  starter: Goal;
};

function goal(goalCents: number, savedCents: number, monthlyCents: number): Goal {
  const gap = Math.max(0, goalCents - savedCents);
  return {
    goal: fromCents(goalCents),
    reached: gap === 0,
    gap: fromCents(gap),
    months: gap === 0 ? 0 : monthlyCents > 0 ? Math.ceil(gap / monthlyCents) : null,
  };
}

export function computeEmergencyFund(input: EmergencyInput): EmergencyResult {
  const saved = toCents(input.saved);
  const monthly = toCents(input.monthly);
  const targetCents = toCents(input.expenses) * input.months;
  const full = goal(targetCents, saved, monthly);
  return {
    target: full.goal,
    gap: full.gap,
    percentFunded: Math.min(100, (saved / targetCents) * 100),
    monthsToTarget: full.months,
    full,
    starter: goal(Math.min(toCents(STARTER_GOAL), targetCents), saved, monthly),
  };
}
