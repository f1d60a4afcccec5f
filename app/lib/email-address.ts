/**
 * What an e-mail address is on this site: a bare address, and one canonical spelling of it.
 *
 * Bare: a dot-atom local part (RFC 5322 3.2.3), "@", and a domain of DNS labels ending in a
 * top-level label. No display name, comment, quoted string, space, route or address list: the
 * forms once took `x<victim@example.com>` and `(c)victim@example.com`, each became a contact of
 * its own, and the mail library delivered every one of them to the victim's mailbox (issue 40).
 * The pattern cannot backtrack far: labels hold no dot, atoms hold no dot, and the field's length
 * limit is checked before it.
 *
 * Canonical: the spelling the site compares and stores, so one mailbox is one person however it
 * is typed. Lowercased whole (no mailbox provider people write to tells case apart). At the
 * providers that document it, a "+tag" after the name reaches the same mailbox, and at Gmail dots
 * in the name do too: those are removed. Other domains keep their spelling, since there a "+" or
 * a dot may name another mailbox.
 */

const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const TOP_LABEL = "(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})";

export const BARE_EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${TOP_LABEL}$`, "i");

/** Domains where Gmail's rules hold: dots in the name are ignored, and so is everything after a "+". */
const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * Providers whose documentation says "name+anything@" reaches "name@" (Microsoft's consumer
 * domains, iCloud, Fastmail, Proton). Yahoo's sub-addresses use "-" and are real names elsewhere:
 * left alone.
 */
const PLUS_ADDRESSING = new Set([
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "fastmail.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
]);

export function isBareEmail(value: string): boolean {
  return BARE_EMAIL_PATTERN.test(value);
}

/** The one spelling of a bare address (see above). Anything else is only trimmed and lowercased. */
export function canonicalEmail(value: string): string {
  const address = value.trim().toLowerCase();
  if (!isBareEmail(address)) return address;
  const at = address.lastIndexOf("@");
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  if (GMAIL.has(domain)) {
    domain = "gmail.com";
    local = local.split("+")[0]!.replaceAll(".", "");
  } else if (PLUS_ADDRESSING.has(domain)) {
    local = local.split("+")[0]!;
  }
  // "+tag@" alone names no mailbox: keep what was typed.
  return local ? `${local}@${domain}` : address;
}

/**
 * The mailbox a "+tag" spelling most likely reaches: "x+tag@d" is "x@d" (the name before its first
 * "+"), at any domain (issue 51). Contacts keep their own spelling (canonicalEmail), since at a
 * domain that does not document sub-addressing "x+tag" may be a mailbox of its own; but a person
 * who unsubscribed "x@d" must not be reached again through "x+anything@d", so a suppression of
 * the base covers every "+tag" spelling of it. Not the other way round: an unsubscribe (or a hard
 * bounce) of "x+tag@d" says nothing certain about "x@d". An address without a "+tag" is its own base.
 */
export function baseMailbox(value: string): string {
  const address = canonicalEmail(value);
  const at = address.lastIndexOf("@");
  const plus = address.indexOf("+");
  if (!isBareEmail(address) || plus <= 0 || plus > at) return address;
  return `${address.slice(0, plus)}${address.slice(at)}`;
}
