import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import type { Route } from "./+types/products";
import { AdminHeading, DataTable, num, Panel, rowHead, td } from "~/components/admin-ui";
import { fieldAria, FieldMessage, useDashboardForm } from "~/components/dashboard-form";
import { FormRefusal, lastFor, type LastPost } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { NewProductSchema } from "~/lib/forms/product";
import { PRODUCT_STATUS_LABELS, productPath } from "~/lib/catalogue";
import { formatCents } from "~/lib/site";
import { seo } from "~/lib/seo";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";
import { articlesOf } from "~/server/content/site-content.server";
import { createProduct, productsForOwner } from "~/server/shop/product-admin.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: "Products", description: "Every product, its price, status and waitlist.", path: "/admin/products" });

export const loader = dashboardLoader(async (_: Route.LoaderArgs) => ({ products: await productsForOwner() }));

const NEW_FORM = "new-product";

/** "New product": a draft made from its name and price, then its editor. */
export const action = dashboardAction({
  schema: NewProductSchema,
  form: () => NEW_FORM,
  run: async (value, { context }: Route.ActionArgs) => {
    const created = await createProduct(articlesOf(context), value);
    if (!created.ok) return { refused: created.message, status: 400 };
    return { done: "Created as a draft: nobody sees it until you change its status.", to: `/admin/products/${created.id}` };
  },
});

function NewProduct({ last }: { last: LastPost }) {
  const [form, fields] = useDashboardForm(NEW_FORM, NewProductSchema, lastFor(last, NEW_FORM));
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-wrap items-start gap-4">
      <input type="hidden" name="intent" value="create" />
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor={fields.name.id} className="text-sm font-bold text-slate-900">
          Name
        </label>
        <input id={fields.name.id} name={fields.name.name} required maxLength={80} {...fieldAria(fields.name)} className={inputClass()} />
        <FieldMessage state={fields.name} />
      </div>
      <div>
        <label htmlFor={fields.price.id} className="text-sm font-bold text-slate-900">
          Price (dollars)
        </label>
        <input
          id={fields.price.id}
          name={fields.price.name}
          required
          inputMode="decimal"
          {...fieldAria(fields.price)}
          className={inputClass({ full: false, className: "w-32" })}
        />
        <FieldMessage state={fields.price} />
      </div>
      <button type="submit" className={`${buttonClass({ size: "sm" })} mt-6`}>
        Create a draft
      </button>
      <div className="w-full">
        <FormRefusal errors={form.errors} />
      </div>
    </Form>
  );
}

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Products" />
      <p className="mt-2 max-w-3xl text-slate-700">
        What the shop sells. A product on sale has a page and a checkout; one coming soon has a page that takes addresses for one e-mail
        when it opens; a retired one is no longer sold, and its buyers keep their files; a draft is seen by nobody. A change shows on the
        site within a second.
      </p>
      <DataTable
        label="Products"
        columns={[
          "Product",
          "Status",
          { label: "Price", numeric: true },
          { label: "Waiting", numeric: true },
          { label: "Sold", numeric: true },
          "Page",
        ]}
      >
        {loaderData.products.map((p) => (
          <tr key={p.id}>
            <th scope="row" className={rowHead}>
              <Link to={`/admin/products/${p.id}`} className="font-bold text-brand-800 underline underline-offset-2">
                {p.name}
              </Link>
            </th>
            <td className={td}>{PRODUCT_STATUS_LABELS[p.status]}</td>
            <td className={num}>{formatCents(p.priceCents)}</td>
            <td className={num}>{p.waiting}</td>
            <td className={num}>{p.sold}</td>
            <td className={td}>
              {p.status === "draft" ? (
                <span className="text-slate-700">none (draft)</span>
              ) : (
                <a href={productPath(p.slug)} className="text-brand-800 underline underline-offset-2">
                  {productPath(p.slug)}
                </a>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
      <Panel title="New product" id="new-product-heading">
        <NewProduct last={actionData} />
      </Panel>
    </>
  );
}
