import type { POWER_PACK_LETTERS, TOOLKIT_LETTERS } from "../../../app/lib/product-files";

/**
 * Where each Power Pack letter fits: the guide chapters that explain its situation, and the core
 * toolkit letter it is a fuller version of, or none when the toolkit's letters do not cover that
 * situation (then `situation` names it, in the words the catalogue's description uses).
 *
 * Read from the letters themselves (products/src/letters): a Power Pack letter has a toolkit
 * counterpart when a toolkit letter's "when to use it" covers the same situation. The duplicate
 * account letter counts as a fuller version of "Dispute an inaccurate item": a debt reported
 * twice is an inaccurate balance, and the guide's error table (Chapter 7) sends it to that
 * dispute. The map PDF (power-pack/letter-map.pdf), the catalogue's description of the Power Pack
 * and the guide's pointers to Power Pack letters are all checked against this.
 */
export type PowerPackLetterId = keyof typeof POWER_PACK_LETTERS;
export type ToolkitLetterId = keyof typeof TOOLKIT_LETTERS;

export type LetterPlace =
  | { chapters: number[]; toolkitLetter: ToolkitLetterId; situation?: undefined }
  | { chapters: number[]; toolkitLetter: null; situation: string };

export const POWER_PACK_MAP: Record<PowerPackLetterId, LetterPlace> = {
  "pp-wrong-balance": { chapters: [9], toolkitLetter: "bureau-inaccurate-item" },
  "pp-wrong-status-late-payment": { chapters: [9], toolkitLetter: "bureau-inaccurate-item" },
  "pp-account-not-mine": { chapters: [7, 9], toolkitLetter: "bureau-not-mine-mixed" },
  "pp-duplicate-account": { chapters: [7, 9], toolkitLetter: "bureau-inaccurate-item" },
  "pp-mixed-file": { chapters: [7, 9], toolkitLetter: "bureau-not-mine-mixed" },
  "pp-outdated-item": { chapters: [5, 9], toolkitLetter: "bureau-outdated-item" },
  "pp-unauthorized-inquiry": { chapters: [4, 9], toolkitLetter: null, situation: "a hard inquiry you didn't authorize" },
  "pp-method-of-verification": { chapters: [12], toolkitLetter: "bureau-method-of-verification" },
  "pp-no-response-follow-up": { chapters: [11], toolkitLetter: null, situation: "a bureau that misses its deadline" },
  "pp-reinsertion-without-notice": { chapters: [12], toolkitLetter: null, situation: "a deleted item put back without notice" },
  "pp-furnisher-direct-dispute": { chapters: [10], toolkitLetter: "furnisher-direct-dispute" },
  "pp-debt-validation": { chapters: [14], toolkitLetter: null, situation: "debt validation" },
  "pp-goodwill-adjustment": { chapters: [13], toolkitLetter: null, situation: "a goodwill request" },
  "pp-identity-theft-block": { chapters: [15], toolkitLetter: null, situation: "an identity theft block" },
  "pp-statement-of-dispute": { chapters: [12], toolkitLetter: null, situation: "a statement of dispute" },
  "pp-cease-contact": { chapters: [14], toolkitLetter: null, situation: "stopping contact from a debt collector" },
};

/** The Power Pack letters for situations no toolkit letter covers, in the Power Pack's order. */
export function powerPackOnlyLetters(): PowerPackLetterId[] {
  return (Object.keys(POWER_PACK_MAP) as PowerPackLetterId[]).filter((id) => POWER_PACK_MAP[id].toolkitLetter === null);
}
