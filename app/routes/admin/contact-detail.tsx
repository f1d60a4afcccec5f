import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link } from "react-router";
import { idOr404 } from "~/lib/route-id";
import type { Route } from "./+types/contact-detail";
import { AdminHeading, DataTable, formatWhen, Panel, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { fieldAria, FieldMessage, useDashboardForm } from "~/components/dashboard-form";
import { FormRefusal } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { ContactActionSchema, type ContactPost } from "~/lib/forms/dashboard";
import { TAG_MAX } from "~/lib/tags";
import { CONSENT_LABELS, SUPPRESSION_LABELS } from "~/lib/audience-labels";
import { seo } from "~/lib/seo";
import { contactHistory, runContactPost } from "~/server/admin/audience-view.server";
import { tagsInUse } from "~/server/audience/tags.server";
import { businessTimeZone } from "~/server/dates.server";
import { inputClass } from "~/components/ui/input";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches, data: d }) =>
  seo(matches, {
    title: d ? `Contact ${d.contact.email}` : "Contact",
    description: "One contact's history.",
    path: "/admin/contacts",
  });

export const loader = dashboardLoader(async ({ params, context }: Route.LoaderArgs) => {
  const history = await contactHistory(idOr404(params.id), businessTimeZone(context));
  if (!history) throw data(null, { status: 404 });
  return { ...history, tagsInUse: (await tagsInUse()).map((t) => t.tag) };
});

/**
 * Every form of the page posts here: parsed by the page's one schema, done by one server function
 * per intent, then a redirect back to the contact (a reload never posts again) with what was done
 * said there once. A refusal answers the form that posted, changing nothing.
 */
export const action = dashboardAction({
  schema: ContactActionSchema,
  form: (payload) => (typeof payload.intent === "string" ? payload.intent : ""),
  invalid: ({ intent }) => (isIntent(typeof intent === "string" ? intent : "") ? undefined : "Choose an action."),
  run: async (value, { params }: Route.ActionArgs) => {
    const id = idOr404(params.id);
    const outcome = await runContactPost(id, value);
    if (!outcome) throw data(null, { status: 404 });
    if ("refused" in outcome) return { refused: outcome.refused, status: 409 };
    return { done: outcome.done, to: `/admin/contacts/${id}` };
  },
});

const INTENTS: readonly string[] = ContactActionSchema.options.map((o) => o.shape.intent.value);
const isIntent = (form: string): form is ContactPost["intent"] => INTENTS.includes(form);

type Last = { form: string; result: SubmissionResult<string[]> } | undefined;
const lastFor = (last: Last, ...forms: ContactPost["intent"][]) =>
  last && (forms as string[]).includes(last.form) ? last.result : undefined;

/** The refusal of a form without fields of its own (lift, untag), said in its panel. */
function Refusal({ last }: { last: SubmissionResult<string[]> | undefined }) {
  return <FormRefusal errors={last?.error?.[""] ?? undefined} />;
}

function SuppressForm({ last }: { last: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useDashboardForm("contact-suppress", ContactActionSchema, last);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="suppress" />
      <div className="min-w-64 flex-1 sm:max-w-md">
        <label htmlFor={fields.detail.id} className="text-sm font-bold text-slate-900">
          Reason (optional, for your records)
        </label>
        <input id={fields.detail.id} name="detail" maxLength={200} {...fieldAria(fields.detail)} className={inputClass()} />
        <FieldMessage state={fields.detail} />
      </div>
      <button type="submit" className={buttonClass({ size: "sm", variant: "outline" })}>
        Stop list e-mail to this address
      </button>
      {form.errors?.length ? (
        <div className="basis-full">
          <FormRefusal errors={form.errors} />
        </div>
      ) : null}
    </Form>
  );
}

