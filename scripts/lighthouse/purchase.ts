/**
 * A purchase through the built-in test provider, made the way a browser makes it, so Lighthouse
 * can measure the pages only a buyer sees: the success page with its downloads (in the buyer's
 * browser, so with its cookie) and the private order page.
 */
import { attrOf, elementsOf, parseHtml } from "../../app/server/document/html-tree.server.ts";

export type Purchase = { successPath: string; orderPath: string; cookie: string };

export async function buyTestOrder(base: string): Promise<Purchase> {
  const created = await fetch(`${base}/api/create-payment`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ includeBump: true }),
  });
  if (!created.ok) throw new Error(`create-payment answered ${created.status}`);
  const cookie = created.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("create-payment set no buyer cookie");
  const { url } = (await created.json()) as { url: string };
  const session = new URL(url, base).searchParams.get("session") ?? "";
  const paid = await fetch(`${base}/pay/test`, {
    method: "POST",
    headers: { Origin: base },
    body: new URLSearchParams({ session, intent: "pay", email: "lighthouse@example.com" }),
    redirect: "manual",
  });
  const successPath = paid.headers.get("location");
  if (paid.status !== 303 || !successPath) throw new Error(`the test payment page answered ${paid.status}`);
  const page = await fetch(`${base}${successPath}`, { headers: { Cookie: cookie } });
  const orderPath = orderLink(await page.text());
  if (!orderPath) throw new Error("the buyer's success page shows no order link");
  return { successPath, orderPath, cookie };
}

/** The first link to a private order page in the success page's HTML. */
function orderLink(html: string): string | undefined {
  const isOrderLink = (href: string | undefined) => !!href && /^\/orders\/[A-Za-z0-9_-]{43}$/.test(href);
  const [link] = elementsOf(parseHtml(html), (el) => el.tagName === "a" && isOrderLink(attrOf(el, "href")));
  return link && attrOf(link, "href");
}
