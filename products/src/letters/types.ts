/**
 * The content of one dispute letter. Titles, ids and which product a letter belongs to live in
 * the catalogue (app/lib/catalogue.ts); this is only the letter's text, keyed by the same id.
 *
 * Blanks the buyer fills in are written in square brackets in CAPITALS, e.g. "[ACCOUNT NUMBER,
 * LAST 4 DIGITS]". The builder highlights them in the PDF and the Word file.
 *
 * The builder adds, around what is written here: the sender block ([YOUR FULL NAME], [YOUR
 * STREET ADDRESS], [CITY, STATE ZIP], [DATE OF BIRTH, if writing to a bureau]...), the date line
 * ([DATE]), the recipient block, the "Re:" account line, "Sincerely," and the signature block
 * ([YOUR SIGNATURE] / [YOUR PRINTED NAME]), the "Enclosures:" list, and a guidance page (when to
 * use it, the law, how to send it).
 */
export type LetterContent = {
  /** Two or three short sentences: the situation this letter is for, and when not to use it. */
  whenToUse: string[];
  /** Who receives it: a bureau (the builder prints the three published bureau addresses as the
   * options to choose from), or a named party whose address the buyer fills in. */
  recipient: { kind: "bureau" } | { kind: "other"; lines: string[] }; // e.g. ["[LENDER OR COLLECTOR NAME]", "[DISPUTE ADDRESS FROM YOUR REPORT OR STATEMENT]"]
  /** Whether the sender block should include date of birth and last 4 of SSN (bureau letters: yes). */
  identifyWithDobAndSsn: boolean;
  /** The "Re:" account line, e.g. "Re: Dispute of inaccurate balance, [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]". */
  reLine: string;
  /** The letter's paragraphs after "Dear ...:" and before "Sincerely,". A paragraph that starts
   * with "- " is a bullet item (consecutive ones form one list). Written in plain first-person
   * language the buyer can reword; no legal threats, no promise of a result. */
  salutation: string; // e.g. "Dear Sir or Madam:"
  body: string[];
  /** The law the letter relies on, by section. cite: "FCRA § 611(a)(1)(A), 15 U.S.C. § 1681i(a)(1)(A)";
   * says: one plain-language sentence of what that section requires. */
  laws: { cite: string; says: string }[];
  /** What to enclose (copies, never originals). */
  enclosures: string[];
  /** How to send it and what to keep; 3-5 short items. */
  howToSend: string[];
  /** Optional extra tips printed on the guidance page (e.g. what to do if the answer is "verified"). */
  tips?: string[];
};
