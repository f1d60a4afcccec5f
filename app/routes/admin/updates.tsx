import { Link } from "react-router";
import type { Route } from "./+types/updates";
import { AdminHeading, DataTable, Notice, num, rowHead, StatusBadge, td } from "~/components/admin-ui";
import { isUnderway, progressOf, type BroadcastProgress } from "~/components/broadcast-figures";
import { UnderwayBroadcasts, useProgress } from "~/components/broadcast-underway";
import { ConfirmSend, ProductUpdateEditor } from "~/components/product-update-editor";
import { buttonClass } from "~/components/ui/button";
import { ProductUpdateActionSchema } from "~/lib/forms/product-update";
import { idOr404, notFound } from "~/lib/route-id";
import { seo } from "~/lib/seo";
import { businessTimeZone } from "~/server/dates.server";
import { runProductUpdatePost } from "~/server/audience/product-update-actions.server";
import { listProductUpdates, previewProductUpdate, productsWithBuyers } from "~/server/audience/product-updates.server";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "E-mail buyers", description: "Updates to the buyers of a product.", path: "/admin/updates" });

/** ?new: a new draft; ?edit=N: a draft; ?edit=N&confirm: the question before it is sent. */
export const loader = dashboardLoader(async ({ request, context }: Route.LoaderArgs) => {
  const zone = businessTimeZone(context);
  const [list, products] = await Promise.all([listProductUpdates(), productsWithBuyers()]);
  const search = new URL(request.url).searchParams;
  const editId = search.get("edit") === null ? null : idOr404(search.get("edit"));
  if (editId !== null && !list.some((u) => u.id === editId)) throw notFound();
  // Only a draft opens in the editor (after "Send" the address may still say ?edit=N).
  const editing = search.get("new") !== null ? undefined : list.find((u) => u.id === editId && u.status === "draft");
  const asOf = Date.now();
  return {
    updates: list.map((u) => ({ ...u, progress: progressOf(u, zone, asOf) })),
    products,
    composing: search.get("new") !== null || editing !== undefined,
    editing: editing && {
      id: editing.id,
      version: editing.version,
      productId: editing.productId,
      subject: editing.subject,
      preview: editing.preview,
      body: editing.body,
    },
    confirming: editing !== undefined && search.get("confirm") !== null,
    previewText: editing ? (await previewProductUpdate(editing.id))?.text : undefined,
  };
});

/**
 * Every form of the page posts here: parsed by the page's one schema, done by one server function
 * per intent, then a redirect (a reload never posts again) with what was done said once. A
 * refusal answers the form that posted, changing nothing.
 */
export const action = dashboardAction({
  schema: ProductUpdateActionSchema,
  form: ({ intent }) => (typeof intent === "string" ? intent : "save"),
  run: async (value) => {
    const outcome = await runProductUpdatePost(value);
    if ("refused" in outcome) return { refused: outcome.refused, status: outcome.status };
    return { done: outcome.done, to: outcome.edit === undefined ? "/admin/updates#updates" : `/admin/updates?edit=${outcome.edit}` };
  },
});

type Loaded = Route.ComponentProps["loaderData"];

/** The broadcast's figures an update's row shows: what went, what is left to send, what failed, and who was left out at send time. */
const UPDATE_FIGURES = [
  { key: "sent", label: "Sent" },
  { key: "queued", label: "Left" },
  { key: "failed", label: "Failed" },
  { key: "suppressed", label: "Left out" },
] as const;

/** A row of the table: its figures follow the card's polls while the update is under way (the same answers). */
function UpdateRow({ u }: { u: Loaded["updates"][number] }) {
  const { progress } = useProgress(u.progress as BroadcastProgress);
  return (
    <tr>
      <th scope="row" className={rowHead}>
        {u.subject}
        <span className="block text-xs font-normal text-slate-700">{progress.when}</span>
      </th>
      <td className={td}>{u.productName}</td>
      <td className={td}>
        <StatusBadge status={progress.status} />
      </td>
      {UPDATE_FIGURES.map(({ key }) => (
        <td key={key} className={num} data-figure={key}>
          {progress.figures[key]}
        </td>
      ))}
      <td className={td}>
        {progress.status === "draft" ? (
          <Link to={`?edit=${u.id}`} className={buttonClass({ variant: "outline", size: "sm" })} aria-label={`Edit update ${u.id}`}>
            Edit
          </Link>
        ) : null}
      </td>
    </tr>
  );
}

export default function ProductUpdates({ loaderData, actionData }: Route.ComponentProps) {
  const { updates, products, editing } = loaderData;
  const underway = updates
    .filter((u) => isUnderway(u.status))
    .map((u) => ({ subject: u.subject, progress: u.progress as BroadcastProgress }));
  const confirmed = loaderData.confirming && editing ? products.find((p) => p.id === editing.productId) : undefined;
  return (
    <>
      <AdminHeading title="E-mail buyers">
        <Link to="?new" className={buttonClass({ size: "sm" })}>
          New update
        </Link>
      </AdminHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        News about something they bought (new letters, a corrected file) to everyone who bought a product and was not refunded for it, once
        each. It is not the newsletter: buyers who unsubscribed from the list still get it, and each e-mail has its own one-click stop for
        product updates.
      </p>
      {actionData && (actionData.form === "pause" || actionData.form === "resume" || actionData.form === "cancel") ? (
        <Notice ok={false}>{actionData.result.error?.[""]?.join(" ") ?? "That could not be done."}</Notice>
      ) : null}
      <UnderwayBroadcasts rows={underway} />
      {confirmed && editing && confirmed.buyers > 0 ? (
        <ConfirmSend key={`${editing.id}-${editing.version}`} update={editing} product={confirmed} last={actionData} />
      ) : loaderData.composing ? (
        <ProductUpdateEditor
          key={`${editing?.id ?? "new"}-${editing?.version ?? 0}`}
          editing={editing}
          products={products}
          previewText={loaderData.previewText}
          last={actionData}
        />
      ) : null}
      <h2 id="updates" className="mt-8 text-lg font-bold text-slate-900">
        All updates
      </h2>
      {updates.length === 0 ? (
        <p className="mt-2 text-slate-700">No updates yet.</p>
      ) : (
        <DataTable
          label="Updates"
          columns={[
            "Update",
            "Product",
            "Status",
            ...UPDATE_FIGURES.map(({ label }) => ({ label, numeric: true })),
            { label: "Actions", hidden: true },
          ]}
        >
          {updates.map((u) => (
            <UpdateRow key={u.id} u={u} />
          ))}
        </DataTable>
      )}
    </>
  );
}
