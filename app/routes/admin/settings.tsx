import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import type { Route } from "./+types/settings";
import { AdminHeading, Panel } from "~/components/admin-ui";
import { fieldAria, FieldMessage, type FieldState, useDashboardForm } from "~/components/dashboard-form";
import { FormRefusal, lastFor } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { zoneName } from "~/lib/dates";
import { BUSINESS_LIMITS, BusinessSettingsSchema } from "~/lib/forms/business-settings";
import { seo } from "~/lib/seo";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";
import { saveBusinessDetails } from "~/server/content/business-details.server";
import { articlesOf } from "~/server/content/site-content.server";
import { businessDefaultsFromEnv, env } from "~/server/env.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Business details",
    description: "The business's name, support and postal addresses, the e-mails' signature and time zone.",
    path: "/admin/settings",
  });

/** The zones offered as the owner types (any IANA name is taken). */
const SUGGESTED_ZONES = [
  "America/New_York",
  "America/Chicago",
  "America/Denver",
  "America/Phoenix",
  "America/Los_Angeles",
  "America/Anchorage",
  "Pacific/Honolulu",
];

export const loader = dashboardLoader(async ({ context }: Route.LoaderArgs) => {
  const details = articlesOf(context).business();
  const defaults = businessDefaultsFromEnv();
  return { details, defaults, ownerEmail: env().OWNER_EMAIL, zoneName: zoneName(details.timeZone) };
});

const FORM_ID = "settings";

export const action = dashboardAction({
  schema: BusinessSettingsSchema,
  form: () => FORM_ID,
  run: async (value, { context }: Route.ActionArgs) => {
    const changed = await saveBusinessDetails(articlesOf(context), value);
    return { done: changed.length > 0 ? `Saved: ${changed.join(", ")}.` : "Nothing changed." };
  },
});

function Field({
  label,
  hint,
  state,
  children,
}: {
  label: string;
  hint?: string;
  state: FieldState;
  children: (aria: { id: string; name: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => React.ReactNode;
}) {
  const hintId = `${state.id}-hint`;
  const aria = fieldAria(state);
  const describedBy = [hint ? hintId : undefined, aria["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={state.id} className="text-sm font-bold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children({ id: state.id, name: state.name, ...aria, "aria-describedby": describedBy })}
      <FieldMessage state={state} />
    </div>
  );
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { details, defaults, ownerEmail } = loaderData;
  const [form, fields] = useDashboardForm(FORM_ID, BusinessSettingsSchema, lastFor(actionData, FORM_ID));
  const team = `The ${details.businessName} team`;
  return (
    <>
      <AdminHeading title="Business details" />
      <p className="mt-2 max-w-3xl text-slate-700">
        What every page&apos;s footer, the legal pages, the receipts and every e-mail say about the business. A change shows on the site
        within a second. A field you never changed follows the server&apos;s settings.
      </p>
      <Panel title="The business" id="business-heading">
        <Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-2xl gap-5">
          <Field
            label="Business name"
            hint="Who runs the site: the footer, the legal pages and every e-mail's sender."
            state={fields.businessName}
          >
            {(props) => (
              <input {...props} required maxLength={BUSINESS_LIMITS.name} defaultValue={details.businessName} className={inputClass()} />
            )}
          </Field>
          <Field
            label="Support address"
            hint="Where buyers and readers write: every footer, the legal pages, and where replies to receipts go."
            state={fields.supportEmail}
          >
            {(props) => (
              <input
                {...props}
                type="email"
                required
                autoComplete="email"
                maxLength={BUSINESS_LIMITS.email}
                defaultValue={details.supportEmail}
                className={inputClass()}
              />
            )}
          </Field>
          <Field
            label="Postal address"
            hint="Required by law (CAN-SPAM) in every commercial e-mail: a street address, P.O. box or registered mailbox."
            state={fields.postalAddress}
          >
            {(props) => (
              <textarea
                {...props}
                required
                rows={3}
                maxLength={BUSINESS_LIMITS.address}
                defaultValue={details.postalAddress ?? ""}
                className={inputClass()}
              />
            )}
          </Field>
          <Field
            label="E-mails signed by"
            hint={`Your name under the welcome e-mails. Leave it empty and “${team}” signs them.`}
            state={fields.signedBy}
          >
            {(props) => (
              <input
                {...props}
                autoComplete="name"
                maxLength={BUSINESS_LIMITS.signedBy}
                defaultValue={details.signedBy ?? ""}
                className={inputClass()}
              />
            )}
          </Field>
          <Field
            label="Time zone"
            hint={`Every date in the e-mails, on the order pages and here. Now: ${loaderData.zoneName}. An IANA name, such as America/Chicago.`}
            state={fields.timeZone}
          >
            {(props) => (
              <>
                <input
                  {...props}
                  required
                  list="time-zones"
                  maxLength={BUSINESS_LIMITS.timeZone}
                  defaultValue={details.timeZone}
                  className={inputClass()}
                />
                <datalist id="time-zones">
                  {SUGGESTED_ZONES.map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <div>
            <div className="flex items-start gap-3">
              <input
                id={fields.saleEmails.id}
                name={fields.saleEmails.name}
                type="checkbox"
                defaultChecked={details.saleEmails}
                aria-describedby={`${fields.saleEmails.id}-hint`}
                className="mt-1 size-5 accent-brand-700"
              />
              <div>
                <label htmlFor={fields.saleEmails.id} className="text-sm font-bold text-slate-900">
                  E-mail me each sale
                </label>
                <p id={`${fields.saleEmails.id}-hint`} className="text-sm text-slate-600">
                  One e-mail per paid order to {ownerEmail} (OWNER_EMAIL): the products, the amount, the buyer and a link to the order.
                </p>
              </div>
            </div>
          </div>
          <FormRefusal errors={form.errors} />
          <div>
            <button type="submit" className={buttonClass()}>
              Save details
            </button>
          </div>
        </Form>
      </Panel>
      <Panel title="The server's settings" id="defaults-heading">
        <p className="mt-2 text-sm text-slate-700">
          What a field you never changed follows (the environment: BUSINESS_NAME, SUPPORT_EMAIL, BUSINESS_ADDRESS, OWNER_NAME,
          BUSINESS_TIME_ZONE).
        </p>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-bold text-slate-900">Business name</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-800">{defaults.businessName}</dd>
          <dt className="font-bold text-slate-900">Support address</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-800">{defaults.supportEmail}</dd>
          <dt className="font-bold text-slate-900">Postal address</dt>
          <dd className="whitespace-pre-line text-slate-800">{defaults.postalAddress ?? "(none)"}</dd>
          <dt className="font-bold text-slate-900">E-mails signed by</dt>
          <dd className="text-slate-800">{defaults.signedBy ?? `The ${defaults.businessName} team`}</dd>
          <dt className="font-bold text-slate-900">Time zone</dt>
          <dd className="text-slate-800">{defaults.timeZone}</dd>
        </dl>
      </Panel>
    </>
  );
}
