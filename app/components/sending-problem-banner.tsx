/**
 * On every dashboard page while sending is paused (issue 51, decision 065): that no e-mail goes
 * out and why, in the mail server's own words, what to check, that nobody was unsubscribed and
 * every waiting e-mail goes once it works, when the next try is, and Retry (a plain form: it
 * works without JavaScript, from any page).
 */
import { Form, Link } from "react-router";
import { formatWhen } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { STAGE_NAMES, WHAT_TO_CHECK, type SendingStage } from "~/lib/sending-problem";

export type SendingProblemView = {
  since: Date | string;
  stage: SendingStage;
  serverWords: string;
  nextProbeAt: Date | string;
  waiting: number;
};

export function SendingProblemBanner({ problem, timeZone }: { problem: SendingProblemView; timeZone: string }) {
  const waiting = `${problem.waiting.toLocaleString("en-US")} ${problem.waiting === 1 ? "e-mail is" : "e-mails are"}`;
  return (
    <section
      role="alert"
      aria-labelledby="sending-problem-title"
      className="mt-4 mb-6 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900"
      data-testid="sending-problem"
    >
      <h2 id="sending-problem-title" className="text-base font-bold">
        E-mail sending is paused
      </h2>
      <p className="mt-1">
        Since {formatWhen(problem.since, timeZone)}, the mail server has refused {STAGE_NAMES[problem.stage]}. It said:
      </p>
      <blockquote className="mt-1 border-l-4 border-red-300 pl-3 font-mono text-xs break-words">{problem.serverWords}</blockquote>
      <p className="mt-2">{WHAT_TO_CHECK[problem.stage]}</p>
      <p className="mt-2">
        Nobody was unsubscribed or marked as bounced. {waiting} waiting (receipts first) and will go out once, as soon as the server takes a
        message again. The site tries again by itself, next at {formatWhen(problem.nextProbeAt, timeZone)}.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post" action="/admin/email">
          <input type="hidden" name="intent" value="retry-sending" />
          <button type="submit" className={buttonClass({ variant: "primary", size: "sm" })}>
            Retry now
          </button>
        </Form>
        <Link to="/admin/email" className="text-red-900 underline underline-offset-2">
          See the waiting e-mails
        </Link>
      </div>
    </section>
  );
}
