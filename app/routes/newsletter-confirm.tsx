import { data } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { SimplePage } from "~/components/simple-page";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { confirmSubscription, emailForLink, subscriptionStatus } from "~/server/audience/email-links.server";
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

/** The link in the e-mail opens this page; only its button (a POST) confirms, so mail scanners confirm nothing. */
export async function loader({ params }: Route.LoaderArgs) {
  const email = await emailForLink(params.token, "newsletter-confirm");
  if (!email) return data({ state: "expired" as const }, { status: 410 });
  // A link used before: it says so instead of asking again.
  return { state: (await subscriptionStatus(email)) === "confirmed" ? ("already" as const) : ("ask" as const), email };
}

export async function action({ params }: Route.ActionArgs) {
  const email = await emailForLink(params.token, "newsletter-confirm");
  const outcome = email ? await confirmSubscription(email) : "missing";
  if (!email || outcome === "missing") return data({ state: "expired" as const }, { status: 410 });
  return { state: outcome, email };
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
        Subscribe <strong>{result.email}</strong> to the Fresh Start Money newsletter: practical budgeting and credit tips, about twice a
        month.
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
