import { Gift } from "lucide-react";
import { Form } from "react-router";
import { LEAD_MAGNET } from "~/lib/site";

/** Free-guide capture on every article. The server side (storing the lead) comes with the forms work. */
export function LeadForm({ sourcePage }: { sourcePage: string }) {
  return (
    <section aria-labelledby="lead-heading" className="rounded-2xl bg-accent-100 p-6 md:p-8">
      <p className="flex items-center gap-2 font-semibold text-slate-800">
        <Gift aria-hidden="true" className="size-5" /> Free download
      </p>
      <h2 id="lead-heading" className="mt-2 text-2xl font-bold text-slate-900">
        Get the free {LEAD_MAGNET}
      </h2>
      <p className="mt-2 text-slate-700">10 simple steps to start fixing your credit this week. We'll e-mail it to you.</p>
      <Form method="post" className="mt-6 grid gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <input type="hidden" name="sourcePage" value={sourcePage} />
        <label className="sr-only" htmlFor="lead-name">Your name</label>
        <input id="lead-name" name="name" maxLength={100} autoComplete="given-name" placeholder="Your name" className="rounded-lg border border-slate-300 bg-white px-4 py-3" />
        <label className="sr-only" htmlFor="lead-email">Your email</label>
        <input id="lead-email" name="email" type="email" maxLength={255} autoComplete="email" placeholder="Your email" className="rounded-lg border border-slate-300 bg-white px-4 py-3" />
        <button type="submit" className="rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800">
          Send Me the Guide
        </button>
      </Form>
    </section>
  );
}
