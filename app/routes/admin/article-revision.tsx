import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/article-revision";
import { idOr404 } from "~/lib/route-id";
import { AdminHeading, DataTable, formatWhen, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { CONTENT_LABELS, formatSources, type ArticleContent } from "~/lib/forms/article";
import { lineDiff } from "~/lib/line-diff";
import { FormRefusal, lastFor } from "~/components/dashboard-post";
import { seo } from "~/lib/seo";
import { businessTimeZone } from "~/server/dates.server";
import { restoreRevision, revisionWithLatest } from "~/server/content/article-editor.server";
import { articlesOf } from "~/server/content/site-content.server";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  seo(matches, { title: "Compare revisions", description: "Compare a revision with the latest.", path: location.pathname });

async function load(params: { id: string; version: string }) {
  const [id, version] = [idOr404(params.id), idOr404(params.version)];
  const pair = await revisionWithLatest(id, version);
  if (!pair) throw data(null, { status: 404 });
  return { id, version, ...pair };
}

const shown = (content: ArticleContent, key: keyof ArticleContent): string => {
  const value = content[key];
  if (key === "sources") return formatSources(content.sources);
  if (Array.isArray(value)) return value.join(", ");
  return value === null || value === undefined ? "" : String(value);
};

export const loader = dashboardLoader(async ({ params }: Route.LoaderArgs) => {
  const { id, old, latest, article } = await load(params);
  const fields = (Object.keys(CONTENT_LABELS) as (keyof ArticleContent)[]).map((key) => ({
    key,
    label: CONTENT_LABELS[key],
    before: shown(old.content, key),
    after: shown(latest.content, key),
  }));
  return {
    id,
    title: article.title,
    old: { version: old.version, note: old.note, createdAt: old.createdAt },
    latestVersion: latest.version,
    changed: fields.filter((f) => f.before !== f.after && f.key !== "body"),
    body: lineDiff(old.content.body, latest.content.body),
    bodyChanged: old.content.body !== latest.content.body,
  };
});

const RestoreSchema = z.object({ expectedVersion: z.coerce.number().int().positive().max(2_147_483_647) });
const RESTORE_FORM = "restore";

export const action = dashboardAction({
  schema: RestoreSchema,
  form: () => RESTORE_FORM,
  invalid: "That form could not be read. Reload the page and try again.",
  run: async ({ expectedVersion }, { params, context }: Route.ActionArgs) => {
    const { id, version } = await load(params);
    const result = await restoreRevision({
      store: articlesOf(context),
      id,
      revision: version,
      expectedVersion,
      timeZone: businessTimeZone(context),
    });
    if (!result.ok) return { refused: result.message, status: result.status };
    return { go: `/admin/articles/${id}?saved=restored` };
  },
});

export default function ArticleRevision({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const { old } = loaderData;
  return (
    <>
      <p>
        <Link to={`/admin/articles/${loaderData.id}`} className="text-brand-800 underline underline-offset-2">
          Back to the editor
        </Link>
      </p>
      <AdminHeading title={`Version ${old.version} of “${loaderData.title}”`} />
      <p className="mt-2 text-slate-700">
        {old.note}, {formatWhen(old.createdAt, zone)}. Compared with the latest, version {loaderData.latestVersion}: the left column is
        version {old.version}.
      </p>
      <FormRefusal errors={lastFor(actionData, RESTORE_FORM)?.error?.[""] ?? undefined} />
      {loaderData.changed.length === 0 && !loaderData.bodyChanged ? (
        <p className="mt-4 text-slate-800">No difference from the latest version.</p>
      ) : null}
      {loaderData.changed.length > 0 && (
        <DataTable label="Changed fields" columns={["Field", `Version ${old.version}`, `Latest (${loaderData.latestVersion})`]}>
          {loaderData.changed.map((f) => (
            <tr key={f.key}>
              <th scope="row" className={rowHead}>
                {f.label}
              </th>
              <td className={`${td} whitespace-pre-wrap`}>{f.before || "(empty)"}</td>
              <td className={`${td} whitespace-pre-wrap`}>{f.after || "(empty)"}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {loaderData.bodyChanged && (
        <section aria-labelledby="text-diff-heading" className="mt-6">
          <h2 id="text-diff-heading" className="text-lg font-bold">
            Text
          </h2>
          <p className="text-sm text-slate-700">Lines marked “removed” are in version {old.version} only; “added”, in the latest only.</p>
          <pre className="mt-2 overflow-x-auto rounded-lg border border-slate-200 bg-white p-3 text-sm whitespace-pre-wrap">
            {loaderData.body.map((line, index) => (
              <span
                key={index}
                className={`block ${line.kind === "removed" ? "bg-red-50 text-red-900" : line.kind === "added" ? "bg-brand-50 text-brand-900" : "text-slate-700"}`}
              >
                {line.kind === "removed" ? "removed: " : line.kind === "added" ? "added:   " : "         "}
                {line.text}
              </span>
            ))}
          </pre>
        </section>
      )}
      <form method="post" className="mt-6">
        <input type="hidden" name="expectedVersion" value={loaderData.latestVersion} />
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Restore version {old.version}
        </button>
        <p className="mt-1 text-sm text-slate-700">
          Saves its content as a new version; the article keeps its status (published stays published).
        </p>
      </form>
    </>
  );
}
