import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import type { Route } from "./+types/prices";
import { AdminHeading, DataTable, Panel, rowHead, td } from "~/components/admin-ui";
import { fieldAria, FieldMessage, type FieldState, useDashboardForm } from "~/components/dashboard-form";
import { ButtonForm, FormRefusal, lastFor, type LastPost } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { formatCents, formatDay } from "~/lib/site";
import { FORMER_PRICE_MIN_DAYS, FORMER_PRICE_PRODUCTS, FORMER_PRICE_RECENT_DAYS, todayIso } from "~/lib/former-price";
import { PricesActionSchema } from "~/lib/forms/prices";
import { seo } from "~/lib/seo";
import { articlesOf } from "~/server/content/site-content.server";
import { deleteFormerPrice, formerPricesForOwner, recordFormerPrice } from "~/server/payments/former-prices.server";
import { inputClass } from "~/components/ui/input";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Former prices",
    description: "Former prices and the dates they were charged.",
    path: "/admin/prices",
  });

export const loader = dashboardLoader(async (_: Route.LoaderArgs) => {
  return { rows: await formerPricesForOwner(), today: todayIso() };
});

/** The form's id for a record's Delete: the action answers it by the same id. */
const deleteFormId = (id: unknown) => `delete-${String(id)}`;

/** Record or delete: parsed by the page's one schema, then a redirect with what was done (or the refusal on the form). */
export const action = dashboardAction({
  schema: PricesActionSchema,
  form: (payload) => (payload.intent === "delete" ? deleteFormId(payload.id) : "record"),
  run: async (value, { context }: Route.ActionArgs) => {
    if (value.intent === "delete") {
      if (!(await deleteFormerPrice(articlesOf(context), value.id))) return { refused: "No such record.", status: 404 };
      return { done: "Deleted.", to: "/admin/prices" };
    }
    await recordFormerPrice(articlesOf(context), value);
    return { done: "Recorded.", to: "/admin/prices" };
  },
});

function Field({
  label,
  state,
  wide = true,
  ...input
}: { label: string; state: FieldState; wide?: boolean } & React.ComponentProps<"input">) {
  return (
    <div>
      <label htmlFor={state.id} className="text-sm font-bold text-slate-900">
        {label}
      </label>
      <input
        id={state.id}
        name={state.name}
        required
        {...fieldAria(state)}
        className={inputClass({ full: wide, className: wide ? "" : "w-32" })}
        {...input}
      />
      <FieldMessage state={state} />
    </div>
  );
}

function RecordForm({ today, last }: { today: string; last: LastPost }) {
  const [form, fields] = useDashboardForm("record", PricesActionSchema, lastFor(last, "record"));
  const [productId, product] = Object.entries(FORMER_PRICE_PRODUCTS)[0]!;
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-start gap-4">
      <input type="hidden" name="intent" value="record" />
      <input type="hidden" name="productId" value={productId} />
      <p className="w-full text-slate-800">
        {product.name}, today {formatCents(product.priceCents)}
      </p>
      <Field state={fields.price} label="Price charged (dollars)" inputMode="decimal" placeholder="27.00" wide={false} />
      <Field state={fields.chargedFrom} label="First day charged" type="date" max={today} />
      <Field state={fields.chargedUntil} label="Last day charged" type="date" max={today} />
      <button type="submit" className={`${buttonClass({ size: "sm" })} mt-6`}>
        Record
      </button>
      <div className="w-full">
        <FieldMessage state={fields.productId} />
        <FormRefusal errors={form.errors} />
      </div>
    </Form>
  );
}

export default function Prices({ loaderData, actionData }: Route.ComponentProps) {
  const product = Object.values(FORMER_PRICE_PRODUCTS)[0]!;
  return (
    <>
      <AdminHeading title="Former prices" />
      <p className="mt-2 max-w-3xl text-slate-700">
        /checkout says “(it was $X from … to …)” beside the {product.name} only when a price is recorded here that it was really charged,
        openly, for at least {FORMER_PRICE_MIN_DAYS} days, ending within the last {FORMER_PRICE_RECENT_DAYS} days (the FTC&apos;s rule on
        former price comparisons, 16 CFR 233.1). It shows the dates with the price. Without one, the add-on shows its price plainly.
      </p>

      <Panel title="Record a price that was charged" id="record-heading">
        <RecordForm today={loaderData.today} last={actionData} />
      </Panel>

      {loaderData.rows.length === 0 ? (
        <p className="mt-6 text-slate-700">No former price recorded: the add-on shows its price plainly.</p>
      ) : (
        <DataTable
          label="Recorded former prices"
          narrow
          columns={["Price", "Charged", "Shown on /checkout", { label: "Action", hidden: true }]}
        >
          {loaderData.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row" className={rowHead}>
                {formatCents(row.priceCents)}
              </th>
              <td className={td}>
                {formatDay(row.chargedFrom)} to {formatDay(row.chargedUntil)}
              </td>
              <td className={td}>{row.problem === null ? "Yes" : `No: ${row.problem}`}</td>
              <td className={td}>
                <ButtonForm
                  id={deleteFormId(row.id)}
                  schema={PricesActionSchema}
                  last={actionData}
                  intent="delete"
                  values={{ id: row.id }}
                  label="Delete"
                  ariaLabel={`Delete ${formatCents(row.priceCents)} charged from ${formatDay(row.chargedFrom)}`}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
