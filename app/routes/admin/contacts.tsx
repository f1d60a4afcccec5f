import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/contacts";
import { AdminHeading, DataTable, formatWhen, Pager, Panel, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { CsvLink } from "~/components/admin-csv-link";
import { fieldAria, FieldMessage, useDashboardForm } from "~/components/dashboard-form";
import { buttonClass } from "~/components/ui/button";
import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_ERRORS_LISTED,
  CONTACT_IMPORT_MAX_ROWS,
  CONTACT_IMPORT_MAX_ROW_BYTES,
  CONTACT_IMPORT_MAX_FIELD_CHARS,
  ContactImportSchema,
  newImportId,
} from "~/lib/forms/dashboard";
import { CONSENT_LABELS, SUPPRESSION_LABELS } from "~/lib/audience-labels";
import { CONTACT_FILTER_OPTIONS, FILTER_KEYS, FILTER_LABELS, filtersFrom } from "~/lib/forms/contact-filters";
import { seo } from "~/lib/seo";
import type { ConsentPurpose } from "../../../db/schema";
import { searchContacts } from "~/server/admin/audience-view.server";
import type { ImportProgress } from "~/server/admin/contact-import-store.server";
import { receiveContactImport, UPLOAD_UNREADABLE } from "~/server/admin/contact-import-upload.server";
import { importNotice } from "~/server/admin/contacts-import.server";
import { CONTACT_IMPORT_BODY_LIMIT } from "~/lib/forms/dashboard";
import { pageFrom } from "~/server/admin/lists.server";
import { redirectWithNotice } from "~/server/admin/owner-session.server";
import { tagsInUse } from "~/server/audience/tags.server";
import { page } from "~/lib/page-policy";
import { inputClass } from "~/components/ui/input";
import { dashboardLoader, ownerChecked } from "~/server/admin/dashboard-route.server";

export const handle = page({ bodyLimit: CONTACT_IMPORT_BODY_LIMIT });

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Contacts", description: "Everyone on the list.", path: "/admin/contacts" });

export const loader = dashboardLoader(async ({ request }: Route.LoaderArgs) => {
  const query = new URL(request.url).searchParams;
  const { filters, refused } = filtersFrom(query);
  return {
    ...(await searchContacts(query.get("q") ?? "", pageFrom(query.get("page")), filters)),
    refused,
    tags: await tagsInUse(),
  };
});

/** A refused upload's answer to the form that sent it: the form's own message (""), and the file field's. */
function refusedImport(error: Record<string, string[]>, status: number) {
  return data({ form: "import", result: { status: "error", error } as SubmissionResult<string[]> }, { status });
}

/**
 * The CSV upload, read as it streams in (the form's fields by its schema, the file by the import
 * module, row by row). A file imported redirects back to the list (a reload never imports it
 * again) with what was done said there once; a refused file answers the form with why, and its
 * first wrong rows with how many more.
 */
export const action = ownerChecked(async ({ request }: Route.ActionArgs, { owner }) => {
  const upload = await receiveContactImport(request);
  if ("unreadable" in upload) return refusedImport({ "": [UPLOAD_UNREADABLE] }, 400);
  if ("fileProblem" in upload) return refusedImport({ file: [upload.fileProblem] }, 400);
  const { result } = upload;
  if (!result.ok) {
    const rows = result.errors.map((e) => `Row ${e.row}: ${e.reason}.`);
    const more = (result.errorCount ?? 0) - rows.length;
    if (more > 0) rows.push(`And ${more.toLocaleString("en-US")} more ${more === 1 ? "row" : "rows"}.`);
    return refusedImport(rows.length ? { "": [result.message], file: rows } : { "": [result.message] }, result.unavailable ? 503 : 400);
  }
  return redirectWithNotice(owner, request, "/admin/contacts", { ok: true, message: importNotice(result) });
});

const PROGRESS_EVERY_MS = 1_000;

/**
 * While an upload runs: how far the server is (rows checked so far, then the merge), asked by the
 * import's id a second after each answer. Without JavaScript the browser shows its own progress and the page
 * its result when done.
 */
