/**
 * The e-mail the built server sent, read back: on its embedded defaults it writes each message
 * as an .eml file under its DATA_DIR/mail, which these helpers read with a real mail parser.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { expect } from "./fixtures";

export const MAIL_DIR = join(`.data/e2e-${process.env.E2E_PORT ?? 3100}`, "mail");

/** The e-mail to this address (waiting for the server's outbox to write it), from the browser tests' server or `dir`. */
export async function mailTo(address: string, subject?: RegExp, dir = MAIL_DIR): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        if (!existsSync(dir)) return false;
        for (const name of readdirSync(dir).filter((n) => n.endsWith(".eml"))) {
          const mail = await simpleParser(readFileSync(join(dir, name)));
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          if (to.some((a) => a.value.some((v) => v.address === address)) && (!subject || subject.test(mail.subject ?? ""))) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `an e-mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The path of the first link in a message's text part that starts with `path` (/guide/, /unsubscribe/...). */
export function linkPath(mail: ParsedMail, path: string): string {
  const url = (mail.text ?? "").split(/\s+/).find((w) => new URL(w, "http://x").pathname.startsWith(path) && /^https?:/.test(w));
  if (!url) throw new Error(`no ${path} link in ${mail.subject}`);
  const { pathname, search } = new URL(url);
  return pathname + search;
}
