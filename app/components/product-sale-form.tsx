import { getFormProps } from "@conform-to/react";
import { useMemo } from "react";
import { Form } from "react-router";
import { formatWhen, Panel, useTimeZone } from "~/components/admin-ui";
import { ArticleField } from "~/components/article-field";
import { useDashboardForm } from "~/components/dashboard-form";
import { ButtonForm, FormRefusal, lastFor, type LastPost } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { toZonedInput, zoneName } from "~/lib/dates";
import type { FormerPriceVerdict } from "~/lib/former-price";
import { SaleEndSchema, saleSchema } from "~/lib/forms/promotion";
import type { Sale } from "~/lib/offers";
import { formatCents } from "~/lib/site";

export const SALE_FORM = "sale";
export const SALE_END_FORM = "sale-end";

/**
 * A product's sale on its editor: a price below its own from a start to an optional end, in the
 * business's time zone. What the pages will say is said here: "Sale ends" only with an end, and
 * "it was" only when the price history makes it true (16 CFR 233.1) once the sale runs.
 */
export function ProductSaleForm({
  version,
  priceCents,
  onSale,
  current,
  last,
}: {
  version: number;
  priceCents: number;
  onSale: boolean;
  current: { sale: Sale; verdict: FormerPriceVerdict } | null;
  last: LastPost;
}) {
  const zone = useTimeZone();
  const schema = useMemo(() => saleSchema(zone), [zone]);
  const [form, fields] = useDashboardForm(`${SALE_FORM}-v${version}`, schema, lastFor(last, SALE_FORM));
  const sale = current?.sale ?? null;
  const initial = (name: "salePrice" | "saleStartsAt" | "saleEndsAt", saved: string) => {
    const typed = fields[name].initialValue;
    return typeof typed === "string" ? typed : saved;
  };
  return (
    <Panel title="Sale" id="sale-heading">
      <p className="mt-2 max-w-3xl text-slate-700">
        {sale ? (
          <>
            <strong>
              {formatCents(sale.priceCents)} from {formatWhen(sale.startsAt, zone)}{" "}
              {sale.endsAt ? `until ${formatWhen(sale.endsAt, zone)}` : "with no end set"}.
            </strong>{" "}
            {sale.endsAt ? "The pages say when it ends." : "The pages name no end, since it has none."} While it runs,{" "}
            {"shown" in current!.verdict
              ? `they show the price it was before (${formatCents(current!.verdict.shown.priceCents)}).`
              : `they show no former price: ${current!.verdict.problem}.`}
          </>
        ) : (
          `No sale. A sale charges a lower price from its start to its end (${formatCents(priceCents)} before and after), on the product's page, its checkout and every card; the price history records it.`
        )}
        {onSale ? null : " The product is not on sale now: its sale price applies only while it is."}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4 sm:grid-cols-3">
        <input type="hidden" name="intent" value="sale" />
        <input type="hidden" name="version" value={version} />
        <ArticleField meta={fields.salePrice} label="Sale price, in dollars">
          {(f) => (
            <input
              {...f}
              defaultValue={initial("salePrice", sale ? (sale.priceCents / 100).toFixed(2) : "")}
              required
              inputMode="decimal"
              className={inputClass({ full: false, className: "w-32" })}
            />
          )}
        </ArticleField>
        <ArticleField meta={fields.saleStartsAt} label={`Starts (${zoneName(zone)})`} hint="Empty: now.">
          {(f) => (
            <input
              {...f}
              type="datetime-local"
              defaultValue={initial("saleStartsAt", sale ? toZonedInput(sale.startsAt, zone) : "")}
              className={inputClass({ full: false })}
            />
          )}
        </ArticleField>
        <ArticleField meta={fields.saleEndsAt} label={`Ends (${zoneName(zone)})`} hint="Empty: until you end it here.">
          {(f) => (
            <input
              {...f}
              type="datetime-local"
              defaultValue={initial("saleEndsAt", sale?.endsAt ? toZonedInput(sale.endsAt, zone) : "")}
              className={inputClass({ full: false })}
            />
          )}
        </ArticleField>
        <div className="sm:col-span-3">
          <FormRefusal errors={form.errors} />
          <button type="submit" className={buttonClass({ size: "sm" })}>
            {sale ? "Save the sale" : "Start a sale"}
          </button>
        </div>
      </Form>
      {sale ? (
        <ButtonForm
          id={SALE_END_FORM}
          schema={SaleEndSchema}
          last={last}
          intent="sale-end"
          values={{ version }}
          label="End the sale now"
          className="mt-3"
        />
      ) : null}
    </Panel>
  );
}