function TagForm({ tagsInUse, last }: { tagsInUse: string[]; last: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useDashboardForm("contact-tag", ContactActionSchema, last);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="tag" />
      <div className="min-w-64 flex-1 sm:max-w-sm">
        <label htmlFor={fields.tag.id} className="text-sm font-bold text-slate-900">
          Add a tag
        </label>
        <input
          id={fields.tag.id}
          name="tag"
          required
          maxLength={TAG_MAX + 20}
          list="tags-in-use"
          {...fieldAria(fields.tag)}
          className={inputClass()}
        />
        <datalist id="tags-in-use">
          {tagsInUse.map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
        <FieldMessage state={fields.tag} />
      </div>
      <button type="submit" className={buttonClass({ size: "sm", variant: "outline" })}>
        Add tag
      </button>
      {form.errors?.length ? (
        <div className="basis-full">
          <FormRefusal errors={form.errors} />
        </div>
      ) : null}
    </Form>
  );
}

export default function ContactPage({ loaderData: h, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const c = h.contact;
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/contacts" className="font-bold text-brand-800 underline underline-offset-2">
          All contacts
        </Link>
      </p>
      <AdminHeading title={c.email} />
      {actionData && !isIntent(actionData.form) ? <Refusal last={actionData.result} /> : null}
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <dt className="font-bold text-slate-900">Name</dt>
        <dd className="text-slate-800">{c.name ?? "-"}</dd>
        <dt className="font-bold text-slate-900">Added</dt>
        <dd className="text-slate-800">{formatWhen(c.createdAt, zone)}</dd>
        <dt className="font-bold text-slate-900">Address proved</dt>
        <dd className="text-slate-800">{c.provedAt ? formatWhen(c.provedAt, zone) : "Not yet (never used a link from our e-mails)"}</dd>
        <dt className="font-bold text-slate-900">Suppression</dt>
        <dd className="text-slate-800" data-testid="contact-suppression">
          {c.suppression ? (
            <>
              <strong>{SUPPRESSION_LABELS[c.suppression]}</strong> since {formatWhen(c.suppressedAt, zone)}
              {c.suppressionDetail ? `: ${c.suppressionDetail}` : ""}
            </>
          ) : (
            "None: list e-mail may go to this address if it has a consent."
          )}
        </dd>
      </dl>

      <Panel title="Suppression" id="suppression-heading">
        {!c.suppression ? (
          <SuppressForm last={lastFor(actionData, "suppress")} />
        ) : h.canLift ? (
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="lift" />
            <p className="text-slate-700">
              {c.suppression === "hard_bounce"
                ? "Lift it only if you know the address now accepts mail; another refusal suppresses it again."
                : "You added this suppression; you can lift it."}
            </p>
            <button type="submit" className={`${buttonClass({ size: "sm", variant: "outline" })} mt-2`}>
              Lift the suppression
            </button>
          </Form>
        ) : (
          <p className="mt-2 text-slate-700">
            The person {c.suppression === "complaint" ? "reported our e-mail as spam" : "unsubscribed"}: only they can undo it, by signing
            up again and confirming their address.
          </p>
        )}
        {/* A refused suppression whose form is gone (the address was suppressed meanwhile) is said here too. */}
        <Refusal last={c.suppression ? lastFor(actionData, "lift", "suppress") : lastFor(actionData, "lift")} />
      </Panel>

      <Panel title="Tags" id="tags-heading">
        {h.tags.length === 0 ? (
          <p className="mt-2 text-slate-700">No tags yet.</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="This contact's tags">
            {h.tags.map((tag) => (
              <li key={tag} className="flex items-center gap-1 rounded-full border border-slate-300 bg-white py-0.5 pr-1 pl-3 text-sm">
                <Link
                  to={`/admin/contacts?tag=${encodeURIComponent(tag)}`}
                  className="font-bold text-brand-800 underline underline-offset-2"
                >
                  {tag}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="untag" />
                  <input type="hidden" name="tag" value={tag} />
                  <button
                    type="submit"
                    aria-label={`Remove the tag ${tag}`}
                    className="rounded-full px-2 py-0.5 font-bold text-slate-700 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-brand-700"
                  >
                    ×
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Refusal last={lastFor(actionData, "untag")} />
        <TagForm tagsInUse={h.tagsInUse} last={lastFor(actionData, "tag")} />
      </Panel>

      <Panel title="Consents" id="consents-heading">
        {h.consents.length === 0 ? (
          <p className="mt-2 text-slate-700">No consent recorded: no list e-mail goes to this address.</p>
        ) : (
          <DataTable label="Consent records" columns={["For", "Source", "Wording", "Given", "Withdrawn"]}>
            {h.consents.map((k) => (
              <tr key={k.id}>
                <th scope="row" className={rowHead}>
                  {CONSENT_LABELS[k.purpose] ?? k.purpose}
                </th>
                <td className={`${td} break-all`}>{k.source}</td>
                <td className={td}>{k.wordingVersion}</td>
                <td className={`${td} whitespace-nowrap`}>{formatWhen(k.createdAt, zone)}</td>
                <td className={`${td} whitespace-nowrap`}>{k.withdrawnAt ? formatWhen(k.withdrawnAt, zone) : "-"}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>

      <Panel title="History" id="history-heading">
        <p className="mt-2 text-sm text-slate-700">
          Oldest first: forms, consents, proof of address, e-mails and their outcome, suppression, orders.
        </p>
        <DataTable label="History entries" columns={["When", "What", "Detail"]}>
          {h.history.map((e, i) => (
            <tr key={`${e.at}-${i}`} data-kind={e.kind}>
              <td className={`${td} whitespace-nowrap`}>{formatWhen(e.at, zone)}</td>
              <th scope="row" className={rowHead}>
                {e.href ? (
                  <Link to={e.href} className="font-bold text-brand-800 underline underline-offset-2">
                    {e.title}
                  </Link>
                ) : (
                  e.title
                )}
              </th>
              <td className={`${td} break-words`}>{e.detail || "-"}</td>
            </tr>
          ))}
        </DataTable>
      </Panel>
    </>
  );
}
