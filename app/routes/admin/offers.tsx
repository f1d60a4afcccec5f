import { getFormProps } from "@conform-to/react";
import { useMemo } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/offers";
import { AdminHeading, DataTable, formatWhen, num, Panel, rowHead, StatusBadge, td, useTimeZone } from "~/components/admin-ui";
import { ArticleField } from "~/components/article-field";
import { useDashboardForm } from "~/components/dashboard-form";
import { ButtonForm, FormRefusal, lastFor, type LastPost } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { checkoutHref } from "~/lib/checkout";
import { zoneName } from "~/lib/dates";
import { newCodeSchema, offersActionSchema } from "~/lib/forms/promotion";
import { offerLabel, PERCENT_MAX } from "~/lib/offers";
import { formatCents } from "~/lib/site";
import { seo } from "~/lib/seo";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";
import { codesForOwner, createCode, productChoices, setCodeDisabled } from "~/server/admin/offers-admin.server";
import { businessTimeZone } from "~/server/dates.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Offers", description: "Promotion codes: their uses, revenue and offer links.", path: "/admin/offers" });

export const loader = dashboardLoader(async ({ context }: Route.LoaderArgs) => {
  const [codes, products] = await Promise.all([codesForOwner(), productChoices()]);
  return { codes, products, origin: appConfig(context).payments.config.publicOrigin };
});

const NEW_FORM = "new-code";
const rowForm = (id: number) => `code-${id}`;

export const action = dashboardAction({
  schema: ({ context }: Route.ActionArgs) => offersActionSchema(businessTimeZone(context)),
  form: (payload) => (payload.intent === "create" ? NEW_FORM : rowForm(Number(payload.id))),
  run: async (value, { context }: Route.ActionArgs) => {
    const done =
      value.intent === "create"
        ? await createCode(value, businessTimeZone(context))
        : await setCodeDisabled(value.id, value.intent === "disable");
    if (!done.ok) return { refused: done.message, status: done.status, fieldErrors: done.fieldErrors };
    return { done: done.message };
  },
});

/** The offer link of a code: its checkout with the code filled in (a one-product code's own checkout). */
function offerLink(origin: string, code: { code: string; productId: string | null; productSlug: string | null }) {
  const product = code.productId && code.productId !== "toolkit" ? code.productSlug : null;
  return `${origin}${checkoutHref({ code: code.code, product })}`;
}

