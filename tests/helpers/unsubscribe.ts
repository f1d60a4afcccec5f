import type { ParsedMail } from "mailparser";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { rawHeader } from "./smtp";

/** What a mailbox provider does with a list message's one-click header (RFC 8058): POST it, with the route's answer. */
export async function oneClickUnsubscribe(mail: ParsedMail, origin: string): Promise<unknown> {
  const url = new URL(rawHeader(mail, "list-unsubscribe")!.match(/^<([^>]+)>/)![1]!);
  if (url.origin !== origin) throw new Error(`the unsubscribe link ${url.href} is not on ${origin}`);
  const oneClick = new Request(url, {
    method: "POST",
    body: "List-Unsubscribe=One-Click",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return unsubscribeAction({ request: oneClick, params: { token: url.pathname.split("/")[2]! } } as never);
}
