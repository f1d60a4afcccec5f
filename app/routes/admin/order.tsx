import { Fragment } from "react";
import { data, Link } from "react-router";
import { idOr404 } from "~/lib/route-id";
import type { Route } from "./+types/order";
import { AdminHeading, formatWhen, Notice, Panel, StatusBadge, DataTable, num, rowHead, td, useTimeZone } from "~/components/admin-ui";
import { buttonClass } from "~/components/ui/button";
import { ORDER_ACTIONS, OrderActionSchema, type OrderAction } from "~/lib/admin-forms";
import { formatCents } from "~/lib/site";
import { parseSubmission } from "~/server/forms/submission.server";
import { seo } from "~/lib/seo";
import { orderDetail, refundFromDashboard, resendReceipt, resetDownloads } from "~/server/admin/orders.server";
import { requireOwner } from "~/server/admin/owner-session.server";
import { appConfig } from "~/server/config.server";

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  seo(matches, { title: d?.order ? `Order ${d.order.number}` : "Order", description: "One order.", path: "/admin/orders", noindex: true });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireOwner(appConfig(context).owner, request);
  const order = await orderDetail(idOr404(params.id));
  if (!order) throw data(null, { status: 404 });
  const confirm = new URL(request.url).searchParams.get("confirm");
  return { order, confirm: (ORDER_ACTIONS as readonly string[]).includes(confirm ?? "") ? (confirm as OrderAction) : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireOwner(appConfig(context).owner, request);
  const id = idOr404(params.id);
  const submission = await parseSubmission(request, OrderActionSchema);
  if (!submission.ok) return data({ ok: false, message: "Choose an action and confirm it." }, { status: 400 });
  const { payments } = appConfig(context);
  const run = { resend: resendReceipt, reset: resetDownloads, refund: (order: number) => refundFromDashboard(payments, order) }[
    submission.value.intent
  ];
  const outcome = await run(id);
  return data(outcome, { status: outcome.ok ? 200 : 409 });
}

const ACTIONS: Record<OrderAction, { label: string; question: string; consequence: string }> = {
  resend: {
    label: "Resend the receipt",
    question: "Send the receipt again?",
    consequence: "The buyer gets a new receipt with a fresh link to their order page.",
  },
  reset: {
    label: "Reset the download count",
    question: "Reset the download count?",
    consequence: "Every file's count goes back to zero, so the buyer is under the download limit again.",
  },
  refund: {
    label: "Refund the order",
    question: "Refund this order?",
    consequence:
      "The payment provider returns the money, access to the files ends and the buyer gets the refund e-mail. This cannot be undone.",
  },
};

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useTimeZone();
  const { order, confirm } = loaderData;
  const available: OrderAction[] = order.status === "paid" ? ["resend", "reset", "refund"] : ["reset"];
  const pending = confirm && available.includes(confirm) && !actionData ? ACTIONS[confirm] : null;
  return (
    <>
      <AdminHeading title={`Order ${order.number}`}>
        <Link to="/admin/orders" className="font-bold text-brand-800 underline underline-offset-2">
          All orders
        </Link>
      </AdminHeading>
      {actionData ? <Notice ok={actionData.ok}>{actionData.message}</Notice> : null}
      <Panel>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-bold text-slate-700">Status</dt>
            <dd>
              <StatusBadge status={order.status} />
            </dd>
          </div>
          <div>
            <dt className="text-sm font-bold text-slate-700">Amount</dt>
            <dd className="text-slate-900">
              {formatCents(order.amountCents)} ({order.items.join(" + ")})
            </dd>
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
        </dl>
      </Panel>

      {pending && confirm ? (
        <Panel title={pending.question} id="confirm-heading">
          <p className="mt-2 text-slate-700">{pending.consequence}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <form method="post">
              <input type="hidden" name="intent" value={confirm} />
              <input type="hidden" name="confirmed" value="yes" />
              <button type="submit" className={buttonClass({ className: confirm === "refund" ? "bg-red-700 hover:bg-red-800" : "" })}>
                Yes, {pending.label.toLowerCase()}
              </button>
            </form>
            <Link to={`/admin/orders/${order.id}`} className={buttonClass({ variant: "outline" })}>
              Cancel
            </Link>
          </div>
        </Panel>
      ) : (
        <div className="mt-6 flex flex-wrap gap-3">
          {available.map((a) => (
            <Link key={a} to={`/admin/orders/${order.id}?confirm=${a}`} className={buttonClass({ variant: "outline" })}>
              {ACTIONS[a].label}
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
