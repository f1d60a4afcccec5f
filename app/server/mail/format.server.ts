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

/** "Ann" from "  Ann  Lee "; empty when there is no name. */
export function firstName(name: string): string {
  const first = oneLine(name).split(" ")[0] ?? "";
  // Anyone can type a stranger's address into the form: a "name" a mail client would turn into a
  // link (a web or e-mail address, a domain) is not repeated, so the site never sends one for them.
  return LINKABLE.test(first) ? "" : first;
}

/** What mail clients make into links: a scheme, an @, "www.", or a dot between name-like parts. */
const LINKABLE = /:\/\/|@|^www\.|[\p{L}\p{N}-]\.[\p{L}\p{N}]{2,}/iu;

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
