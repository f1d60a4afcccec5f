import { FormMessage, Honeypot, PostedToast, SubmitButton, usePublicForm } from "~/components/form-feedback";
import { FIELD_LIMITS, type FormOutcome } from "~/lib/form-outcomes";
import { WAITLIST_CONSENT } from "~/lib/site";

/** A coming-soon product's "Tell me when it opens": an address, posted to the product page's own action (works without JavaScript). */
export function WaitlistForm({ action, outcome }: { action: string; outcome?: FormOutcome }) {
  const { posted, formProps, field, current, submitting, messageId, focusMessage, focusOutcome } = usePublicForm({
    form: "waitlist",
    action,
    anchor: "waitlist",
    serverOutcome: outcome,
    onSuccess: (form) => form.reset(),
  });
  return (
    <form {...formProps} className="relative mt-4 max-w-md">
      <Honeypot form="waitlist" />
      <PostedToast outcome={posted} />
      <label htmlFor="waitlist-email" className="block font-bold text-slate-900">
        Email address
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          id="waitlist-email"
          {...field("email")}
          type="email"
          required
          maxLength={FIELD_LIMITS.email}
          autoComplete="email"
          inputMode="email"
          className="flex-1 rounded-lg border border-slate-400 bg-white px-4 py-3 text-slate-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400 aria-invalid:border-red-400 aria-invalid:ring-2 aria-invalid:ring-red-400"
        />
        <SubmitButton
          submitting={submitting}
          className="rounded-lg bg-brand-700 px-6 py-3 font-bold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:cursor-wait disabled:opacity-70"
        >
          Tell me when it opens
        </SubmitButton>
      </div>
      <p className="mt-2 text-sm text-slate-700">{WAITLIST_CONSENT.text}</p>
      {current && (
        <div className="mt-3">
          <FormMessage id={messageId} outcome={current} focusOnLoad={focusMessage || focusOutcome} />
        </div>
      )}
    </form>
  );
}
