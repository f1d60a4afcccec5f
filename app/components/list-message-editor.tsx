/** The parts of the owner's list e-mail editors (welcome-sequence steps, broadcasts, updates to buyers) that look and behave the same. */
import { Form } from "react-router";
import { FormRefusal } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { fieldAria, FieldMessage, type FieldState } from "~/components/dashboard-form";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { inputClass } from "~/components/ui/input";
import { labelClass } from "~/components/ui/label";

type Field = "subject" | "preview" | "body";

/** A one-line field (subject, preview line): required, at most `max` characters. */
function LineField(props: { id: string; name: "subject" | "preview"; label: string; max: number; value?: string; state?: FieldState }) {
  return (
    <div>
      <label htmlFor={props.state?.id ?? props.id} className={labelClass()}>
        {props.label}
      </label>
      <input
        id={props.state?.id ?? props.id}
        name={props.name}
        required
        maxLength={props.max}
        {...fieldAria(props.state)}
        defaultValue={props.value}
        className={inputClass()}
      />
      <FieldMessage state={props.state} />
    </div>
  );
}

/** Subject, preview line and Markdown body, named as the editors' schemas read them. */
export function ListMessageFields({
  idPrefix,
  subject,
  preview,
  body,
  limits = { subject: 150, preview: 200 },
  states,
}: {
  idPrefix: string;
  subject?: string;
  preview?: string;
  body?: string;
  limits?: { subject: number; preview: number; body?: number };
  /** The fields' states when the page's form checks them as the owner types (Conform). */
  states?: Record<Field, FieldState>;
}) {
  return (
    <>
      <LineField id={`${idPrefix}-subject`} name="subject" label="Subject" max={limits.subject} value={subject} state={states?.subject} />
      <LineField
        id={`${idPrefix}-preview`}
        name="preview"
        label="Preview text (the line inboxes show after the subject)"
        max={limits.preview}
        value={preview}
        state={states?.preview}
      />
      <div>
        <label htmlFor={states?.body.id ?? `${idPrefix}-body`} className={labelClass()}>
          Body (Markdown: **bold**, [link](/blog/...), lists; no HTML)
        </label>
        <textarea
          id={states?.body.id ?? `${idPrefix}-body`}
          name="body"
          required
          rows={14}
          maxLength={limits.body}
          {...fieldAria(states?.body)}
          defaultValue={body}
          className={inputClass({ className: "font-mono text-sm" })}
        />
        <FieldMessage state={states?.body} />
      </div>
    </>
  );
}

/** The link to the message's HTML exactly as readers get it, in a new tab. */
export function HtmlPreviewLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer" className={buttonClass({ variant: "outline", size: "sm" })}>
      Open the HTML preview<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A saved message's test send to the owner and its HTML preview, side by side, and the test's refusal below them. */
export function TestAndPreview({ id, what, previewHref, refusal }: { id: number; what: string; previewHref: string; refusal?: string[] }) {
  return (
    <>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="test" />
          <input type="hidden" name="id" value={id} />
          <button type="submit" className={buttonClass({ variant: "outline", size: "sm" })}>
            {`Send the saved ${what} as a test to me`}
          </button>
        </Form>
        <HtmlPreviewLink href={previewHref} />
      </div>
      <FormRefusal errors={refusal} />
    </>
  );
}

/** The text part as saved, in a keyboard-focusable scrolling box. */
export function TextVersion({ text, testId }: { text: string | undefined; testId: string }) {
  return (
    <>
      <h3 className="mt-6 text-lg font-bold text-slate-900">Text version, as saved</h3>
      <ScrollRegion
        label="Text version"
        className="mt-2 max-h-96 overflow-auto rounded-lg border border-slate-300 bg-white focus-visible:outline-3"
      >
        <pre className="p-4 text-sm whitespace-pre-wrap text-slate-900" data-testid={testId}>
          {text}
        </pre>
      </ScrollRegion>
    </>
  );
}
