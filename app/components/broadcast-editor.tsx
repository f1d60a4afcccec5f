/**
 * The broadcast editor on /admin/broadcasts: the draft's form, the test send and the send form,
 * each checked as the owner types by the page's one schema (broadcastActionSchema, Conform) and
 * again by the server. The count of recipients follows the ticked boxes (GET
 * /admin/broadcasts/recipients, counted by the function a send uses).
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo } from "react";
import { Form, useFetcher } from "react-router";
import { Panel } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { fieldAria, FieldMessage, useDashboardForm } from "~/components/dashboard-form";
import { FormRefusal } from "~/components/dashboard-post";
import { ListMessageFields, TestAndPreview, TextVersion } from "~/components/list-message-editor";
import { labelClass } from "~/components/ui/label";
import {
  AUDIENCE_FIELDS,
  BROADCAST_LIMITS,
  broadcastActionSchema,
  earliestSchedule,
  segmentSignature,
  type AudienceKey,
} from "~/lib/forms/broadcast";
import { toZonedInput, zoneName } from "~/lib/dates";

/** What the editor shows of a saved draft (or nothing, for a new one). */
export type EditedBroadcast = {
  id: number;
  version: number;
  status: string;
  subject: string;
  preview: string;
  body: string;
  audiences: readonly string[];
  includeTags: readonly string[];
  excludeTags: readonly string[];
  scheduledAt: Date | string | null;
};

export type EditorProps = {
  editing: EditedBroadcast | undefined;
  recipients: number;
  tags: { tag: string; contacts: number }[];
  audienceLabels: Record<AudienceKey, string>;
  previewText: string | undefined;
  zone: string;
  /** The server's answer to the last post of this page, for the form that posted it. */
  last: { form: string; result: SubmissionResult<string[]> } | undefined;
};

const lastFor = (last: EditorProps["last"], ...forms: string[]) => (last && forms.includes(last.form) ? last.result : undefined);

function useBroadcastForm(id: string, zone: string, last: SubmissionResult<string[]> | undefined) {
  const schema = useMemo(() => broadcastActionSchema(zone), [zone]);
  return useDashboardForm(id, schema, last);
}

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);

/** The ticked boxes as the count's query and as a segment signature (to say "as saved" or "as ticked"). */
function tickedSegment(values: Record<string, unknown> | undefined) {
  const v = values ?? {};
  const audiences = (Object.keys(AUDIENCE_FIELDS) as AudienceKey[]).filter((key) => v[AUDIENCE_FIELDS[key]] === "on");
  const includeTags = asList(v.includeTags);
  const excludeTags = asList(v.excludeTags);
  const query = new URLSearchParams([
    ...audiences.map((a) => ["audience", a]),
    ...includeTags.map((t) => ["include", t]),
    ...excludeTags.map((t) => ["exclude", t]),
  ]);
  return { audiences, query: query.toString(), signature: segmentSignature({ audiences, includeTags, excludeTags }) };
}

/**
 * How many the ticked boxes reach now, in a live region: the saved draft's count as rendered,
 * then, a moment after a box changes, the server's count for what is ticked.
 */
function RecipientCount({
  saved,
  recipients,
  ticked,
}: {
  saved: string | undefined;
  recipients: number;
  ticked: ReturnType<typeof tickedSegment>;
}) {
  const counter = useFetcher<{ recipients?: number }>({ key: "broadcast-recipients" });
  const asked = saved === undefined ? ticked.audiences.length > 0 : ticked.signature !== saved;
  const { load } = counter;
  useEffect(() => {
    if (!asked) return;
    const timer = setTimeout(() => void load(`/admin/broadcasts/recipients?${ticked.query}`), 250);
    return () => clearTimeout(timer);
  }, [asked, ticked.query, load]);
  const count = asked ? counter.data?.recipients : saved === undefined ? undefined : recipients;
  const failed = asked && counter.state === "idle" && counter.data !== undefined && typeof counter.data.recipients !== "number";
  return (
    <p className="text-slate-800" role="status" aria-live="polite" aria-atomic="true" data-testid="recipients">
      {failed ? "The count could not be updated just now; saving the draft shows it." : null}
      {!failed && count !== undefined ? (
        <>
          {ticked.signature === saved ? "As saved," : "As ticked (not saved yet),"} it would go to <strong>{count}</strong>{" "}
          {count === 1 ? "recipient" : "recipients"} now (after unsubscribes, bounces and complaints).
        </>
      ) : null}
    </p>
  );
}

