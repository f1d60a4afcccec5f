import { data, Link } from "react-router";
import type { Route } from "./+types/broadcasts";
import { idOr404, notFound } from "~/lib/route-id";
import { z } from "zod";
import { AdminHeading, DataTable, formatWhen, Notice, num, Panel, rowHead, StatusBadge, td, useTimeZone } from "~/components/admin-ui";
import { FIGURE_COLUMNS, figureTexts, isUnderway, whenLine } from "~/components/broadcast-progress";
import { buttonClass } from "~/components/ui/button";
import { HtmlPreviewLink, labelClass, ListMessageFields, TextVersion, type FieldRules } from "~/components/list-message-editor";
import broadcastScript from "~/browser/broadcast-script.js?url&no-inline";
import progressScript from "~/browser/broadcast-progress.js?url&no-inline";
import {
  AUDIENCE_FIELDS,
  BROADCAST_LIMITS,
  BROADCAST_MESSAGES,
  BroadcastSchema,
  broadcastSendSchema,
  earliestSchedule,
  segmentSignature,
  type AudienceKey,
} from "~/lib/broadcast-form";
import { toZonedInput, zoneName } from "~/lib/dates";
import { InlineScript } from "~/lib/first-paint";
import { useNonce } from "~/lib/nonce";
import { seo } from "~/lib/seo";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { businessTimeZone } from "~/server/dates.server";
import { parseSubmission } from "~/server/forms/submission.server";
import { AUDIENCE_LABELS, countAudience } from "~/server/audience/audience.server";
import { tagsInUse } from "~/server/audience/tags.server";
import { broadcastsWithFigures, previewBroadcast, sendBroadcastTest } from "~/server/audience/broadcast-admin.server";
import { changeBroadcast, saveBroadcast, startBroadcast } from "~/server/audience/broadcasts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Broadcasts", description: "One-off e-mails to the list.", path: "/admin/broadcasts", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  const list = await broadcastsWithFigures();
  const search = new URL(request.url).searchParams;
  const editId = search.get("edit") === null ? null : idOr404(search.get("edit"));
  if (editId !== null && !list.some((b) => b.id === editId)) throw notFound();
  // Only a draft or a scheduled broadcast opens in the editor (after "Send" the address still says ?edit=N).
  const editing =
    search.get("new") !== null ? undefined : list.find((b) => b.id === editId && (b.status === "draft" || b.status === "scheduled"));
  return {
    broadcasts: list,
    composing: search.get("new") !== null || editing !== undefined,
    editing,
    recipients: editing ? await countAudience(editing) : 0,
    tags: await tagsInUse(),
    earliestSchedule: earliestSchedule(businessTimeZone()),
    previewText: editing ? (await previewBroadcast(editing.id))?.text : undefined,
    audienceLabels: AUDIENCE_LABELS,
  };
}

const AnyFields = z.record(z.string(), z.string());
type ActionAnswer = { ok: boolean; message: string };
const refuse = (message: string, status: number) => data<ActionAnswer>({ ok: false, message }, { status });

