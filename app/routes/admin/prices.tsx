import { data } from "react-router";
import type { Route } from "./+types/prices";
import { AdminHeading, DataTable, Notice, Panel, rowHead, td } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { formatCents, formatDay } from "~/lib/site";
import { FORMER_PRICE_MIN_DAYS, FORMER_PRICE_PRODUCTS, FORMER_PRICE_RECENT_DAYS, todayIso } from "~/lib/former-price";
import { FormerPriceSchema } from "~/lib/former-price-form";
import { seo } from "~/lib/seo";
import { z } from "zod";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";
import { parseSubmission } from "~/server/forms/submission.server";
import { deleteFormerPrice, formerPricesForOwner, recordFormerPrice } from "~/server/payments/former-prices.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Former prices",
    description: "Former prices and the dates they were charged.",
    path: "/admin/prices",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  return { rows: await formerPricesForOwner(), today: todayIso() };
}

const DeleteSchema = z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Any text fields: which schema applies depends on the form's intent. */
const AnyFields = z.record(z.string(), z.string());

export async function action({ request, context }: Route.ActionArgs) {
  await requireOwner(appConfig(context).owner, request);
  // Read once, the one way (size, encoding, repeated fields); each intent's schema checks it below.
  const submission = await parseSubmission(request, AnyFields);
  if (submission.unreadable) return data({ ok: false, message: "That form could not be read." }, { status: 400 });
  const fields: Record<string, unknown> = submission.payload ?? {};
  if (fields.intent === "delete") {
    const parsed = DeleteSchema.safeParse(fields);
    const deleted = parsed.success && (await deleteFormerPrice(parsed.data.id));
    return deleted ? { ok: true, message: "Deleted." } : data({ ok: false, message: "No such record." }, { status: 400 });
  }
  const parsed = FormerPriceSchema.safeParse(fields);
  if (!parsed.success) {
    return data({ ok: false, message: parsed.error.issues.map((i) => i.message).join(" "), values: fields }, { status: 400 });
  }
  await recordFormerPrice(parsed.data);
  return { ok: true, message: "Recorded." };
}

const inputClass =
  "mt-1 block rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700";

function Field({
  id,
  name,
  label,
  values,
  wide = true,
  ...input
}: {
  id: string;
  name: string;
  label: string;
  values: Record<string, string | undefined>;
  wide?: boolean;
} & React.ComponentProps<"input">) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-bold text-slate-900">
        {label}
      </label>
      <input id={id} name={name} required defaultValue={values[name] ?? ""} className={`${inputClass} ${wide ? "" : "w-32"}`} {...input} />
    </div>
  );
}

export default function Prices({ loaderData, actionData }: Route.ComponentProps) {
  const values: Record<string, string | undefined> =
    actionData && "values" in actionData ? (actionData.values as Record<string, string>) : {};
  const [productId, product] = Object.entries(FORMER_PRICE_PRODUCTS)[0]!;
  return (
    <>
      <AdminHeading title="Former prices" />
      <p className="mt-2 max-w-3xl text-slate-700">
        /checkout says “(it was $X from … to …)” beside the {product.name} only when a price is recorded here that it was really charged,
        openly, for at least {FORMER_PRICE_MIN_DAYS} days, ending within the last {FORMER_PRICE_RECENT_DAYS} days (the FTC&apos;s rule on
        former price comparisons, 16 CFR 233.1). It shows the dates with the price. Without one, the add-on shows its price plainly.
      </p>
      {actionData ? <Notice ok={actionData.ok}>{actionData.message}</Notice> : null}

      <Panel title="Record a price that was charged" id="record-heading">
        <form method="post" className="mt-3 flex flex-wrap items-end gap-4">
          <input type="hidden" name="productId" value={productId} />
          <p className="w-full text-slate-800">
            {product.name}, today {formatCents(product.priceCents)}
          </p>
          <Field
            id="price"
            name="price"
            label="Price charged (dollars)"
            inputMode="decimal"
            placeholder="27.00"
            values={values}
            wide={false}
          />
          <Field id="charged-from" name="chargedFrom" label="First day charged" type="date" max={loaderData.today} values={values} />
          <Field id="charged-until" name="chargedUntil" label="Last day charged" type="date" max={loaderData.today} values={values} />
          <button type="submit" className={buttonClass({ size: "sm" })}>
            Record
          </button>
        </form>
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
                <form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={row.id} />
                  <button
                    type="submit"
                    aria-label={`Delete ${formatCents(row.priceCents)} charged from ${formatDay(row.chargedFrom)}`}
                    className={buttonClass({ variant: "outline", size: "sm" })}
                  >
                    Delete
                  </button>
                </form>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
