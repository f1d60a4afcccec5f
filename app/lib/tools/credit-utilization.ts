/**
 * Credit utilization calculator: how much of your card limits you are using, overall and per
 * card, and how much to pay down to get to 30% and to 10% (the articles' guideline: under 30%,
 * lower is better; see rebuild-credit-6-months and credit-card-mistakes).
 *
 * Form (GET; repeated fields, one group per card, in order): card (a name, optional),
 * cardBalance, limit. Error keys: "card.0", "cardBalance.0", "limit.0" (the row's position
 * among the submitted rows, blank ones included) and "form".
 */
import { z } from "zod";
import { fromCents, labelField, moneyField, toCents } from "./money";
import { addIssues, FORM_ERROR, type FieldErrors, isBlankRow, type Parsed, readRows } from "./query";

export const MAX_CARDS = 10;
export const MAX_CARD_AMOUNT = 10_000_000;
export const MAX_NAME_LENGTH = 60;
export const MAX_ROWS = 2 * MAX_CARDS;
export const CARD_FIELDS = ["card", "cardBalance", "limit"] as const;
export type CardField = (typeof CARD_FIELDS)[number];

export const MESSAGES = {
  noCards: "Add at least one card with its credit limit.",
  tooMany: `You can add up to ${MAX_CARDS} cards at a time.`,
} as const;

const CardRowSchema = z.object({
  card: labelField("the card's name", MAX_NAME_LENGTH),
  cardBalance: moneyField({ what: "the balance", example: "450", min: 0, max: MAX_CARD_AMOUNT }),
  limit: moneyField({ what: "the credit limit", example: "1500", min: 0, minExclusive: true, max: MAX_CARD_AMOUNT }),
});

type CardRow = z.output<typeof CardRowSchema>;
export type Card = { name: string; balance: number; limit: number; row: number };
export type UtilizationInput = { cards: Card[] };
export type UtilizationValues = { rows: Record<CardField, string>[] };

/** The card form from the query string. Blank rows are ignored; a card without a name is "Card N" (its row). */
export function parseUtilization(params: URLSearchParams): Parsed<UtilizationInput, UtilizationValues> {
  const { rows, more } = readRows(params, CARD_FIELDS, MAX_ROWS);
  const values = { rows };
  const filled = rows.map((row, i) => ({ row, i })).filter(({ row }) => !isBlankRow(row));
  if (more || filled.length > MAX_CARDS) return { ok: false, errors: { [FORM_ERROR]: MESSAGES.tooMany }, values };
  if (filled.length === 0) return { ok: false, errors: { [FORM_ERROR]: MESSAGES.noCards }, values };

  const errors: FieldErrors = {};
  const cards: Card[] = [];
  for (const { row, i } of filled) {
    const result = CardRowSchema.safeParse(row);
    if (!result.success) {
      addIssues(errors, result.error.issues, `.${i}`);
      continue;
    }
    const data: CardRow = result.data;
    cards.push({ name: data.card || `Card ${i + 1}`, balance: data.cardBalance, limit: data.limit, row: i });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, input: { cards }, values };
}

export type Utilization = {
  balance: number;
  limit: number;
  /** Percent of the limit in use (30 = 30%), unrounded; format with formatPercent (one decimal). */
  percent: number;
  /** What to pay to be at or under 30% of the limit (0 when already there). */
  payDownTo30: number;
  /** What to pay to be at or under 10% of the limit (0 when already there). */
  payDownTo10: number;
};

export type UtilizationResult = { overall: Utilization; cards: (Utilization & { name: string; row: number })[] };

/**
 * Balance − the most that is still at or under `percent` of the limit, in cents: to 30% of a
 * $1,234.57 limit (at most $370.37) from $500, pay $129.63. Exact: integer cents.
 */
function payDownCents(balanceCents: number, limitCents: number, percent: number): number {
  return Math.max(0, balanceCents - Math.floor((limitCents * percent) / 100));
}

function utilization(balanceCents: number, limitCents: number): Utilization {
  return {
    balance: fromCents(balanceCents),
    limit: fromCents(limitCents),
    percent: (balanceCents / limitCents) * 100,
    payDownTo30: fromCents(payDownCents(balanceCents, limitCents, 30)),
    payDownTo10: fromCents(payDownCents(balanceCents, limitCents, 10)),
  };
}

/** Overall and per card. At least one card with a limit over $0, as the form ensures. */
export function computeUtilization(input: { cards: readonly (Omit<Card, "row"> & { row?: number })[] }): UtilizationResult {
  const cards = input.cards.map((c, i) => ({ ...utilization(toCents(c.balance), toCents(c.limit)), name: c.name, row: c.row ?? i }));
  const balance = input.cards.reduce((s, c) => s + toCents(c.balance), 0);
  const limit = input.cards.reduce((s, c) => s + toCents(c.limit), 0);
  return { overall: utilization(balance, limit), cards };
}
