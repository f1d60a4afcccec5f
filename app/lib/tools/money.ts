/**
 * Numbers typed into the calculators: reading them the way people type them ("$1,234.56",
 * " 12 ", "24%"), the plain-language messages when they can't be read, exact cents, and the
 * formatting the pages show. Browser-safe: the server loaders and the live forms share it.
 *
 * Money is exact in whole cents inside the calculators; the dollar numbers they hand out are
 * `cents / 100`.
 */
import { z } from "zod";
import { formatCents } from "~/lib/site";

/** Longest text read as a number: "$10,000,000.00" with room for spaces is far shorter. */
export const MAX_NUMBER_LENGTH = 40;

// ---------------------------------------------------------------------------------------------
// Cents

/**
 * Whole cents of a dollar amount, halves away from zero. `x * 100` is not exact in binary
 * (1.005 * 100 = 100.49999999999999), so the product is first cut to 15 significant digits,
 * which every amount these tools accept (up to $10,000,000.00) has room for.
 */
export function toCents(dollars: number): number {
  const scaled = Number((Math.abs(dollars) * 100).toPrecision(15));
  const cents = Math.round(scaled);
  return dollars < 0 ? -cents : cents;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** A dollar amount rounded to the cent: roundMoney(1.005) === 1.01. */
export function roundMoney(dollars: number): number {
  return fromCents(toCents(dollars));
}

/** `value` rounded to `decimals` places, halves away from zero, with the same care as toCents. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Math.round(Number((Math.abs(value) * factor).toPrecision(15)));
  return (value < 0 ? -scaled : scaled) / factor;
}

// ---------------------------------------------------------------------------------------------
// Formatting

const PERCENT = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

/**
 * "$1,610.10" for an amount in dollars (the calculators' unit), written by the site's one
 * formatter after rounding to the cent here. With `trimCents`, a whole amount drops its cents
 * ("$10,000,000"), for limits and round figures in sentences; an amount with cents keeps them.
 */
export function formatMoney(dollars: number, options: { trimCents?: boolean } = {}): string {
  return formatCents(toCents(dollars), options);
}

/** A percentage given as a number of percent (30 for 30%): "30%", "33.3%" (one decimal at most). */
export function formatPercent(percent: number): string {
  return `${PERCENT.format(percent)}%`;
}

// ---------------------------------------------------------------------------------------------
// Reading typed numbers

const PLAIN_NUMBER = /^(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d*)?$/;

/**
 * A number as people type it: digits with an optional decimal point and correctly placed
 * thousands commas ("1,234.56"; "1,2" is refused rather than guessed at), an optional minus,
 * and, where allowed, a leading "$" or a trailing "%". Null for anything else, including
 * "NaN", "Infinity", "1e5" and text longer than MAX_NUMBER_LENGTH.
 */
export function readNumber(text: string, allow: { dollar?: boolean; percent?: boolean } = {}): number | null {
  if (text.length > MAX_NUMBER_LENGTH) return null;
  let s = text.trim();
  let negative = false;
  if (s.startsWith("-") || s.startsWith("\u2212")) {
    negative = true;
    s = s.slice(1).trimStart();
  }
  if (allow.dollar && s.startsWith("$")) s = s.slice(1).trimStart();
  if (allow.percent && s.endsWith("%")) s = s.slice(0, -1).trimEnd();
  if (!/\d/.test(s) || !PLAIN_NUMBER.test(s)) return null;
  const value = Number(s.replaceAll(",", ""));
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}

export type FieldResult<T> = { ok: true; value: T } | { ok: false; message: string };

export type NumberRule = {
  /** What the field holds, for the messages: "the balance". */
  what: string;
  /** A typical value, for "Enter the balance as a number, like 2500." */
  example: string;
  min: number;
  /** True when `min` itself is not allowed (a balance must be more than $0). */
  minExclusive?: boolean;
  max: number;
  /** Message when the value is outside min..max. */
  outOfRange?: (value: number) => string;
};

type Kind = { dollar?: boolean; percent?: boolean; decimals: number; whole?: boolean };

function readRuled(text: string, rule: NumberRule, kind: Kind, outOfRange: (value: number) => string): FieldResult<number> {
  const read = readNumber(text, kind);
  if (read === null) return { ok: false, message: `Enter ${rule.what} as a number, like ${rule.example}.` };
  if (kind.whole && !Number.isInteger(read)) return { ok: false, message: outOfRange(read) };
  const value = roundTo(read, kind.decimals);
  const tooLow = rule.minExclusive ? value <= rule.min : value < rule.min;
  if (tooLow || value > rule.max) return { ok: false, message: outOfRange(value) };
  return { ok: true, value: value === 0 ? 0 : value };
}

function amountRange(rule: NumberRule) {
  const low = formatMoney(rule.min, { trimCents: true });
  return (value: number) => {
    if (value > rule.max) return `Enter an amount up to ${formatMoney(rule.max, { trimCents: true })}.`;
    return rule.minExclusive ? `Enter an amount more than ${low}.` : `Enter an amount of ${low} or more.`;
  };
}

/**
 * A dollar amount, rounded to the cent: "1234", "1,234.56", "$1,234.56", " 12 ". A blank field
 * is an error ("Enter the balance.") unless `blank` gives its value.
 */
export function readMoney(text: string, rule: NumberRule & { blank?: number }): FieldResult<number> {
  if (text.trim() === "") {
    return rule.blank === undefined ? { ok: false, message: `Enter ${rule.what}.` } : { ok: true, value: rule.blank };
  }
  return readRuled(text, rule, { dollar: true, decimals: 2 }, rule.outOfRange ?? amountRange(rule));
}

/** A percentage or rate as a number of percent ("24" or "24%" is 24), kept to `decimals` places. */
export function readPercent(text: string, rule: NumberRule & { decimals: number; whole?: boolean; blank?: number }): FieldResult<number> {
  if (text.trim() === "") {
    return rule.blank === undefined ? { ok: false, message: `Enter ${rule.what}.` } : { ok: true, value: rule.blank };
  }
  const outOfRange = rule.outOfRange ?? (() => `Enter a number from ${rule.min} to ${rule.max}.`);
  return readRuled(text, rule, { percent: true, decimals: rule.decimals, whole: rule.whole }, outOfRange);
}

/** A whole number (a count of months). */
export function readWhole(text: string, rule: NumberRule & { blank?: number }): FieldResult<number> {
  if (text.trim() === "") {
    return rule.blank === undefined ? { ok: false, message: `Enter ${rule.what}.` } : { ok: true, value: rule.blank };
  }
  const outOfRange = rule.outOfRange ?? (() => `Enter a whole number from ${rule.min} to ${rule.max}.`);
  return readRuled(text, rule, { decimals: 0, whole: true }, outOfRange);
}

// ---------------------------------------------------------------------------------------------
// The same readers as Zod schemas, for the tools' form schemas

/** A Zod schema from string to T that fails with the reader's message. */
export function fieldSchema<T>(read: (text: string) => FieldResult<T>): z.ZodType<T, string> {
  return z.pipe(
    z.string(),
    z.transform((text: string, ctx) => {
      const result = read(text);
      if (result.ok) return result.value;
      ctx.issues.push({ code: "custom", message: result.message, input: text });
      return z.NEVER;
    }),
  );
}

export const moneyField = (rule: NumberRule & { blank?: number }) => fieldSchema((text) => readMoney(text, rule));

/** A money field where blank means "not given" (null), not zero. */
export const optionalMoneyField = (rule: NumberRule) =>
  fieldSchema<number | null>((text) => (text.trim() === "" ? { ok: true, value: null } : readMoney(text, rule)));

export const percentField = (rule: NumberRule & { decimals: number; whole?: boolean; blank?: number }) =>
  fieldSchema((text) => readPercent(text, rule));

export const wholeField = (rule: NumberRule & { blank?: number }) => fieldSchema((text) => readWhole(text, rule));

/**
 * A short optional label (a debt's or card's name): runs of spaces, tabs and line breaks become
 * one space, ends trimmed. Blank gives "" (the tool picks a default name).
 */
export const labelField = (what: string, maxLength: number) =>
  fieldSchema<string>((text) => {
    const label = text.replace(/\s+/g, " ").trim();
    if (label.length > maxLength) return { ok: false, message: `Keep ${what} to ${maxLength} characters or fewer.` };
    return { ok: true, value: label };
  });
