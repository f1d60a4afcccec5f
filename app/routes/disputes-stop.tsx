import { data } from "react-router";
import type { Route } from "./+types/disputes-stop";
import { SimplePage } from "~/components/simple-page";
import { buttonClass } from "~/components/ui/button";
import { seo } from "~/lib/seo";
import { page } from "~/lib/page-policy";
import { remindersStopState, stopRemindersByLink } from "~/server/disputes/reminders-stop.server";

/** The dispute reminders' stop link (decision 074): plain HTML, never indexed. */
export const handle = page({ hydrate: false, robots: "noindex" });

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, { title: "Stop dispute reminders", description: "Stop the e-mails about your disputes' due dates.", path: null }),
  // Not "no-referrer": with it the browser posts the button's form with `Origin: null`, which the same-origin check refuses.
  { name: "referrer", content: "same-origin" },
];

export function headers() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin", "X-Robots-Tag": "noindex" };
}

/** A GET only shows the button (mail scanners open links); the POST, from this page or a mail app's one-click (RFC 8058), stops. */
export async function loader({ params }: Route.LoaderArgs) {
  const state = await remindersStopState(params.token);
  return state.state === "invalid" ? data(state, { status: 404 }) : state;
}

export async function action({ params }: Route.ActionArgs) {
  const state = await stopRemindersByLink(params.token);
  return state.state === "invalid" ? data(state, { status: 404 }) : state;
}

export default function DisputesStop({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  if (result.state === "invalid") {
    return (
      <SimplePage title="We couldn't find that link">
        <p>The address may be incomplete. Use the stop link in the newest reminder from us.</p>
      </SimplePage>
    );
  }
  if (result.state === "done") {
    return (
      <SimplePage title="Dispute reminders stopped">
        <p role="status">
          {result.email} won't get any more reminders about its disputes. Your tracker stays on your order page, with every due date.
        </p>
      </SimplePage>
    );
  }
  return (
    <SimplePage title="Stop dispute reminders">
      <p>
        Stop the e-mails about the due dates of the disputes <strong>{result.email}</strong> tracks? The tracker itself stays on your order
        page.
      </p>
      <form method="post">
        <button type="submit" className={buttonClass()}>
          Stop reminders
        </button>
      </form>
    </SimplePage>
  );
}
