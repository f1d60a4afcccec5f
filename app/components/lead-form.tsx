import { CircleCheck, Gift, Mail } from "lucide-react";
import { useEffect, useRef } from "react";
import { focusMark, FormMessage, Honeypot, SubmitButton, TextField, usePublicForm } from "~/components/form-feedback";
import { FIELD_LIMITS, type FormOutcome } from "~/lib/form-outcomes";
import type { Guide } from "~/lib/guides";
import { inputClass } from "~/components/ui/input";

export type LeadFormGuide = Pick<Guide, "title" | "pitch" | "followups">;

/**
 * Free-guide capture on every article. Posts to the article's own action, so it works without
 * JavaScript; with it, the page stays and the answer shows in place.
 */
export function LeadForm({ sourcePage, outcome, guide }: { sourcePage: string; outcome?: FormOutcome; guide: LeadFormGuide }) {
  const { formProps, field, current, submitting, messageId, focusMessage, focusOutcome } = usePublicForm({
    form: "lead",
    action: `/blog/${sourcePage}`,
    anchor: "lead-form",
    serverOutcome: outcome,
  });
  const done = current?.status === "success";

  return (
    <section id="lead-form" aria-labelledby="lead-heading" className="scroll-mt-24 rounded-2xl bg-accent-100 p-6 md:p-8">
      {done ? (
        <LeadSuccess outcome={current} focusOnLoad={focusOutcome} action={`/blog/${sourcePage}?intent=resend#lead-form`} />
      ) : (
        <>
          <p className="flex items-center gap-2 font-bold text-slate-800">
            <Gift aria-hidden="true" className="size-5" /> Free download
          </p>
          <h2 id="lead-heading" className="mt-2 text-2xl font-bold text-slate-900">
            Get the free {guide.title}
          </h2>
          <p className="mt-2 text-slate-700">{guide.pitch}</p>
          <form {...formProps} className="relative mt-6 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <input type="hidden" name="sourcePage" value={sourcePage} />
            <Honeypot form="lead" />
            <TextField
              id="lead-name"
              label="Your name"
              labelClassName="sr-only"
              {...field("name")}
              maxLength={FIELD_LIMITS.name}
              required
              autoComplete="given-name"
              placeholder="Your name"
              className={inputClass({ size: "lg", block: false })}
            />
            <TextField
              id="lead-email"
              label="Your email"
              labelClassName="sr-only"
              {...field("email")}
              type="email"
              maxLength={FIELD_LIMITS.email}
              required
              autoComplete="email"
              inputMode="email"
              placeholder="Your email"
              className={inputClass({ size: "lg", block: false })}
            />
            <SubmitButton
              submitting={submitting}
              className="rounded-lg bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70"
            >
              Send Me the Guide
            </SubmitButton>
            {current && (
              <div className="sm:col-span-3">
                <FormMessage id={messageId} outcome={current} focusOnLoad={focusMessage} />
              </div>
            )}
          </form>
          <p className="mt-3 text-sm text-slate-700">Free, no credit card required. {guide.followups}</p>
        </>
      )}
    </section>
  );
}

function LeadSuccess({ outcome, focusOnLoad, action }: { outcome: FormOutcome; focusOnLoad: boolean; action: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was using is gone: bring keyboard and screen-reader focus to its answer.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement?.closest("#lead-form")) heading.current?.focus();
  }, []);
  return (
    <div className="text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
      <h2
        id="lead-heading"
        ref={heading}
        tabIndex={-1}
        {...focusMark(focusOnLoad)}
        className="mt-3 text-2xl font-bold text-slate-900 focus:outline-none"
      >
        You're All Set!
      </h2>
      <p className="mt-2 text-slate-800">
        <strong>{outcome.title}</strong> {outcome.description} If it doesn't arrive within 5 minutes, please check your spam or promotions
        folder.
      </p>
      <p className="mt-2 text-slate-800">
        <Mail aria-hidden="true" className="mr-1.5 inline size-4 align-[-2px] text-brand-700" />
        The guide comes by e-mail: press the button in it to download the guide. That also shows the address is yours before the few tips
        you asked for start.
      </p>
      {outcome.resend ? (
        // "Send it again": the server sends the e-mail only if it has not gone out yet, and says where to look if it has.
        <form method="post" action={action} className="mt-4 text-slate-800">
          <input type="hidden" name="resend" value={outcome.resend} />
          Nothing after a few minutes?{" "}
          <button
            type="submit"
            data-pending-label="Checking..."
            className="font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Send it again
          </button>
        </form>
      ) : null}
    </div>
  );
}
