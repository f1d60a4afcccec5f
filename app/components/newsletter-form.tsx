import { FormMessage, Honeypot, PostedToast, SubmitButton, usePublicForm } from "~/components/form-feedback";
import { FIELD_LIMITS, type FormOutcome } from "~/lib/form-outcomes";

/** The blog's newsletter box: stores the address (posts to the blog listing's action). */
export function NewsletterForm({ outcome }: { outcome?: FormOutcome }) {
  const { posted, formProps, field, current, submitting, messageId, focusMessage, focusOutcome } = usePublicForm({
    form: "newsletter",
    action: "/blog",
    anchor: "newsletter",
    serverOutcome: outcome,
    onSuccess: (form) => form.reset(),
  });
  return (
    <form {...formProps} className="relative mx-auto mt-6 max-w-md">
      <Honeypot form="newsletter" />
      <PostedToast outcome={posted} />
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          {...field("email")}
          type="email"
          required
          maxLength={FIELD_LIMITS.email}
          autoComplete="email"
          inputMode="email"
          placeholder="Enter your email"
          className="flex-1 rounded-lg border border-slate-300 bg-white px-4 py-3 text-slate-900 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-400 aria-invalid:border-red-400 aria-invalid:ring-2 aria-invalid:ring-red-400"
        />
        <SubmitButton
          submitting={submitting}
          className="rounded-lg bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-wait disabled:opacity-70"
        >
          Subscribe
        </SubmitButton>
      </div>
      {current && (
        <div className="mt-3">
          <FormMessage id={messageId} outcome={current} tone="dark" focusOnLoad={focusMessage || focusOutcome} />
        </div>
      )}
    </form>
  );
}
