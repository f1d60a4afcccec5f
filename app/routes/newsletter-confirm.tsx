import { data } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { SimplePage } from "~/components/simple-page";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { confirmationPage, confirmSubscription } from "~/server/audience/email-links.server";
import { page } from "~/lib/page-policy";

export const handle = page({ robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Confirm your subscription",
    description: "Confirm your newsletter subscription.",
    path: "/newsletter/confirm",
  }),
  // Not "no-referrer": with it the browser posts the button's form with `Origin: null`, which the same-origin check refuses.
  { name: "referrer", content: "same-origin" },
];

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };
}

/**
 * The link in the e-mail opens this page; only its button (a POST) confirms, so mail scanners
 * confirm nothing. The link works once, and never after the address unsubscribed (issue 51).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const page = await confirmationPage(params.token);
  return page.state === "expired" ? data(page, { status: 410 }) : page;
}

export async function action({ params }: Route.ActionArgs) {
  const outcome = await confirmSubscription(params.token);
  return outcome.state === "expired" ? data(outcome, { status: 410 }) : outcome;
}

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.state === "expired") {
    return (
      <SimplePage title="This link has expired">
        <p>Confirmation links last a week. You can sign up again in a few seconds from the blog.</p>
        <SiteLink to="/blog#newsletter" className={buttonClass()}>
          Go to the blog
        </SiteLink>
      </SimplePage>
    );
  }
  if (result.state === "stale") {
    return (
      <SimplePage title="This link no longer works">
        <p role="status">
          {result.email} unsubscribed after this link was sent, so it can't subscribe the address again. Nothing has changed: we won't send
          the newsletter there.
        </p>
        <SiteLink to="/blog" className={buttonClass()}>
          Read the blog
        </SiteLink>
      </SimplePage>
    );
  }
  if (result.state === "confirmed" || result.state === "already") {
    const confirmedNow = result.state === "confirmed";
    return (
      <SimplePage title={confirmedNow ? "You're subscribed!" : "Already confirmed"}>
        <p role="status">
          {confirmedNow
            ? `Thanks! ${result.email} will get practical budgeting and credit tips, about twice a month. Every e-mail has an unsubscribe link.`
            : `${result.email} is already subscribed: nothing more to do. The newsletter brings practical budgeting and credit tips, about twice a month, and every e-mail has an unsubscribe link.`}
        </p>
        <SiteLink to="/blog" className={buttonClass()}>
          Read the blog
        </SiteLink>
      </SimplePage>
    );
  }
  return (
    <SimplePage title="Confirm your subscription">
      <p>
        Subscribe <strong className="break-all">{result.email}</strong> to the Fresh Start Money newsletter: practical budgeting and credit
        tips, about twice a month.
      </p>
      <form method="post">
        <button type="submit" className={buttonClass()}>
          Yes, subscribe me
        </button>
      </form>
      <p className="text-sm">Didn't ask for this? Close this page: nothing happens unless you press the button.</p>
    </SimplePage>
  );
}
