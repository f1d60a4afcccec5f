/**
 * How e-mails write names and addresses (money: formatCents in app/lib/money.ts; dates: in the
 * mail context's time zone, with app/lib/dates.ts and formatPaidOn in app/server/dates.server.ts).
 */

/** One line of user text: no CR/LF (or other control or line-separator characters), spaces collapsed. */
export function oneLine(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/**
 * "Ann" from "  Ann  Lee "; null when there is no name, or when it is not one (see NAME). The
 * name is NFKC-normalised first, so a full-width "Ｊｏｓé" greets as "José" and a full-width dot
 * or slash becomes the ASCII one NAME refuses; the greeting shows the normalised word.
 */
export function firstName(name: string): string | null {
  const whole = oneLine(name.normalize("NFKC"));
  // Anyone can type a stranger's address into the form, and the greeting repeats what they typed:
  // only letters may reach it, so it can never carry a link, a phone number or a message to them.
  if (!NAME.test(whole)) return null;
  const first = whole.split(" ")[0] ?? "";
  return /\p{L}/u.test(first) ? first : null;
}

/**
 * A name: Latin letters (accented ones too: é, ñ, ø, ß, as NFKC composes them), spaces,
 * apostrophes (' and ’) and hyphens (- and ‐). An allow-list, because a deny-list of what links
 * look like was walked round with full-width dots ("evil．com") and phone numbers; and Latin only,
 * because letters of other scripts include look-alikes of punctuation that NFKC leaves alone (the
 * Lisu letter "ꓸ" is a dot, the Canadian syllabic "ᐟ" a slash: "evilꓸcomᐟwin") and of Latin
 * letters (Cyrillic "а", "о"). Combining marks are out too (a dot below a letter reads as a full
 * stop): an accent NFKC cannot compose onto its letter gets "Hi there", as does every other script.
 */
const NAME = /^(?:(?=\p{L})\p{Script=Latin}|[ '\u2019\u2010-])+$/u;

/** "freshstartmoney.com/orders/lookup" from "https://freshstartmoney.com/orders/lookup". */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

/** "freshstartmoney.com" from "https://freshstartmoney.com". */
export function hostOf(origin: string): string {
  return displayUrl(origin).split("/")[0] ?? origin;
}

export function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The lines of user or configured text, whatever its line endings. */
export function splitLines(value: string): string[] {
  return value.replace(/\r\n?/g, "\n").split("\n");
}
