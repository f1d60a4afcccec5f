import { data } from "react-router";
import type { Route } from "./+types/updates-stop";
import { SimplePage } from "~/components/simple-page";
import { SiteLink } from "~/components/site-link";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { stopUpdates, updatesStopState } from "~/server/audience/updates-stop.server";
import { page } from "~/lib/page-policy";

/** A product update's stop link (decision 071): plain HTML, never indexed. */
export const handle = page({ hydrate: false, robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Stop product updates", description: "Stop the e-mails about what you bought.", path: "/updates/stop" }),
  // Not "no-referrer": with it the browser posts the button's form with `Origin: null`, which the same-origin check refuses.
  { name: "referrer", content: "same-origin" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };
}

/** A GET only shows the button (mail scanners open links); the POST, from this page or a mail app's one-click (RFC 8058), stops. */
export async function loader({ params }: Route.LoaderArgs) {
  const state = await updatesStopState(params.token);
  return state.state === "invalid" ? data(state, { status: 404 }) : state;
}

export async function action({ params }: Route.ActionArgs) {
  const state = await stopUpdates(params.token);
  return state.state === "invalid" ? data(state, { status: 404 }) : state;
}

export default function UpdatesStop({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.state === "invalid") {
    return (
      <SimplePage title="We couldn't find that link">
        <p>The address may be incomplete. Use the stop link in the newest update from us, or reply to it with "stop updates".</p>
      </SimplePage>
    );
  }
  if (result.state === "done") {
    return (
      <SimplePage title="Product updates stopped">
        <p role="status">
          {result.email} won't get any more e-mails about updates to what it bought. Your receipts still arrive, and your order page and its
          files stay yours.
        </p>
        <SiteLink to="/" className={buttonClass({ variant: "outline" })}>
          Return Home
        </SiteLink>
      </SimplePage>
    );
  }
  return (
    <SimplePage title="Stop product updates">
      <p>
        Stop the e-mails about updates to what <strong>{result.email}</strong> bought? Receipts, your order page and its files are not
        affected.
      </p>
      <form method="post">
        <button type="submit" className={buttonClass()}>
          Stop product updates
        </button>
      </form>
    </SimplePage>
  );
}