function NewCode({ last, products }: { last: LastPost; products: { id: string; name: string }[] }) {
  const zone = useTimeZone();
  const schema = useMemo(() => newCodeSchema(zone), [zone]);
  const [form, fields] = useDashboardForm(NEW_FORM, schema, lastFor(last, NEW_FORM));
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="create" />
      <ArticleField meta={fields.code} label="Code" hint="What buyers type: letters, digits and dashes (any case: it is the same code).">
        {(f) => <input {...f} required maxLength={40} autoCapitalize="characters" className={inputClass({ className: "uppercase" })} />}
      </ArticleField>
      <ArticleField meta={fields.kind} label="Takes off">
        {(f) => (
          <select {...f} defaultValue={f.defaultValue ?? "percent"} className={inputClass()}>
            <option value="percent">A percentage</option>
            <option value="amount">An amount in dollars</option>
          </select>
        )}
      </ArticleField>
      <ArticleField meta={fields.value} label="How much" hint={`A percentage from 1 to ${PERCENT_MAX}, or dollars (5 or 2.50).`}>
        {(f) => <input {...f} required inputMode="decimal" className={inputClass({ full: false, className: "w-32" })} />}
      </ArticleField>
      <ArticleField meta={fields.productId} label="For" hint="One product, or every product of an order.">
        {(f) => (
          <select {...f} defaultValue={f.defaultValue ?? ""} className={inputClass()}>
            <option value="">Every product</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </ArticleField>
      <ArticleField meta={fields.endsAt} label={`Ends (${zoneName(zone)})`} hint="Empty: it works until you disable it.">
        {(f) => <input {...f} type="datetime-local" className={inputClass({ full: false })} />}
      </ArticleField>
      <ArticleField meta={fields.maxUses} label="Limit of uses" hint="Paid orders (and payment pages open) with it. Empty: no limit.">
        {(f) => <input {...f} inputMode="numeric" className={inputClass({ full: false, className: "w-32" })} />}
      </ArticleField>
      <div className="flex items-start gap-3 sm:col-span-2">
        <input
          id={fields.oncePerBuyer.id}
          name={fields.oncePerBuyer.name}
          type="checkbox"
          defaultChecked
          aria-describedby={`${fields.oncePerBuyer.id}-hint`}
          className="mt-1 size-5 accent-brand-700"
        />
        <div>
          <label htmlFor={fields.oncePerBuyer.id} className="text-sm font-bold text-slate-900">
            Once per buyer
          </label>
          <p id={`${fields.oncePerBuyer.id}-hint`} className="text-sm text-slate-600">
            One use per e-mail address, however it is spelled; the checkout asks for the address when the code is applied.
          </p>
        </div>
      </div>
      <div className="sm:col-span-2">
        <FormRefusal errors={form.errors} />
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Create the code
        </button>
      </div>
    </Form>
  );
}

export default function Offers({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const { codes, products, origin } = loaderData;
  const rowSchema = useMemo(() => offersActionSchema(zone), [zone]);
  return (
    <>
      <AdminHeading title="Offers" />
      <p className="mt-2 max-w-3xl text-slate-700">
        Promotion codes buyers type at the checkout, or get in an offer link that fills it in. A code takes a percentage or an amount off
        one product or the whole order; the payment page charges the lower price, and a refund gives back what was paid. Revenue is what the
        code&apos;s paid orders brought, net of refunds. A sale price (a product&apos;s price for a while) is set on the product&apos;s own
        page.
      </p>
      {codes.length === 0 ? (
        <p className="mt-4 text-slate-700">No codes yet.</p>
      ) : (
        <DataTable
          label="Promotion codes"
          columns={[
            "Code",
            "Takes off",
            "Ends",
            { label: "Uses", numeric: true },
            { label: "Revenue", numeric: true },
            "Offer link",
            { label: "Action", hidden: true },
          ]}
        >
          {codes.map((c) => {
            const link = offerLink(origin, c);
            return (
              <tr key={c.id} data-code={c.code}>
                <th scope="row" className={rowHead}>
                  <span className="font-bold text-slate-900">{c.code}</span>{" "}
                  {c.disabledAt ? <StatusBadge status="disabled" /> : c.ended ? <StatusBadge status="expired" /> : null}
                </th>
                <td className={td}>
                  {offerLabel(c)} {c.productName ? `the ${c.productName}` : "every product"}
                  {c.oncePerBuyer ? ", once per buyer" : ""}
                </td>
                <td className={td}>{c.endsAt ? formatWhen(c.endsAt, zone) : "no end"}</td>
                <td className={num} data-testid="code-uses">
                  {c.uses}
                  {c.maxUses ? ` of ${c.maxUses}` : ""}
                  {c.open > 0 ? ` (+${c.open} open)` : ""}
                </td>
                <td className={num} data-testid="code-revenue">
                  {formatCents(c.revenueCents)}
                  {c.refundedCents > 0 ? ` (${formatCents(c.refundedCents)} refunded)` : ""}
                </td>
                <td className={td}>
                  <label className="sr-only" htmlFor={`link-${c.id}`}>
                    Offer link for {c.code}
                  </label>
                  <input
                    id={`link-${c.id}`}
                    readOnly
                    value={link}
                    onFocus={(e) => e.currentTarget.select()}
                    className={inputClass({ className: "min-w-64 text-sm" })}
                  />
                </td>
                <td className={td}>
                  <ButtonForm
                    id={rowForm(c.id)}
                    schema={rowSchema}
                    last={actionData}
                    intent={c.disabledAt ? "enable" : "disable"}
                    values={{ id: c.id }}
                    label={c.disabledAt ? "Enable" : "Disable"}
                    ariaLabel={`${c.disabledAt ? "Enable" : "Disable"} the code ${c.code}`}
                  />
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Panel title="New code" id="new-code-heading">
        {/* A new form once a code is made: the one just made is in the list, not in the boxes. */}
        <NewCode key={codes.length} last={actionData} products={products} />
      </Panel>
    </>
  );
}
