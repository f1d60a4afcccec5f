/** "My disputes" on an order page (decision 074): each dispute's state and due date, and the way to the tracker. */
import { buttonClass } from "~/components/ui/button";
import type { TrackerSummary } from "~/server/disputes/tracker-view.server";

export function DisputeSummary({ summary }: { summary: TrackerSummary }) {
  return (
    <section aria-labelledby="my-disputes-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="my-disputes-heading" className="text-lg font-bold text-slate-900">
        My disputes
      </h2>
      {summary.disputes.length === 0 ? (
        <p className="mt-1 text-slate-700">
          Sent a dispute letter? Add it to your tracker: it shows when the answer is due under the law, reminds you by e-mail, and says what
          to do next.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {summary.disputes.map((d) => (
            <li key={d.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span className="text-slate-900">
                {d.to}: {d.about}
              </span>
              <span className="text-sm text-slate-700">
                <strong className="text-slate-900">{d.stateLabel}</strong>, due {d.due.text}
              </span>
            </li>
          ))}
        </ul>
      )}
      <a href={summary.path} className={buttonClass({ variant: "outline", className: "mt-4" })}>
        {summary.disputes.length === 0 ? "Open my dispute tracker" : "Open my disputes"}
      </a>
    </section>
  );
}