function ImportUnderway({ importId, fileName }: { importId: string; fileName: string }) {
  const { data: answer, load, state } = useFetcher<ImportProgress | { status: "waiting" }>();
  // The next question a second after the last answer: a new load would cancel one still on its way
  // (a busy server may take longer than a second), and the page would never hear.
  useEffect(() => {
    if (state !== "idle") return;
    const timer = setTimeout(() => void load(`/admin/contacts/imports/${importId}`), PROGRESS_EVERY_MS);
    return () => clearTimeout(timer);
  }, [importId, load, state, answer]);
  const progress = answer && "rowsRead" in answer ? answer : undefined;
  const rows = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "row" : "rows"}`;
  const said = !progress
    ? `Sending ${fileName}…`
    : progress.status === "reading"
      ? `Reading ${fileName}: ${rows(progress.rowsRead)} checked so far…`
      : progress.status === "merging"
        ? `All ${rows(progress.rowsRead)} are right. Adding them to your list…`
        : "Finishing…";
  return (
    <div className="basis-full" data-testid="import-progress">
      <p aria-live="polite" className="text-slate-800">
        {said}
      </p>
      <progress className="mt-1 w-full max-w-md" aria-label="Import progress" />
    </div>
  );
}

/** The upload, checked by the page's schema as the owner picks a file; a refused file's reason and wrong rows under it. */
function ImportForm({ last }: { last: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useDashboardForm("contact-import", ContactImportSchema, last);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "import" ? navigation.formData : undefined;
  const sendingId = sending?.get("importId");
  const sendingFile = sending?.get("file");
  const rows = fields.file.errors ?? [];
  const said = form.errors ?? [];
  const formProps = getFormProps(form);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      onSubmit={(event) => {
        // A fresh id per upload, sent before the file, for the page to ask how far it is.
        const id = event.currentTarget.elements.namedItem("importId");
        if (id instanceof HTMLInputElement) id.value = newImportId();
        formProps.onSubmit(event);
      }}
      className="mt-3 flex flex-wrap items-end gap-3"
    >
      <input type="hidden" name="intent" value="import" />
      <input type="hidden" name="importId" defaultValue="" />
      <div>
        <label htmlFor={fields.file.id} className="text-sm font-bold text-slate-900">
          CSV file
        </label>
        <input
          id={fields.file.id}
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          {...(said.length ? {} : fieldAria(fields.file))}
          className={inputClass({ className: "text-sm" })}
        />
        {said.length ? null : <FieldMessage state={fields.file} />}
      </div>
      <button type="submit" disabled={sending !== undefined} className={buttonClass({ size: "sm" })}>
        Import
      </button>
      {typeof sendingId === "string" && sendingId ? (
        <ImportUnderway importId={sendingId} fileName={sendingFile instanceof File ? sendingFile.name : "the file"} />
      ) : null}
      {said.length && !sending ? (
        <div role="alert" className="basis-full rounded-lg border border-red-300 bg-red-50 p-3 text-red-900" data-testid="import-result">
          <p className="font-bold">{said.join(" ")}</p>
          {rows.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {rows.map((row) => (
                <li key={row}>{row}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}

export default function Contacts({ loaderData: p, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const filtered = FILTER_KEYS.some((key) => p.filters[key]);
  const pagerQuery: Record<string, string> = p.query ? { q: p.query } : {};
  for (const key of FILTER_KEYS) if (p.filters[key]) pagerQuery[key] = p.filters[key];
  return (
    <>
      <AdminHeading title={`Contacts (${p.total})`}>
        <CsvLink name="audience" label="Download all contacts (CSV)" />
      </AdminHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        Everyone the site knows, one contact per mailbox: guide readers, newsletter subscribers, buyers and imports. A suppressed address
        gets no list e-mail; receipts still go to one that unsubscribed, never to a hard bounce or a spam complaint.
      </p>
      <Form method="get" role="search" aria-label="Contacts" className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1 sm:max-w-md">
          <label htmlFor="contacts-q" className="text-sm font-bold text-slate-900">
            Search by address or name
          </label>
          <input id="contacts-q" name="q" type="search" defaultValue={p.query} maxLength={200} className={inputClass()} />
        </div>
        {(Object.keys(CONTACT_FILTER_OPTIONS) as (keyof typeof CONTACT_FILTER_OPTIONS)[]).map((key) => (
          <div key={key}>
            <label htmlFor={`filter-${key}`} className="text-sm font-bold text-slate-900">
              {FILTER_LABELS[key]}
            </label>
            <select id={`filter-${key}`} name={key} defaultValue={p.filters[key] ?? ""} className={inputClass()}>
              <option value="">Any</option>
              {Object.entries(CONTACT_FILTER_OPTIONS[key]).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div>
          <label htmlFor="filter-tag" className="text-sm font-bold text-slate-900">
            {FILTER_LABELS.tag}
          </label>
          <select id="filter-tag" name="tag" defaultValue={p.filters.tag ?? ""} className={inputClass()}>
            <option value="">Any</option>
            {p.tags.map(({ tag, contacts }) => (
              <option key={tag} value={tag}>
                {tag} ({contacts})
              </option>
            ))}
          </select>
        </div>
        {p.filters.added ? <input type="hidden" name="added" value={p.filters.added} /> : null}
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Search
        </button>
        {p.query || filtered ? (
          <Link to="/admin/contacts" className="text-sm font-bold text-brand-800 underline underline-offset-2">
            Show everyone
          </Link>
        ) : null}
      </Form>
      {p.filters.added ? <p className="mt-2 text-slate-700">Added in the last {p.filters.added} days.</p> : null}
      {p.refused ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {p.refused}
        </p>
      ) : null}
      {p.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">
          {p.query
            ? `No contact matches “${p.query}”${filtered ? " with these filters" : ""}.`
            : filtered
              ? "No contact has all of these."
              : "No contacts yet."}
        </p>
      ) : (
        <DataTable label="Contacts" columns={["E-mail", "Name", "Consents", "Tags", "Suppression", "Proved", "Added"]}>
          {p.rows.map((c) => (
            <tr key={c.id}>
              <th scope="row" className={`${rowHead} min-w-48 break-all`}>
                <Link to={`/admin/contacts/${c.id}`} className="font-bold text-brand-800 underline underline-offset-2">
                  {c.email}
                </Link>
              </th>
              <td className={td}>{c.name ?? "-"}</td>
              <td className={td}>
                {c.activeConsents
                  ? c.activeConsents
                      .split(",")
                      .map((purpose) => CONSENT_LABELS[purpose as ConsentPurpose] ?? purpose)
                      .join(", ")
                  : "None"}
                {c.withdrawnConsents > 0 ? <span className="block text-xs text-slate-600">{c.withdrawnConsents} withdrawn</span> : null}
              </td>
              <td className={`${td} text-sm`}>{c.tags ? c.tags.split(" ").join(", ") : "-"}</td>
              <td className={td}>
                {c.suppression ? (
                  <span className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold text-red-900">
                    {SUPPRESSION_LABELS[c.suppression]}
                  </span>
                ) : (
                  "-"
                )}
              </td>
              <td className={`${td} whitespace-nowrap`}>{c.provedAt ? formatWhen(c.provedAt, zone) : "No"}</td>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(c.createdAt, zone)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={p.page} pages={p.pages} path="/admin/contacts" query={pagerQuery} />
      <Panel title="Import contacts from a CSV file" id="import-heading">
        <p className="mt-2 max-w-3xl text-slate-700">
          The first row names the columns: <code>email</code>, <code>consent_source</code> (required: where each person agreed to hear from
          you, e.g. “2025 workshop sign-up sheet”), and optionally <code>name</code> and <code>tags</code> (comma-separated, e.g. “workshop,
          vip-buyers”). Every imported contact is also tagged “imported”. Each address gets a newsletter consent recorded as “import: ” and
          its source. Known addresses are updated, not duplicated. Nobody is e-mailed by an import, and a suppressed address stays
          suppressed. If any row is wrong, nothing is imported, and the first {CONTACT_IMPORT_ERRORS_LISTED} wrong rows are listed. At most{" "}
          {CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB and {CONTACT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows per file,{" "}
          {CONTACT_IMPORT_MAX_ROW_BYTES / 1024} KB per row and {CONTACT_IMPORT_MAX_FIELD_CHARS.toLocaleString("en-US")} characters per
          field. A large file takes a while (100,000 rows take well under a minute), and the page says how far it is.
        </p>
        <ImportForm last={actionData?.result} />
      </Panel>
    </>
  );
}