export async function action({ request, context }: Route.ActionArgs) {
  await requireOwner(appConfig(context).owner, request);
  const submission = await parseSubmission(request, AnyFields);
  if (submission.unreadable) return refuse("That form could not be read.", 400);
  const fields = (submission.payload ?? {}) as Record<string, string>;
  const intent = fields.intent;
  // 0 (or none) is a new broadcast; any other id must be one a broadcast could have.
  if (fields.id && fields.id !== "0") idOr404(fields.id);
  if (intent === "pause" || intent === "resume" || intent === "cancel") {
    const changed = await changeBroadcast(idOr404(fields.id), intent);
    if (!changed)
      return refuse(`This broadcast cannot be ${intent === "cancel" ? "cancelled" : `${intent}d`} now: reload to see where it is.`, 409);
    const said = {
      pause: "Paused: nothing more goes out until you resume.",
      resume: "Resumed.",
      cancel: "Cancelled: nothing more goes out.",
    };
    return { ok: true, message: said[intent] };
  }
  if (intent === "test") {
    const to = await sendBroadcastTest(idOr404(fields.id));
    return to ? { ok: true, message: `Test sent to ${to}.` } : refuse("No such broadcast.", 404);
  }
  if (intent === "send") {
    // The server reads the typed time in the business's zone, whatever the browser's own zone.
    const timeZone = businessTimeZone();
    const parsed = broadcastSendSchema(timeZone).safeParse(fields);
    if (!parsed.success) return refuse(parsed.error.issues.map((i) => i.message).join(" "), 400);
    const outcome = await startBroadcast(parsed.data);
    if ("refused" in outcome) return refuse(outcome.refused, outcome.httpStatus);
    if (!("started" in outcome)) return refuse("Not sent.", 400);
    return outcome.started === "now"
      ? { ok: true, message: `Sending to ${outcome.queued} recipient${outcome.queued === 1 ? "" : "s"}.` }
      : { ok: true, message: `Scheduled for ${formatWhen(outcome.at, timeZone)}, to ${outcome.recipients} recipients as of now.` };
  }
  const parsed = BroadcastSchema.safeParse(fields);
  if (!parsed.success) return refuse(parsed.error.issues.map((i) => i.message).join(" "), 400);
  const saved = await saveBroadcast(parsed.data);
  if ("refused" in saved) return refuse(saved.refused, saved.httpStatus);
  if (parsed.data.id === 0) throw new Response(null, { status: 303, headers: { Location: `/admin/broadcasts?edit=${saved.saved}` } });
  return { ok: true, message: "Saved." };
}

type Loaded = Route.ComponentProps["loaderData"];
type Row = Loaded["broadcasts"][number];

type StateButtonProps = { id: number; intent: string; label: string; primary?: boolean; statuses: string; status: string };

function StateButton({ id, intent, label, primary = false, statuses, status }: StateButtonProps) {
  return (
    <form method="post" data-statuses={statuses} hidden={!statuses.split(" ").includes(status)}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="intent" value={intent} className={buttonClass({ size: "sm", variant: primary ? "primary" : "outline" })}>
        {label}
      </button>
    </form>
  );
}

/**
 * The buttons that apply to the broadcast's status. A broadcast under way has them all, those that
 * do not apply now hidden: the progress script shows each one again when the status it names
 * comes (data-statuses), e.g. Resume once someone paused it in another tab.
 */
function Actions({ b }: { b: Row }) {
  const which = `broadcast ${b.id}`;
  const underway = isUnderway(b.status);
  const offers = (statuses: string) => underway || statuses.split(" ").includes(b.status);
  const state = { id: b.id, status: b.status };
  return (
    <div className="flex flex-wrap gap-2">
      {offers("draft scheduled") ? (
        <Link
          to={`?edit=${b.id}`}
          className={buttonClass({ variant: "outline", size: "sm" })}
          aria-label={`Edit ${which}`}
          data-statuses="draft scheduled"
          hidden={b.status !== "draft" && b.status !== "scheduled"}
        >
          Edit
        </Link>
      ) : null}
      {offers("sending") ? <StateButton {...state} intent="pause" label="Pause" statuses="sending" /> : null}
      {offers("paused") ? <StateButton {...state} intent="resume" label="Resume" primary statuses="paused" /> : null}
      {offers("scheduled sending paused") ? (
        <StateButton {...state} intent="cancel" label="Cancel" statuses="scheduled sending paused" />
      ) : null}
    </div>
  );
}

/**
 * Where a broadcast's change of status is said (polite, only then: the figures change quietly).
 * The words are the page's; the progress script fills them in. Shown only with something to say.
 */
function ProgressNews() {
  return (
    <p
      className="mt-4 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-800 empty:hidden"
      role="status"
      aria-live="polite"
      data-progress-news=""
      data-every="5000"
      data-changed="“{subject}” is now {status}."
      data-finished="“{subject}” is now {status}: nothing more goes out. Bounces, unsubscribes and orders keep coming in: reload the page later for them."
      data-failed-text="The progress could not be updated just now: reload the page to see where it is."
    />
  );
}

const RULES: FieldRules = { limits: BROADCAST_LIMITS, messages: BROADCAST_MESSAGES };

/**
 * The number of recipients, in a live region: as saved (rendered with the page), and, with the
 * page script, for the boxes ticked right now (it asks /admin/broadcasts/recipients). A new
 * broadcast shows it once a box is ticked; without the script, after saving.
 */
