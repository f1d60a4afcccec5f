import { Link } from "react-router";
import type { Route } from "./+types/broadcasts";
import { AdminHeading, DataTable, Notice, num, rowHead, StatusBadge, td, useTimeZone } from "~/components/admin-ui";
import { BroadcastEditor } from "~/components/broadcast-editor";
import { FIGURE_COLUMNS, isUnderway, progressOf, type BroadcastProgress } from "~/components/broadcast-figures";
import { UnderwayBroadcasts, useProgress } from "~/components/broadcast-underway";
import { buttonClass } from "~/components/ui/button";
import { broadcastActionSchema, type AudienceKey } from "~/lib/forms/broadcast";
import { idOr404, notFound } from "~/lib/route-id";
import { seo } from "~/lib/seo";
import { businessTimeZone } from "~/server/dates.server";
import { AUDIENCE_LABELS, countAudience } from "~/server/audience/audience.server";
import { tagsInUse } from "~/server/audience/tags.server";
import { runBroadcastPost } from "~/server/audience/broadcast-actions.server";
import { broadcastsWithFigures, previewBroadcast } from "~/server/audience/broadcast-admin.server";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Broadcasts", description: "One-off e-mails to the list.", path: "/admin/broadcasts" });

export const loader = dashboardLoader(async ({ request, context }: Route.LoaderArgs) => {
  const zone = businessTimeZone(context);
  const list = await broadcastsWithFigures();
  const search = new URL(request.url).searchParams;
  const editId = search.get("edit") === null ? null : idOr404(search.get("edit"));
  if (editId !== null && !list.some((b) => b.id === editId)) throw notFound();
  // Only a draft or a scheduled broadcast opens in the editor (after "Send" the address still says ?edit=N).
  const editing =
    search.get("new") !== null ? undefined : list.find((b) => b.id === editId && (b.status === "draft" || b.status === "scheduled"));
  const asOf = Date.now();
  return {
    broadcasts: list.map((b) => ({ ...b, progress: progressOf(b, zone, asOf) })),
    composing: search.get("new") !== null || editing !== undefined,
    editing,
    recipients: editing ? await countAudience(editing) : 0,
    tags: await tagsInUse(),
    previewText: editing ? (await previewBroadcast(editing.id))?.text : undefined,
    audienceLabels: AUDIENCE_LABELS as Record<AudienceKey, string>,
  };
});

/**
 * Every form of the page posts here: parsed by the page's one schema, done by one server
 * function per intent, then a redirect (a reload never posts again) to where the owner looks
 * next, with what was done said there once (the layout's notice). A refusal answers the form
 * that posted, changing nothing.
 */
export const action = dashboardAction({
  schema: ({ context }: Route.ActionArgs) => broadcastActionSchema(businessTimeZone(context)),
  form: ({ intent }) => (typeof intent === "string" ? intent : "save"),
  run: async (value, { context }: Route.ActionArgs) => {
    const outcome = await runBroadcastPost(value, businessTimeZone(context));
    if ("refused" in outcome) return { refused: outcome.refused, status: outcome.status };
    const to = outcome.edit === undefined ? "/admin/broadcasts#broadcasts" : `/admin/broadcasts?edit=${outcome.edit}`;
    return { done: outcome.done, to };
  },
});

type Loaded = Route.ComponentProps["loaderData"];
type Row = Loaded["broadcasts"][number];

/** A row of the table: its figures follow the card's polls while the broadcast is under way (the same answers). */
function BroadcastRow({ b }: { b: Row }) {
  const { progress } = useProgress(b.progress as BroadcastProgress);
  const editable = progress.status === "draft" || progress.status === "scheduled";
  return (
    <tr>
      <th scope="row" className={rowHead}>
        {b.subject}
        <span className="block text-xs font-normal text-slate-700" data-when="">
          {progress.when}
        </span>
      </th>
      <td className={td}>
        <StatusBadge status={progress.status} />
      </td>
      {FIGURE_COLUMNS.map(({ key }) => (
        <td key={key} className={num} data-figure={key}>
          {progress.figures[key]}
        </td>
      ))}
      <td className={td}>
        {editable ? (
          <Link to={`?edit=${b.id}`} className={buttonClass({ variant: "outline", size: "sm" })} aria-label={`Edit broadcast ${b.id}`}>
            Edit
          </Link>
        ) : isUnderway(progress.status) ? (
          <a href={`#underway-${b.id}`} className="text-sm font-bold text-brand-800 underline">
            Pause or cancel above
          </a>
        ) : null}
      </td>
    </tr>
  );
}

export default function Broadcasts({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const { broadcasts } = loaderData;
  const underway = broadcasts
    .filter((b) => isUnderway(b.status))
    .map((b) => ({ subject: b.subject, progress: b.progress as BroadcastProgress }));
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
      {actionData && (actionData.form === "pause" || actionData.form === "resume" || actionData.form === "cancel") ? (
        <Notice ok={false}>{actionData.result.error?.[""]?.join(" ") ?? "That could not be done."}</Notice>
      ) : null}
      <UnderwayBroadcasts rows={underway} />
      {loaderData.composing ? (
        <BroadcastEditor
          key={`${loaderData.editing?.id ?? "new"}-${loaderData.editing?.version ?? 0}`}
          editing={loaderData.editing}
          recipients={loaderData.recipients}
          tags={loaderData.tags}
          audienceLabels={loaderData.audienceLabels}
          previewText={loaderData.previewText}
          zone={zone}
          last={actionData}
        />
      ) : null}
      <h2 id="broadcasts" className="mt-8 text-lg font-bold text-slate-900">
        All broadcasts
      </h2>
      {broadcasts.length === 0 ? (
        <p className="mt-2 text-slate-700">No broadcasts yet.</p>
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
          {broadcasts.map((b) => (
            <BroadcastRow key={b.id} b={b} />
          ))}
        </DataTable>
      )}
    </>
  );
}
