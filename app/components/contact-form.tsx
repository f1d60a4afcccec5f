import { FormMessage, Honeypot, PostedToast, SubmitButton, TextField, usePublicForm } from "~/components/form-feedback";
import { FIELD_LIMITS, type FormOutcome } from "~/lib/form-outcomes";
import { labelClass } from "~/components/ui/label";

const fieldClass =
  "mt-1 w-full rounded-lg border border-slate-400 bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-700 aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";
const labelStyle = labelClass({ size: "md" });

/** The contact page's form: the message is stored, then the form clears; on failure the text stays. */
export function ContactForm({ outcome }: { outcome?: FormOutcome }) {
  const { posted, formProps, field, current, submitting, messageId, focusMessage, focusOutcome } = usePublicForm({
    form: "contact",
    action: "/contact",
    anchor: "contact-form",
    serverOutcome: outcome,
    onSuccess: (form) => form.reset(),
  });
  return (
    <form {...formProps} className="relative grid gap-5">
      <Honeypot form="contact" />
      <PostedToast outcome={posted} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="contact-name"
          label="Name"
          labelClassName={labelStyle}
          {...field("name")}
          required
          maxLength={FIELD_LIMITS.name}
          autoComplete="name"
          placeholder="Your name"
          className={fieldClass}
        />
        <TextField
          id="contact-email"
          label="Email"
          labelClassName={labelStyle}
          {...field("email")}
          type="email"
          required
          maxLength={FIELD_LIMITS.email}
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          className={fieldClass}
        />
      </div>
      <TextField
        id="contact-subject"
        label="Subject"
        labelClassName={labelStyle}
        {...field("subject")}
        required
        maxLength={FIELD_LIMITS.subject}
        placeholder="What can we help with?"
        className={fieldClass}
      />
      <div>
        <label htmlFor="contact-message" className={labelStyle}>
          Message
        </label>
        <textarea
          id="contact-message"
          {...field("message")}
          required
          rows={6}
          maxLength={FIELD_LIMITS.message}
          placeholder="Tell us a little about your question..."
          className={`${fieldClass} resize-y`}
        />
        <p className="mt-1 text-sm text-slate-600">Up to {FIELD_LIMITS.message.toLocaleString("en-US")} characters.</p>
      </div>
      {current && <FormMessage id={messageId} outcome={current} focusOnLoad={focusMessage || focusOutcome} />}
      <div>
        <SubmitButton
          submitting={submitting}
          className="w-full rounded-lg bg-brand-700 px-6 py-3 text-lg font-bold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-wait disabled:opacity-70 sm:w-auto"
        >
          Send Message
        </SubmitButton>
      </div>
    </form>
  );
}
