import { data } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { SimplePage } from "~/components/simple-page";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { emailForLink, isUnsubscribed, unsubscribe } from "~/server/audience/email-links.server";
import { page } from "~/lib/page-policy";

export const handle = page({ robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Unsubscribe", description: "Stop our e-mails.", path: "/unsubscribe" }),
  // Not "no-referrer": with it the browser posts the button's form with `Origin: null`, which the same-origin check refuses.
  { name: "referrer", content: "same-origin" },
];

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };
}

/** A GET only shows the button (mail scanners open links); the POST, from this page or a mail app's one-click (RFC 8058), unsubscribes. */
export async function loader({ params }: Route.LoaderArgs) {
  const email = await emailForLink(params.token, "unsubscribe");
  if (!email) return data({ state: "invalid" as const }, { status: 404 });
  // Already unsubscribed (this link's one click, or another way): it says so, with no second button.
  return { state: (await isUnsubscribed(email)) ? ("done" as const) : ("ask" as const), email };
}

export async function action({ params }: Route.ActionArgs) {
  const email = await emailForLink(params.token, "unsubscribe");
  if (!email) return data({ state: "invalid" as const }, { status: 404 });
  await unsubscribe(email, "unsubscribe link");
  return { state: "done" as const, email };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.state === "invalid") {
    return (
      <SimplePage title="We couldn't find that link">
        <p>The address may be incomplete. Use the unsubscribe link in the newest e-mail from us, or reply to it with "unsubscribe".</p>
      </SimplePage>
    );
  }
  if (result.state === "done") {
    return (
      <SimplePage title="You're unsubscribed">
        <p role="status">
          {result.email} won't get any more newsletter, guide or review-request e-mails from us. Receipts and notices about your orders
          still arrive, and so do updates to what you bought (each has its own link to stop them).
        </p>
        {/* Issue 51: no form writes to a suppressed address, so "sign up again" would be a promise we could not keep. */}
        <p>That stays so: if this address is typed into one of our forms again, we send it nothing.</p>
        <SiteLink to="/" className={buttonClass({ variant: "outline" })}>
          Return Home
        </SiteLink>
      </SimplePage>
    );
  }
  return (
    <SimplePage title="Unsubscribe">
      <p>
        Stop newsletter, guide and review-request e-mails to <strong>{result.email}</strong>?
      </p>
      <form method="post">
        <button type="submit" className={buttonClass()}>
          Unsubscribe
        </button>
      </form>
    </SimplePage>
  );
}