function TagBoxes(props: { legend: string; name: "includeTags" | "excludeTags"; tags: EditorProps["tags"]; ticked: readonly string[] }) {
  return (
    <fieldset>
      <legend className={labelClass()}>{props.legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {props.tags.map(({ tag, contacts }) => (
          <label key={tag} className="flex items-center gap-2 text-slate-800">
            <input type="checkbox" name={props.name} value={tag} defaultChecked={props.ticked.includes(tag)} className="size-4" />
            {tag} <span className="text-sm text-slate-600">({contacts})</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function DraftForm(props: EditorProps) {
  const b = props.editing;
  const [form, fields] = useBroadcastForm(`broadcast-${b?.id ?? "new"}-${b?.version ?? 0}`, props.zone, lastFor(props.last, "save"));
  const ticked = tickedSegment(form.value);
  const audienceError = form.allErrors.audiences;
  const tagError = fields.excludeTags.errors;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={b?.id ?? 0} />
      <input type="hidden" name="version" value={b?.version ?? 0} />
      <FormRefusal errors={form.errors} />
      <ListMessageFields
        idPrefix="bc"
        subject={b?.subject}
        preview={b?.preview}
        body={b?.body}
        limits={BROADCAST_LIMITS}
        states={{ subject: fields.subject, preview: fields.preview, body: fields.body }}
      />
      <fieldset aria-describedby={audienceError ? `${form.id}-audiences-error` : undefined}>
        <legend className={labelClass()}>Who gets it (only people who agreed to it, never a suppressed address)</legend>
        <div className="mt-2 grid gap-2">
          {(Object.keys(AUDIENCE_FIELDS) as AudienceKey[]).map((key) => (
            <label key={key} className="flex items-start gap-2 text-slate-800">
              <input
                type="checkbox"
                name={AUDIENCE_FIELDS[key]}
                defaultChecked={b?.audiences.includes(key)}
                // The rule is on the three boxes together ("audiences"): each box asks for it again.
                onChange={() => form.validate({ name: "audiences" })}
                aria-invalid={audienceError ? true : undefined}
                className="mt-1 size-4"
              />
              {props.audienceLabels[key]}
            </label>
          ))}
        </div>
        <FieldMessage state={{ id: "", name: "audiences", errorId: `${form.id}-audiences-error`, errors: audienceError }} />
      </fieldset>
      {props.tags.length > 0 ? (
        <>
          <TagBoxes
            legend="Only those with any of these tags (none ticked: everyone above)"
            name="includeTags"
            tags={props.tags}
            ticked={b?.includeTags ?? []}
          />
          <TagBoxes legend="Leave out those with any of these tags" name="excludeTags" tags={props.tags} ticked={b?.excludeTags ?? []} />
          <FieldMessage state={{ ...fields.excludeTags, errors: tagError }} />
        </>
      ) : null}
      <RecipientCount saved={b ? segmentSignature(b) : undefined} recipients={props.recipients} ticked={ticked} />
      <div>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Save draft
        </button>
      </div>
    </Form>
  );
}

function SendForm(props: EditorProps & { editing: EditedBroadcast }) {
  const b = props.editing;
  const [form, fields] = useBroadcastForm(`broadcast-send-${b.id}-${b.version}`, props.zone, lastFor(props.last, "send"));
  const chosen = form.value && "when" in form.value ? form.value.when : undefined;
  const later = (chosen ?? (b.status === "scheduled" ? "later" : "now")) === "later";
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-3 rounded-xl border border-slate-200 p-4">
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="id" value={b.id} />
      <input type="hidden" name="version" value={b.version} />
      <FormRefusal errors={form.errors} />
      <fieldset>
        <legend className={labelClass()}>When</legend>
        <div className="mt-2 flex flex-wrap items-center gap-4 text-slate-800">
          <label className="flex items-center gap-2">
            <input type="radio" name="when" value="now" defaultChecked={b.status === "draft"} className="size-4" /> Now
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="when" value="later" defaultChecked={b.status === "scheduled"} className="size-4" /> At
          </label>
          <label htmlFor={fields.scheduledAt.id} className="sr-only">
            {`Date and time (${zoneName(props.zone)})`}
          </label>
          <input
            id={fields.scheduledAt.id}
            name="scheduledAt"
            type="datetime-local"
            // The next whole minute in the business's zone, as of this render (each change of the form renders).
            min={later ? earliestSchedule(props.zone) : undefined}
            {...fieldAria(fields.scheduledAt)}
            defaultValue={b.scheduledAt ? toZonedInput(b.scheduledAt, props.zone) : undefined}
            className="rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700"
          />
          <span className="text-sm">{zoneName(props.zone)}</span>
        </div>
        <FieldMessage state={fields.scheduledAt} />
      </fieldset>
      <div>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Send the saved broadcast
        </button>
      </div>
    </Form>
  );
}

export function BroadcastEditor(props: EditorProps) {
  const b = props.editing;
  const testError = lastFor(props.last, "test")?.error?.[""];
  return (
    <Panel
      title={b ? `Broadcast ${b.id}: ${b.status === "scheduled" ? "scheduled, still editable" : "draft"}` : "New broadcast"}
      id="edit-heading"
    >
      <DraftForm {...props} />
      {b ? (
        <>
          <TestAndPreview id={b.id} what="broadcast" previewHref={`/admin/broadcasts/${b.id}/preview`} refusal={testError ?? undefined} />
          <SendForm {...props} editing={b} />
          <TextVersion text={props.previewText} testId="broadcast-preview-text" />
        </>
      ) : null}
    </Panel>
  );
}
