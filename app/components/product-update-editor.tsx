/**
 * The e-mail to a product's buyers on /admin/updates (decision 071): the draft's form (the
 * product, then a broadcast's subject, preview line and Markdown body), the test send, the HTML and
 * text previews, and the confirmation that names the product and the count before anything goes.
 * Each form is checked as the owner types by the page's one schema (ProductUpdateActionSchema,
 * Conform) and again by the server.
 */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "react-router";
import { Panel } from "~/components/admin-ui";
import { FieldMessage, fieldAria, useDashboardForm } from "~/components/dashboard-form";
import { FormRefusal } from "~/components/dashboard-post";
import { ListMessageFields, TestAndPreview, TextVersion } from "~/components/list-message-editor";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/input";
import { labelClass } from "~/components/ui/label";
import { PRODUCT_UPDATE_LIMITS, ProductUpdateActionSchema } from "~/lib/forms/product-update";

/** What the editor shows of a saved draft (or nothing, for a new one). */
export type EditedUpdate = { id: number; version: number; productId: string; subject: string; preview: string; body: string };

export type UpdateProduct = { id: string; name: string; buyers: number };

type Last = { form: string; result: SubmissionResult<string[]> } | undefined;

const lastFor = (last: Last, form: string) => (last?.form === form ? last.result : undefined);

const buyersText = (n: number) => (n === 1 ? "1 buyer" : `${n} buyers`);

function DraftForm({ editing, products, last }: { editing: EditedUpdate | undefined; products: UpdateProduct[]; last: Last }) {
  const [form, fields] = useDashboardForm(
    `update-${editing?.id ?? "new"}-${editing?.version ?? 0}`,
    ProductUpdateActionSchema,
    lastFor(last, "save"),
  );
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4">
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="id" value={editing?.id ?? 0} />
      <input type="hidden" name="version" value={editing?.version ?? 0} />
      <FormRefusal errors={form.errors} />
      <div>
        <label htmlFor={fields.productId.id} className={labelClass()}>
          Product (its buyers get the e-mail, unless refunded for it)
        </label>
        <select
          id={fields.productId.id}
          name="productId"
          required
          defaultValue={editing?.productId ?? ""}
          {...fieldAria(fields.productId)}
          className={inputClass()}
        >
          <option value="" disabled>
            Choose a product
          </option>
          {products.map((p) => (
            <option key={p.id} value={p.id}>
              {`${p.name} (${buyersText(p.buyers)} now)`}
            </option>
          ))}
        </select>
        <FieldMessage state={fields.productId} />
      </div>
      <ListMessageFields
        idPrefix="pu"
        subject={editing?.subject}
        preview={editing?.preview}
        body={editing?.body}
        limits={PRODUCT_UPDATE_LIMITS}
        states={{ subject: fields.subject, preview: fields.preview, body: fields.body }}
      />
      <div>
        <button type="submit" className={buttonClass({ size: "sm" })}>
          Save draft
        </button>
      </div>
    </Form>
  );
}

/** The saved draft, ready to go: the question that names the product and the count, and the one button that sends. */
export function ConfirmSend({ update, product, last }: { update: EditedUpdate & { subject: string }; product: UpdateProduct; last: Last }) {
  const [form] = useDashboardForm(`update-send-${update.id}-${update.version}`, ProductUpdateActionSchema, lastFor(last, "send"));
  const busy = useNavigation().state === "submitting";
  const who = buyersText(product.buyers);
  return (
    <Panel title={`Send “${update.subject}” to ${who} of the ${product.name}?`} id="confirm-heading">
      <p className="mt-2 text-slate-700">
        Each buyer of the {product.name} who was not refunded for it gets it once, with a link to their own order page and a one-click stop
        for product updates. Addresses that bounced, complained or that you suppressed are left out. This cannot be undone once it has gone.
      </p>
      <FormRefusal errors={form.errors} />
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="id" value={update.id} />
          <input type="hidden" name="version" value={update.version} />
          <input type="hidden" name="recipients" value={product.buyers} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" disabled={busy} className={buttonClass()}>
            Yes, send to {who}
          </button>
        </Form>
        <Link to={`/admin/updates?edit=${update.id}`} className={buttonClass({ variant: "outline" })}>
          Not yet
        </Link>
      </div>
    </Panel>
  );
}

export function ProductUpdateEditor(props: {
  editing: EditedUpdate | undefined;
  products: UpdateProduct[];
  previewText: string | undefined;
  last: Last;
}) {
  const u = props.editing;
  const product = u && props.products.find((p) => p.id === u.productId);
  const testError = lastFor(props.last, "test")?.error?.[""];
  return (
    <Panel title={u ? `Update ${u.id}: draft` : "New update to buyers"} id="edit-heading">
      <DraftForm editing={u} products={props.products} last={props.last} />
      {u ? (
        <>
          <TestAndPreview id={u.id} what="update" previewHref={`/admin/updates/${u.id}/preview`} refusal={testError ?? undefined} />
          <div className="mt-4 rounded-xl border border-slate-200 p-4">
            {product && product.buyers > 0 ? (
              <>
                <p className="text-slate-800" data-testid="recipients">
                  As saved, it would go to <strong>{buyersText(product.buyers)}</strong> of the {product.name} now.
                </p>
                <Link to={`/admin/updates?edit=${u.id}&confirm`} className={buttonClass({ size: "sm", className: "mt-3" })}>
                  Send the saved update…
                </Link>
              </>
            ) : (
              <p className="text-slate-800" data-testid="recipients">
                Nobody would get it now: no buyer of the {product?.name ?? "product"} can be e-mailed.
              </p>
            )}
          </div>
          <TextVersion text={props.previewText} testId="update-preview-text" />
        </>
      ) : null}
    </Panel>
  );
}
