import { getFormProps } from "@conform-to/react";
import { useCallback, useState } from "react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/product-edit";
import { AdminHeading, DataTable, formatWhen, Panel, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { ArticleField } from "~/components/article-field";
import { PictureUpload, PictureUploadForms } from "~/components/article-picture-upload";
import { useDashboardForm } from "~/components/dashboard-form";
import { FormRefusal, lastFor } from "~/components/dashboard-post";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { uploadedImage } from "~/content/articles";
import { PRODUCT_STATUSES } from "~/lib/product-status";
import { PRODUCT_STATUS_LABELS, productPath } from "~/lib/catalogue";
import { FORMER_PRICE_MIN_DAYS, FORMER_PRICE_RECENT_DAYS } from "~/lib/former-price";
import { BONUS_PREFIX, includedText, ProductFormSchema } from "~/lib/forms/product";
import { formatCents } from "~/lib/site";
import { ARTICLE_EDITOR_BODY_LIMIT, page } from "~/lib/page-policy";
import { seo } from "~/lib/seo";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";
import { IMAGE_MAX_BYTES } from "~/server/content/article-images.server";
import { articlesOf } from "~/server/content/site-content.server";
import { productForOwner, saveProduct, saveSale } from "~/server/shop/product-admin.server";
import { businessTimeZone } from "~/server/dates.server";
import { productPageSchema } from "~/lib/forms/promotion";
import { ProductSaleForm, SALE_END_FORM, SALE_FORM } from "~/components/product-sale-form";
import { ProductFilesPanel } from "~/components/product-files-panel";
import { productFilesData } from "~/server/delivery/owner-file-list.server";

export const handle = page({ bodyLimit: ARTICLE_EDITOR_BODY_LIMIT });

export const meta: Route.MetaFunction = ({ data: loaded, matches, location }) =>
  seo(matches, {
    title: `Edit: ${loaded?.row.name ?? "product"}`,
    description: "A product's name, address, price, list, page, status and add-on.",
    path: location.pathname,
  });

export const loader = dashboardLoader(async ({ params }: Route.LoaderArgs) => {
  const found = await productForOwner(params.id);
  if (!found) throw data(null, { status: 404 });
  // `now`: a price-history row that starts later (a sale written ahead) has no end set yet, rather than running "now".
  return { ...found, imageMaxMb: IMAGE_MAX_BYTES / 1024 / 1024, now: Date.now(), files: await productFilesData(params.id) };
});

const FORM_ID = "product";

export const action = dashboardAction({
  schema: ({ context }: Route.ActionArgs) => productPageSchema(businessTimeZone(context)),
  form: (payload) => (payload.intent === "sale" ? SALE_FORM : payload.intent === "sale-end" ? SALE_END_FORM : FORM_ID),
  run: async (value, { params, context }: Route.ActionArgs) => {
    if (value.intent !== "save") {
      const input = value.intent === "sale" ? value : null;
      const sold = await saveSale(articlesOf(context), params.id, value.version, input, businessTimeZone(context));
      if (!sold.ok) return { refused: sold.message, status: sold.status, fieldErrors: sold.fieldErrors };
      return { done: sold.message, to: `/admin/products/${params.id}` };
    }
    // The articles' store reloads the products' with it (one content version): this server at once, the others within a second.
    const saved = await saveProduct(articlesOf(context), params.id, value);
    if (!saved.ok) return { refused: saved.message, status: saved.status, fieldErrors: saved.fieldErrors };
    const mailed =
      saved.queued > 0 ? ` ${saved.queued} waiting ${saved.queued === 1 ? "person gets" : "people get"} one e-mail that it is open.` : "";
    return { done: `Saved.${mailed}`, to: `/admin/products/${params.id}` };
  },
});

/**
 * Made afresh for each saved version (a product save or a sale): the forms' selects take their
 * choice as they mount; kept across a save, Conform's reset for the new form id emptied them.
 */
export default function ProductEditPage(props: Route.ComponentProps) {
  return <ProductEdit key={props.loaderData.row.version} {...props} />;
}

function ProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const { row, history, formerPrice, waiting, sold, others, sale } = loaderData;
  const [form, fields] = useDashboardForm(`${FORM_ID}-v${row.version}`, ProductFormSchema, lastFor(actionData, FORM_ID));
  const [coverId, setCoverId] = useState<number | null>(row.imageId);
  const setCover = useCallback((picture: { id: number }) => setCoverId(picture.id || null), []);
  const initial = {
    name: row.name,
    slug: row.slug,
    price: (row.priceCents / 100).toFixed(2),
    included: includedText(row.included),
    summary: row.summary,
    body: row.body,
    imageAlt: row.imageAlt,
  };
  const value = (name: keyof typeof initial) => {
    const meta = fields[name];
    return typeof meta.initialValue === "string" ? meta.initialValue : initial[name];
  };
  return (
    <>
      <AdminHeading title={`Edit: ${row.name}`}>
        <Link to="/admin/products" className={buttonClass({ size: "sm", variant: "outline" })}>
          All products
        </Link>
      </AdminHeading>
      <p className="mt-2 max-w-3xl text-slate-700">
        {PRODUCT_STATUS_LABELS[row.status]}.{" "}
        {row.status === "draft" ? (
          "Nobody sees a draft."
        ) : (
          <>
            Its page:{" "}
            <a href={productPath(row.slug)} className="text-brand-800 underline underline-offset-2">
              {productPath(row.slug)}
            </a>
            .
          </>
        )}{" "}
        {waiting} {waiting === 1 ? "person is" : "people are"} on its waitlist; {sold} {sold === 1 ? "order" : "orders"} bought it.
      </p>

      <Panel title="Product" id="product-heading">
        <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
          <FormRefusal errors={form.errors} />
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="version" value={row.version} />
          <input type="hidden" name="imageId" value={coverId ?? ""} />
          <ArticleField meta={fields.name} label="Name">
            {(f) => <input {...f} defaultValue={value("name")} required maxLength={80} className={inputClass()} />}
          </ArticleField>
          <ArticleField
            meta={fields.slug}
            label="Address"
            hint="After /products/: lowercase letters, digits and hyphens. A changed address keeps the old one working (it redirects)."
          >
            {(f) => <input {...f} defaultValue={value("slug")} required maxLength={80} className={inputClass()} />}
          </ArticleField>
          <ArticleField
            meta={fields.price}
            label="Price (dollars)"
            hint="What the checkout charges from now on. Orders already placed keep the price they paid."
          >
            {(f) => (
              <input
                {...f}
                defaultValue={value("price")}
                required
                inputMode="decimal"
                className={inputClass({ full: false, className: "w-32" })}
              />
            )}
          </ArticleField>
          <ArticleField
            meta={fields.included}
            label="What's included"
            hint={`One item a line. Start a line with “${BONUS_PREFIX}” for a bonus (listed apart, after the rest).`}
          >
            {(f) => <textarea {...f} defaultValue={value("included")} required rows={6} className={inputClass()} />}
          </ArticleField>
          <ArticleField meta={fields.summary} label="Short description" hint="On the cards, the checkout and the top of the page.">
            {(f) => <textarea {...f} defaultValue={value("summary")} required maxLength={300} rows={2} className={inputClass()} />}
          </ArticleField>
          <ArticleField
            meta={fields.body}
            label="Product page (Markdown)"
            hint="## for a heading, **bold**, [link text](https://address), - for a list. Rendered like an article."
          >
            {(f) => <textarea {...f} defaultValue={value("body")} rows={12} className={inputClass({ className: "font-mono text-sm" })} />}
          </ArticleField>
          <fieldset className="min-w-0 rounded-lg border border-slate-200 p-3">
            <legend className="px-1 text-sm font-bold text-slate-900">Cover image</legend>
            {coverId ? (
              <p className="flex flex-wrap items-end gap-3">
                <img
                  src={`${uploadedImage(coverId).image}-640.webp`}
                  alt="Cover, as uploaded"
                  width={320}
                  height={180}
                  className="rounded-lg"
                />
                <button type="button" className={buttonClass({ size: "sm", variant: "outline" })} onClick={() => setCover({ id: 0 })}>
                  Remove the cover
                </button>
              </p>
            ) : (
              <p className="text-slate-700">No cover image yet.</p>
            )}
            <PictureUpload kind="cover" maxMb={loaderData.imageMaxMb} onUploaded={setCover} />
            <div className="mt-2">
              <ArticleField
                meta={fields.imageAlt}
                label="Cover image description (alt text)"
                hint="Required when the product has a cover image."
              >
                {(f) => <input {...f} defaultValue={value("imageAlt")} maxLength={200} className={inputClass()} />}
              </ArticleField>
            </div>
          </fieldset>
          <ArticleField
            meta={fields.status}
            label="Status"
            hint="On sale: its page sells it. Coming soon: its page takes addresses, and each gets one e-mail when you put it on sale. Retired: nobody can buy it; buyers keep their files. Draft: no page."
          >
            {(f) => (
              <select
                {...f}
                defaultValue={typeof fields.status.initialValue === "string" ? fields.status.initialValue : row.status}
                className={inputClass()}
              >
                {PRODUCT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {PRODUCT_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            )}
          </ArticleField>
          <ArticleField meta={fields.bumpProductId} label="Add-on offered on its checkout" hint="Shown only while that product is on sale.">
            {(f) => (
              <select
                {...f}
                defaultValue={
                  typeof fields.bumpProductId.initialValue === "string" ? fields.bumpProductId.initialValue : (row.bumpProductId ?? "")
                }
                className={inputClass()}
              >
                <option value="">None</option>
                {others.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            )}
          </ArticleField>
          <button type="submit" className={buttonClass({ size: "sm" })}>
            Save
          </button>
        </Form>
      </Panel>

      <ProductSaleForm
        version={row.version}
        priceCents={row.priceCents}
        onSale={row.status === "on_sale"}
        current={sale}
        last={actionData}
      />

      <ProductFilesPanel productId={row.id} productName={row.name} files={loaderData.files} />

      <Panel title="Price history" id="prices-heading">
        <p className="mt-2 max-w-3xl text-slate-700">
          Every price it was on sale at, with the dates. A “normally” price shows beside it only when this history makes it true (16 CFR
          233.1): the current price started within the last {FORMER_PRICE_RECENT_DAYS} days, and the higher price before it was charged on
          at least {FORMER_PRICE_MIN_DAYS} of the {FORMER_PRICE_RECENT_DAYS} days before that.{" "}
          <strong>
            {"shown" in formerPrice
              ? `Shown now: normally ${formatCents(formerPrice.shown.priceCents)}.`
              : `Not shown: ${formerPrice.problem}.`}
          </strong>
        </p>
        {history.length === 0 ? (
          <p className="mt-3 text-slate-700">Never on sale yet.</p>
        ) : (
          <DataTable label="Price history" narrow columns={["Price", "From", "Until"]}>
            {history.map((h) => (
              <tr key={h.from.toString()}>
                <th scope="row" className={rowHead}>
                  {formatCents(h.priceCents)}
                </th>
                <td className={td}>{formatWhen(h.from, zone)}</td>
                <td className={td}>
                  {h.until ? formatWhen(h.until, zone) : new Date(h.from).getTime() > loaderData.now ? "no end set" : "now"}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <PictureUploadForms />
    </>
  );
}
