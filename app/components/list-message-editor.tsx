/** The parts of the owner's list e-mail editors (welcome-sequence steps, broadcasts) that look and behave the same. */
import { buttonClass } from "~/components/ui/button";
import { ScrollRegion } from "~/components/ui/scroll-region";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700";
export const labelClass = "text-sm font-semibold text-slate-900";

/** Subject, preview line and Markdown body, named as the editors' schemas read them. */
export function ListMessageFields({
  idPrefix,
  subject,
  preview,
  body,
}: {
  idPrefix: string;
  subject?: string;
  preview?: string;
  body?: string;
}) {
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-subject`} className={labelClass}>
          Subject
        </label>
        <input id={`${idPrefix}-subject`} name="subject" required maxLength={150} defaultValue={subject} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-preview`} className={labelClass}>
          Preview text (the line inboxes show after the subject)
        </label>
        <input id={`${idPrefix}-preview`} name="preview" required maxLength={200} defaultValue={preview} className={inputClass} />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-body`} className={labelClass}>
          Body (Markdown: **bold**, [link](/blog/...), lists; no HTML)
        </label>
        <textarea
          id={`${idPrefix}-body`}
          name="body"
          required
          rows={14}
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
      <h3 className="mt-6 text-lg font-semibold text-slate-900">Text version, as saved</h3>
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
