import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Fragment } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { idOr404 } from "~/lib/route-id";
import type { Route } from "./+types/order-detail";
import { productsOf } from "~/server/content/site-content.server";
import { AdminHeading, formatWhen, Notice, Panel, StatusBadge, DataTable, num, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { useDashboardForm } from "~/components/dashboard-form";
import { buttonClass } from "~/components/ui/button";
import {
  ORDER_ACTION_REFUSED,
  ORDER_ACTIONS,
  OrderActionSchema,
  RefundTargetSchema,
  type OrderAction,
  type RefundTarget,
} from "~/lib/forms/dashboard";
import { formatCents } from "~/lib/site";
import { seo } from "~/lib/seo";
import { orderDetail, runOrderPost, type OrderDetail } from "~/server/admin/order-admin.server";
import { dashboardAction, dashboardLoader } from "~/server/admin/dashboard-route.server";
import { businessTimeZone } from "~/server/dates.server";

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  seo(matches, { title: d?.order ? `Order ${d.order.number}` : "Order", description: "One order.", path: "/admin/orders" });

export const loader = dashboardLoader(async ({ request, params, context }: Route.LoaderArgs) => {
  const order = await orderDetail(idOr404(params.id), productsOf(context));
  if (!order) throw data(null, { status: 404 });
  const query = new URL(request.url).searchParams;
  const confirm = query.get("confirm");
  const product = query.get("product");
  return {
    order,
    confirm: (ORDER_ACTIONS as readonly string[]).includes(confirm ?? "") ? (confirm as OrderAction) : null,
    product: RefundTargetSchema.safeParse(product).success ? (product as RefundTarget) : "all",
  };
});

/**
 * The confirmation panel's button posts here: parsed by the page's one schema, done by one server
 * function per intent, then a redirect to the order (a reload never posts again, and the
 * confirmation is gone) with what was done said there once. A refusal answers the form, changing
 * nothing.
 */
export const action = dashboardAction({
  schema: OrderActionSchema,
  form: (payload) => (typeof payload.intent === "string" ? payload.intent : ""),
  invalid: ORDER_ACTION_REFUSED,
  run: async (value, { params, context }: Route.ActionArgs, { payments }) => {
    const id = idOr404(params.id);
    const outcome = await runOrderPost(payments, id, value, businessTimeZone(context));
    if (!outcome.ok) return { refused: outcome.message, status: 409 };
    return { done: outcome.message, to: `/admin/orders/${id}` };
  },
});

type Choice = { action: OrderAction; product: RefundTarget; label: string; question: string; consequence: string };

const RESEND: Choice = {
  action: "resend",
  product: "all",
  label: "Resend the receipt",
  question: "Send the receipt again?",
  consequence: "The buyer gets a new receipt with a fresh link to their order page.",
};
const RESET: Choice = {
  action: "reset",
  product: "all",
  label: "Reset the download count",
  question: "Reset the download count?",
  consequence: "Every file's count goes back to zero, so the buyer is under the download limit again.",
};
const FINAL = "The payment provider returns the money and the buyer gets the refund e-mail. This cannot be undone.";

/** The refunds a paid order offers: each product still paid for alone, and the whole of what is left when that is more than one. */
function refundChoices(order: OrderDetail): Choice[] {
  const left = order.lines.filter((l) => !l.refunded);
  const rest = left.reduce((n, l) => n + l.amountCents, 0);
  const whole: Choice = {
    action: "refund",
    product: "all",
    label: left.length === order.lines.length ? `Refund the order (${formatCents(rest)})` : `Refund the rest (${formatCents(rest)})`,
    question: left.length === order.lines.length ? "Refund this order?" : "Refund the rest of this order?",
    consequence: `${formatCents(rest)} goes back and access to the files ends. ${FINAL}`,
  };
  if (left.length < 2) return [whole];
  return [
    ...left.map((l): Choice => {
      const kept = left.filter((k) => k !== l).map((k) => k.name);
      return {
        action: "refund",
        product: l.productId as RefundTarget,
        label: `Refund the ${l.name} only (${formatCents(l.amountCents)})`,
        question: `Refund the ${l.name} only?`,
        consequence: `${formatCents(l.amountCents)} goes back and access to the ${l.name}'s files ends; the ${kept.join(" and ")} stays downloadable. ${FINAL}`,
      };
    }),
    whole,
  ];
}

const href = (id: number, c: Choice) => `/admin/orders/${id}?confirm=${c.action}${c.action === "refund" ? `&product=${c.product}` : ""}`;

/** The question, its consequence and the one button that does it (checked by the page's schema, as the server does). */
function ConfirmPanel({ orderId, pending, last }: { orderId: number; pending: Choice; last: SubmissionResult<string[]> | undefined }) {
  const [form] = useDashboardForm(`order-${orderId}-${pending.action}-${pending.product}`, OrderActionSchema, last);
  // A refund cannot be pressed twice while the first is on its way.
  const busy = useNavigation().state === "submitting";
  const label = pending.label.charAt(0).toLowerCase() + pending.label.slice(1);
  return (
    <Panel title={pending.question} id="confirm-heading">
      <p className="mt-2 text-slate-700">{pending.consequence}</p>
      {form.errors?.length ? <Notice ok={false}>{form.errors.join(" ")}</Notice> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={pending.action} />
          {pending.action === "refund" ? <input type="hidden" name="product" value={pending.product} /> : null}
          <input type="hidden" name="confirmed" value="yes" />
          <button
            type="submit"
            disabled={busy}
            className={buttonClass({ className: pending.action === "refund" ? "bg-red-700 hover:bg-red-800" : "" })}
          >
            Yes, {label}
          </button>
        </Form>
        <Link to={`/admin/orders/${orderId}`} className={buttonClass({ variant: "outline" })}>
          Cancel
        </Link>
      </div>
    </Panel>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const { order, confirm, product } = loaderData;
  const available: Choice[] = order.status === "paid" ? [RESEND, RESET, ...refundChoices(order)] : [RESET];
  const pending = available.find((c) => c.action === confirm && (c.action !== "refund" || c.product === product));
  // A refusal whose question is gone (the product was refunded meanwhile) is said above the order.
  const refusal = pending ? undefined : actionData?.result.error?.[""];
  return (
    <>
      <AdminHeading title={`Order ${order.number}`}>
        <Link to="/admin/orders" className="font-bold text-brand-800 underline underline-offset-2">
          All orders
        </Link>
      </AdminHeading>
      {refusal?.length ? <Notice ok={false}>{refusal.join(" ")}</Notice> : null}
      {order.unmatchedCents > 0 ? (
        <Notice ok={false}>
          {formatCents(order.unmatchedCents)} was refunded at the payment provider without matching a product of this order, so no access
          changed. Check the refund there; it is counted in the figures.
        </Notice>
      ) : null}
      <Panel>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-bold text-slate-700">Status</dt>
            <dd>
              <StatusBadge status={order.statusLabel} />
            </dd>
          </div>
          <div>
            <dt className="text-sm font-bold text-slate-700">Amount</dt>
            <dd className="text-slate-900">
              {formatCents(order.netCents)}
              {order.refundedCents > 0 ? ` (${formatCents(order.amountCents)} paid, ${formatCents(order.refundedCents)} refunded)` : null}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-sm font-bold text-slate-700">Products</dt>
            {order.lines.map((l) => (
              <dd key={l.productId} className="text-slate-900" data-product={l.productId}>
                {l.name}, {formatCents(l.amountCents)}
                {l.fullCents !== null ? ` (${formatCents(l.fullCents)} before the code)` : null}
                {l.refunded ? (
                  <>
                    {" "}
                    <StatusBadge status="refunded" />
                  </>
                ) : null}
              </dd>
            ))}
          </div>
          <div>
            <dt className="text-sm font-bold text-slate-700">E-mail</dt>
            <dd className="break-all text-slate-900">{order.email ?? "-"}</dd>
          </div>
          <div>
            <dt className="text-sm font-bold text-slate-700">Paid</dt>
            <dd className="text-slate-900">{formatWhen(order.paidAt, zone)}</dd>
          </div>
          <div>
            <dt className="text-sm font-bold text-slate-700">Payment</dt>
            <dd className="text-slate-900">{order.provider === "test" ? "Test provider" : "Stripe"}</dd>
          </div>
          <div>
            <dt className="text-sm font-bold text-slate-700">From article</dt>
            <dd className="text-slate-900">{order.sourceArticle ?? "-"}</dd>
          </div>
          <div>
            <dt className="text-sm font-bold text-slate-700">Promotion code</dt>
            <dd className="text-slate-900" data-testid="order-code">
              {order.promotionCode ? `${order.promotionCode} (${formatCents(order.discountCents)} off)` : "-"}
            </dd>
          </div>
        </dl>
      </Panel>

      {pending ? (
        <ConfirmPanel key={`${pending.action}-${pending.product}`} orderId={order.id} pending={pending} last={actionData?.result} />
      ) : (
        <div className="mt-6 flex flex-wrap gap-3">
          {available.map((c) => (
            <Link key={`${c.action}-${c.product}`} to={href(order.id, c)} className={buttonClass({ variant: "outline" })}>
              {c.label}
            </Link>
          ))}
        </div>
      )}

      <Panel title="Downloads" id="downloads-heading">
        {order.status !== "paid" ? (
          <p className="mt-2 text-slate-700">
            {order.status === "pending" || order.status === "failed"
              ? `Not paid (${order.status}): no access to the files.`
              : `Access to the files has ended: the order is ${order.status}.`}
          </p>
        ) : null}
        {order.files.length === 0 ? null : (
          <DataTable narrow label="Downloads per file" columns={["File", { label: "Downloads", numeric: true }]}>
            {order.files.map((f, i) => (
              <Fragment key={f.fileId}>
                {f.productName !== order.files[i - 1]?.productName ? (
                  <tr>
                    <th scope="colgroup" colSpan={2} className={`${td} bg-slate-50 font-bold text-slate-900`}>
                      {f.productName}
                    </th>
                  </tr>
                ) : null}
                <tr>
                  <th scope="row" className={`${rowHead} font-normal`}>
                    {f.name}
                  </th>
                  <td className={num}>{f.downloads}</td>
                </tr>
              </Fragment>
            ))}
          </DataTable>
        )}
      </Panel>

      <Panel title="E-mails" id="emails-heading">
        {order.emails.length === 0 ? (
          <p className="mt-2 text-slate-700">None.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {order.emails.map((e, i) => (
              <li key={i}>
                {e.kind}: <StatusBadge status={e.status} /> {formatWhen(e.sentAt ?? e.createdAt, zone)}
                {e.lastError ? ` (${e.lastError})` : ""}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Audit log" id="audit-heading">
        {order.audit.length === 0 ? (
          <p className="mt-2 text-slate-700">No actions yet.</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm text-slate-800">
            {order.audit.map((a) => (
              <li key={a.id}>
                {formatWhen(a.createdAt, zone)}: {a.action} ({a.detail})
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
