/**
 * The letters of each product, by id (the texts live in products/src/letters, keyed the same way):
 * the one list every count of letters is taken from (the catalogue's labels, the checkout, the
 * e-mails' samples, the tests). Titles only, so it is small enough for the pages that show a count.
 */
export const TOOLKIT_LETTERS = {
  "bureau-inaccurate-item": "Dispute an inaccurate item (to a credit bureau)",
  "bureau-not-mine-mixed": "Account not mine or mixed file (to a credit bureau)",
  "bureau-outdated-item": "Outdated item past its reporting period (to a credit bureau)",
  "bureau-method-of-verification": "Ask how an item was verified (to a credit bureau)",
  "furnisher-direct-dispute": "Direct dispute to the lender or collector",
} as const;

export const POWER_PACK_LETTERS = {
  "pp-wrong-balance": "Wrong balance or credit limit",
  "pp-wrong-status-late-payment": "Wrong account status or late payment",
  "pp-account-not-mine": "Account that is not mine",
  "pp-duplicate-account": "Duplicate account",
  "pp-mixed-file": "Mixed file (another person's information)",
  "pp-outdated-item": "Out-of-date negative item",
  "pp-unauthorized-inquiry": "Hard inquiry I did not authorize",
  "pp-method-of-verification": "Method of verification request",
  "pp-no-response-follow-up": "Follow-up when a bureau misses its deadline",
  "pp-reinsertion-without-notice": "Item put back without notice (reinsertion)",
  "pp-furnisher-direct-dispute": "Direct dispute to a lender about payment history or status",
  "pp-debt-validation": "Debt validation request to a collector",
  "pp-goodwill-adjustment": "Goodwill adjustment request",
  "pp-identity-theft-block": "Identity theft block (FCRA section 605B)",
  "pp-statement-of-dispute": "Add a statement of dispute",
  "pp-cease-contact": "Ask a debt collector to stop contacting you",
} as const;

/** Power Pack letters that do not dispute an item on a report: to a collector, a goodwill request, a block, your own statement. */
const POWER_PACK_OTHER_LETTERS: readonly (keyof typeof POWER_PACK_LETTERS)[] = [
  "pp-identity-theft-block",
  "pp-debt-validation",
  "pp-goodwill-adjustment",
  "pp-statement-of-dispute",
  "pp-cease-contact",
];

export const POWER_PACK_LETTER_COUNT = Object.keys(POWER_PACK_LETTERS).length;
export const POWER_PACK_DISPUTE_LETTER_COUNT = POWER_PACK_LETTER_COUNT - POWER_PACK_OTHER_LETTERS.length;