function RecipientCount({ saved, recipients }: { saved: string | undefined; recipients: number }) {
  const one = recipients === 1;
  return (
    <p
      className="text-slate-800"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="recipients"
      data-recipients="/admin/broadcasts/recipients"
      data-saved={saved}
      data-lead-saved="As saved,"
      data-lead-ticked="As ticked (not saved yet),"
      data-one="recipient"
      data-many="recipients"
      data-failed-text="The count could not be updated just now; saving the draft shows it."
    >
      <span data-sentence="" hidden={saved === undefined}>
        <span data-lead="">{saved !== undefined ? "As saved," : "As ticked (not saved yet),"}</span> it would go to{" "}
        <strong data-count="">{recipients}</strong> <span data-noun="">{one ? "recipient" : "recipients"}</span> now (after unsubscribes,
        bounces and complaints).
      </span>
      <span data-failed="" />
    </p>
  );
}

/** A tag box per tag in use, with how many contacts have it; the editor's script counts them as they are ticked. */
function TagBoxes(props: {
  legend: string;
  name: "includeTags" | "excludeTags";
  attribute: "data-include-tag" | "data-exclude-tag";
  tags: { tag: string; contacts: number }[];
  ticked: string[];
}) {
  return (
    <fieldset>
      <legend className={labelClass}>{props.legend}</legend>
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {props.tags.map(({ tag, contacts }) => (
          <label key={tag} className="flex items-center gap-2 text-slate-800">
            <input
              type="checkbox"
              name={props.name}
              value={tag}
              {...{ [props.attribute]: tag }}
              defaultChecked={props.ticked.includes(tag)}
              className="size-4"
            />
            {tag} <span className="text-sm text-slate-600">({contacts})</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Editor({ loaderData, zone }: { loaderData: Loaded; zone: string }) {
  const b = loaderData.editing;
  const labels = loaderData.audienceLabels as Record<AudienceKey, string>;
  return (
    <Panel
      title={b ? `Broadcast ${b.id}: ${b.status === "scheduled" ? "scheduled, still editable" : "draft"}` : "New broadcast"}
      id="edit-heading"
    >
      <form method="post" className="mt-3 grid gap-4" key={b?.version ?? "new"} data-broadcast-form="">
        <input type="hidden" name="id" value={b?.id ?? 0} />
        <input type="hidden" name="version" value={b?.version ?? 0} />
        <ListMessageFields idPrefix="bc" subject={b?.subject} preview={b?.preview} body={b?.body} rules={RULES} />
        <div data-segment="" className="grid gap-4">
          <fieldset data-audiences="" data-value-missing={BROADCAST_MESSAGES.noAudience}>
            <legend className={labelClass}>Who gets it (only people who agreed to it, never a suppressed address)</legend>
            <div className="mt-2 grid gap-2">
              {(Object.keys(AUDIENCE_FIELDS) as AudienceKey[]).map((key) => (
                <label key={key} className="flex items-start gap-2 text-slate-800">
                  <input
                    type="checkbox"
                    name={AUDIENCE_FIELDS[key]}
                    data-audience={key}
                    defaultChecked={b?.audiences.includes(key)}
                    className="mt-1 size-4"
                  />
                  {labels[key]}
                </label>
              ))}
            </div>
          </fieldset>
          {loaderData.tags.length > 0 ? (
            <>
              <TagBoxes
                legend="Only those with any of these tags (none ticked: everyone above)"
                name="includeTags"
                attribute="data-include-tag"
                tags={loaderData.tags}
                ticked={b?.includeTags ?? []}
              />
              <TagBoxes
                legend="Leave out those with any of these tags"
                name="excludeTags"
                attribute="data-exclude-tag"
                tags={loaderData.tags}
                ticked={b?.excludeTags ?? []}
              />
            </>
          ) : null}
        </div>
        <RecipientCount saved={b ? segmentSignature(b) : undefined} recipients={loaderData.recipients} />
        <div>
          <button type="submit" name="intent" value="save" className={buttonClass({ size: "sm" })}>
            Save draft
          </button>
        </div>
      </form>
      {b ? (
        <>
          <div className="mt-4 flex flex-wrap gap-3">
            <form method="post">
              <input type="hidden" name="id" value={b.id} />
              <button type="submit" name="intent" value="test" className={buttonClass({ variant: "outline", size: "sm" })}>
                Send the saved broadcast as a test to me
              </button>
            </form>
            <HtmlPreviewLink href={`/admin/broadcasts/${b.id}/preview`} />
          </div>
          <form method="post" className="mt-4 grid gap-3 rounded-xl border border-slate-200 p-4" data-send-form="">
            <input type="hidden" name="id" value={b.id} />
            <input type="hidden" name="version" value={b.version} />
            <fieldset>
              <legend className={labelClass}>When</legend>
              <div className="mt-2 flex flex-wrap items-center gap-4 text-slate-800">
                <label className="flex items-center gap-2">
                  <input type="radio" name="when" value="now" defaultChecked={b.status === "draft"} className="size-4" /> Now
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="when" value="later" defaultChecked={b.status === "scheduled"} className="size-4" /> At
                </label>
                <label htmlFor="bc-at" className="sr-only">
                  {`Date and time (${zoneName(zone)})`}
                </label>
                {/* min: the next whole minute in the business's zone, as typed here (the page script keeps it current from data-zone). */}
                <input
                  id="bc-at"
                  name="scheduledAt"
                  type="datetime-local"
                  min={loaderData.earliestSchedule}
                  data-schedule=""
                  data-zone={zone}
                  data-value-missing={BROADCAST_MESSAGES.noTime}
                  data-range-underflow={BROADCAST_MESSAGES.pastTime}
                  defaultValue={b.scheduledAt ? toZonedInput(b.scheduledAt, zone) : undefined}
                  className="rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700"
                />
                <span className="text-sm">{zoneName(zone)}</span>
              </div>
            </fieldset>
            <div>
              <button type="submit" name="intent" value="send" className={buttonClass({ size: "sm" })}>
                Send the saved broadcast
              </button>
            </div>
          </form>
          <TextVersion text={loaderData.previewText} testId="broadcast-preview-text" />
        </>
      ) : null}
    </Panel>
  );
}

export default function Broadcasts({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  const zone = useTimeZone();
  const { broadcasts } = loaderData;
  const underway = broadcasts.some((b) => isUnderway(b.status));
  return (
    <>
      <AdminHeading title="Broadcasts">
        <Link to="?new" className={buttonClass({ size: "sm" })}>
          New broadcast
        </Link>
      </AdminHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        One-off e-mails to the people who agreed to them. Each recipient gets a broadcast once, with a one-click unsubscribe. Orders and
        revenue are paid orders that came through the broadcast&apos;s links.
      </p>
      {actionData ? <Notice ok={actionData.ok}>{actionData.message}</Notice> : null}
      {loaderData.composing ? (
        <>
          <Editor loaderData={loaderData} zone={zone} />
          {/* Written into the page, like the page script (app/lib/first-paint.tsx). */}
          <InlineScript src={broadcastScript} nonce={nonce} />
        </>
      ) : null}
      {underway ? <ProgressNews /> : null}
      {broadcasts.length === 0 ? (
        <p className="mt-6 text-slate-700">No broadcasts yet.</p>
      ) : (
        <DataTable
          label="Broadcasts"
          columns={[
            "Broadcast",
            "Status",
            ...FIGURE_COLUMNS.map(({ label }) => ({ label, numeric: true })),
            { label: "Actions", hidden: true },
          ]}
        >
          {broadcasts.map((b) => {
            const texts = figureTexts(b);
            return (
              <tr
                key={b.id}
                data-progress={isUnderway(b.status) ? `/admin/broadcasts/${b.id}/progress` : undefined}
                data-status={b.status}
                data-subject={b.subject}
              >
                <th scope="row" className={rowHead}>
                  {b.subject}
                  <span className="block text-xs font-normal text-slate-700" data-when="">
                    {whenLine(b, zone)}
                  </span>
                </th>
                <td className={td}>
                  <StatusBadge status={b.status} data-badge="" />
                </td>
                {FIGURE_COLUMNS.map(({ key }) => (
                  <td key={key} className={num} data-figure={key}>
                    {texts[key]}
                  </td>
                ))}
                <td className={td}>
                  <Actions b={b} />
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      {/* Figures follow while a broadcast is under way, without a reload (app/browser/broadcast-progress.js). */}
      {underway ? <InlineScript src={progressScript} nonce={nonce} /> : null}
    </>
  );
}
