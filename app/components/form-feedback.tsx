import { type FormEvent, type InputHTMLAttributes, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { notify, prepareToasts, type ToastVariant } from "~/components/ui/toaster";
import { type FormName, type FormOutcome, HONEYPOT_FIELD } from "~/lib/form-outcomes";

/** The schemas (with Zod and Conform) load when a visitor first touches a form, not with the page. */
const loadSchemas = () => import("~/lib/forms/public");

type Options = {
  form: FormName;
  /** The route whose action stores the submission. */
  action: string;
  /** The id of the element a page posted without JavaScript scrolls back to. */
  anchor: string;
  /** The outcome of a submission made without JavaScript (the route's actionData). */
  serverOutcome: FormOutcome | undefined;
  onSuccess?: (form: HTMLFormElement) => void;
};

const VARIANTS: Record<FormOutcome["status"], ToastVariant> = {
  success: "success",
  duplicate: "info",
  invalid: "error",
  rejected: "error",
  refused: "error",
  unavailable: "error",
};

/**
 * One public form, with or without JavaScript. Without it the browser posts the form and the
 * server renders the outcome into the page. With it the browser checks the fields with the same
 * schema first, then submits through a fetcher (the page stays), and each outcome shows as a
 * toast and inline, tied to the fields it is about.
 */
export function usePublicForm({ form, action, anchor, serverOutcome, onSuccess }: Options) {
  const fetcher = useFetcher<FormOutcome>();
  const formRef = useRef<HTMLFormElement>(null);
  /** Set from the click until the fetcher takes over, so a double click sends once. */
  const checking = useRef(false);
  const ours = serverOutcome?.form === form ? serverOutcome : undefined;
  const [current, setCurrent] = useState<FormOutcome | undefined>(ours);
  const submitting = fetcher.state !== "idle";

  useEffect(() => {
    // The server's answer replaces the shown outcome, once per answer (client-side checks set it too).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- that synchronisation is the point
    if (fetcher.data) setCurrent(fetcher.data);
  }, [fetcher.data]);

  useEffect(() => {
    if (!current) return;
    // An outcome the server rendered into the page has its own toast (<PostedToast>).
    if (current !== ours) void notify({ title: current.title, description: current.description, variant: VARIANTS[current.status] });
    const element = formRef.current;
    if (!element) return;
    if (current.status === "success") onSuccess?.(element);
    const firstInvalid = current.invalidFields?.[0];
    if (firstInvalid) (element.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
    // Only a new outcome runs this (onSuccess is a fresh function on every render).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [current]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || checking.current) return;
    checking.current = true;
    const element = event.currentTarget;
    try {
      const { checkForm, SCHEMAS } = await loadSchemas();
      const checked = checkForm(form, SCHEMAS[form], new FormData(element));
      if (!checked.ok) {
        setCurrent(checked.outcome);
        return;
      }
    } catch {
      // The check could not load (a dropped connection): the server checks anyway.
    } finally {
      checking.current = false;
    }
    await fetcher.submit(element, { method: "post", action });
  }

  function onFocus() {
    prepareToasts();
    void loadSchemas().catch(() => {});
  }

  const invalid = new Set(current && current.status !== "success" ? (current.invalidFields ?? []) : []);
  const messageId = `${form}-feedback`;
  // A page rendered after a post without React: where focus goes when it loads (the page script
  // focuses the element marked data-autofocus): the first field the message is about, or the answer.
  const focusOnLoad = ours && (ours.status === "success" ? "outcome" : (ours.invalidFields?.[0] ?? "message"));
  /** Props for a field: aria-invalid and aria-describedby while the current message is about it. */
  const field = (name: string) => ({
    name,
    "aria-invalid": invalid.has(name) || undefined,
    "aria-describedby": invalid.has(name) ? messageId : undefined,
    defaultValue: ours && ours.status !== "success" ? ours.values?.[name] : undefined,
    ...focusMark(focusOnLoad === name),
  });

  return {
    /** The outcome the server rendered into the page after a plain post (for <PostedToast>). */
    posted: ours,
    formProps: { ref: formRef, method: "post", action: `${action}#${anchor}`, noValidate: true, onSubmit, onFocus },
    field,
    current,
    submitting,
    messageId,
    /** Whether the message (or, after success, the answer that replaces the form) takes focus on load. */
    focusMessage: focusOnLoad === "message",
    focusOutcome: focusOnLoad === "outcome",
  };
}

/** Marks the element the page script focuses when the page loads. */
export function focusMark(on: boolean | undefined): { "data-autofocus"?: "" } {
  return on ? { "data-autofocus": "" } : {};
}

export const PENDING_LABEL = "Sending...";

/**
 * A public form's submit button: "Sending..." and disabled while a submission is under way,
 * from React's state, or (before or without React) from the page script, which reads the label.
 */
export function SubmitButton({ submitting, className, children }: { submitting: boolean; className: string; children: string }) {
  return (
    <button type="submit" disabled={submitting} data-pending-label={PENDING_LABEL} className={className}>
      {submitting ? PENDING_LABEL : children}
    </button>
  );
}

/** The current message, inline under the form (the toast may be gone; without JavaScript there is none). */
export function FormMessage({
  id,
  outcome,
  tone = "light",
  focusOnLoad,
}: {
  id: string;
  outcome: FormOutcome | undefined;
  tone?: "light" | "dark";
  focusOnLoad?: boolean;
}) {
  if (!outcome) return null;
  const good = outcome.status === "success" || outcome.status === "duplicate";
  const styles =
    tone === "dark"
      ? good
        ? "border-brand-200 bg-brand-900 text-white"
        : "border-red-300 bg-red-950 text-red-50"
      : good
        ? "border-brand-200 bg-brand-50 text-brand-900"
        : "border-red-300 bg-red-50 text-red-900";
  return (
    <p
      id={id}
      tabIndex={focusOnLoad ? -1 : undefined}
      {...focusMark(focusOnLoad)}
      className={`rounded-lg border px-4 py-3 text-left text-base ${styles}`}
    >
      <strong className="font-bold">{outcome.title}</strong> {outcome.description}
    </p>
  );
}

/** sonner's rich colours as the hydrated pages show them (components/ui/toaster.tsx), with the same readable text. */
const TOAST_STYLES: Record<ToastVariant, string> = {
  success: "border-[#bffcd9] bg-[#ecfdf3] text-[#065f46]",
  info: "border-[#d3e0fd] bg-[#f0f8ff] text-[#1e40af]",
  error: "border-[#ffe0e1] bg-[#fff0f0] text-[#991b1b]",
};

/**
 * The toast of a page without React: the server renders the outcome of a plain post as a status
 * message at the top of the screen, where a hydrated page shows sonner's toast. It fades after
 * 6 s without JavaScript (app.css, .posted-toast); the page script shows its close button.
 * Focus goes to the message in the form (data-autofocus), which says the same.
 */
export function PostedToast({ outcome }: { outcome: FormOutcome | undefined }) {
  if (!outcome) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <div
        role="status"
        data-toast=""
        className={`posted-toast pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-left text-sm shadow-lg ${TOAST_STYLES[VARIANTS[outcome.status]]}`}
      >
        <p className="flex-1">
          <strong className="block font-bold">{outcome.title}</strong> {outcome.description}
        </p>
        <button
          type="button"
          hidden
          data-toast-close=""
          aria-label="Close notification"
          className="-mr-1 rounded px-1 text-lg leading-none"
        >
          ×
        </button>
      </div>
    </div>
  );
}

/** A field people never see or reach; bots that fill every input give themselves away. */
export function Honeypot({ form }: { form: FormName }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={`${form}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
      <input id={`${form}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** A labelled text field of a public form: the label (visible or for screen readers only) and the input. */
export function TextField({
  id,
  label,
  labelClassName,
  ...input
}: { id: string; label: string; labelClassName: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input id={id} {...input} />
    </div>
  );
}
