/** The parts of the owner's list e-mail editors (welcome-sequence steps, broadcasts) that look and behave the same. */
import { buttonClass } from "~/components/ui/button";
import type { FieldMessages } from "~/lib/broadcast-form";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700";
export const labelClass = "text-sm font-bold text-slate-900";

type Field = "subject" | "preview" | "body";

/**
 * An editor's limits and its schema's messages: the fields get maxlength, and the messages as
 * data-* attributes, which a page script gives the browser's own checks (app/browser/broadcast-script.js).
 */
export type FieldRules = { limits: Record<Field, number>; messages: Record<Field, FieldMessages> };

/** The attributes of one field under these rules. */
function ruled(rules: FieldRules | undefined, field: Field) {
  if (!rules) return {};
  const messages = rules.messages[field];
  return { maxLength: rules.limits[field], "data-value-missing": messages.empty, "data-too-long": messages.tooLong };
}

/** A one-line field (subject, preview line): required, at most `max` characters unless the rules say. */
function LineField(props: { id: string; name: "subject" | "preview"; label: string; max: number; value?: string; rules?: FieldRules }) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.id}
        name={props.name}
        required
        maxLength={props.max}
        {...ruled(props.rules, props.name)}
        defaultValue={props.value}
        className={inputClass}
      />
    </div>
  );
}

/** Subject, preview line and Markdown body, named as the editors' schemas read them. */
export function ListMessageFields({
  idPrefix,
  subject,
  preview,
  body,
  rules,
}: {
  idPrefix: string;
  subject?: string;
  preview?: string;
  body?: string;
  rules?: FieldRules;
}) {
  return (
    <>
      <LineField id={`${idPrefix}-subject`} name="subject" label="Subject" max={150} value={subject} rules={rules} />
      <LineField
        id={`${idPrefix}-preview`}
        name="preview"
        label="Preview text (the line inboxes show after the subject)"
        max={200}
        value={preview}
        rules={rules}
      />
      <div>
        <label htmlFor={`${idPrefix}-body`} className={labelClass}>
          Body (Markdown: **bold**, [link](/blog/...), lists; no HTML)
        </label>
        <textarea
          id={`${idPrefix}-body`}
          name="body"
          required
          rows={14}
          {...ruled(rules, "body")}
          defaultValue={body}
          className={`${inputClass} font-mono text-sm`}
        />
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
