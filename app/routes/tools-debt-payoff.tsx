import { data } from "react-router";
import type { Route } from "./+types/tools-debt-payoff";
import { LineChart } from "~/components/tools/line-chart";
import { singleFields, ToolField } from "~/components/tools/tool-field";
import { AddRowButton, ResultHeader, ResultPlaceholder, Stat, ToolForm, ToolPage, ResultTable } from "~/components/tools/tool-page";
import { toolMeta } from "~/lib/tools/meta";
import { toolPath } from "~/lib/tools/catalog";
import {
  DEBT_FIELDS,
  type DebtPayoffResult,
  type DebtPayoffValues,
  type FormDebt,
  formatYearMonth,
  MAX_DEBTS,
  type Plan,
  yearMonthKey,
} from "~/lib/tools/debt-payoff";
import { computeDebtPayoffPage } from "~/server/tools/debt-payoff.server";
import { formatMoney } from "~/lib/tools/money";
import { page } from "~/lib/page-policy";

/** Plain HTML in the browser: the page script refreshes the result as the visitor types. */
export const handle = page({ hydrate: false, sitemap: true });

export function loader({ request }: Route.LoaderArgs) {
  const page = computeDebtPayoffPage(new URL(request.url).searchParams, new Date());
  return data(page, { status: page.status });
}

export const meta: Route.MetaFunction = toolMeta("debt-payoff");

export default function DebtPayoffTool({ loaderData: page }: Route.ComponentProps) {
  const { tool, articleTitle, values, errors, result, debts, start, rowCount, focusRow } = page;
  return (
    <ToolPage
      tool={tool}
      articleTitle={articleTitle}
      intro={
        <p>
          List your debts and what you can pay each month. See the <strong>debt snowball</strong> (smallest balance first) and the{" "}
          <strong>debt avalanche</strong> (highest interest rate first) side by side.
        </p>
      }
      status={result ? statusLine(result) : ""}
      form={
        <ToolForm tool={tool} errors={errors}>
          {Array.from({ length: rowCount }, (_, i) => (
            <DebtRow key={i} index={i} values={values.rows[i]} errors={errors} focusOnLoad={i === focusRow} />
          ))}
          <AddRowButton tool={tool} rowCount={rowCount} max={MAX_DEBTS} rowId={(i) => `debt-${i}`} label="Add another debt" />
          <ToolField
            {...singleFields({ extra: values.extra }, errors)("extra")}
            label="Extra monthly payment"
            prefix="$"
            hint="On top of the minimums, every month. Blank means $0."
          />
          <ToolField
            id="start"
            name="start"
            type="month"
            label="Month of your first payment"
            value={values.start || yearMonthKey(start)}
            error={errors.start}
          />
        </ToolForm>
      }
      result={
        result && debts ? (
          <DebtResult result={result} debts={debts} query={page.query} />
        ) : (
          <ResultPlaceholder invalid={Object.keys(errors).length > 0} />
        )
      }
      explanation={
        <>
          <p>
            Each month, every debt is charged interest on its balance at the start of the month (the APR divided by 12), then gets its
            minimum payment. Everything else you pay that month (your extra payment, plus the minimums of debts already paid off) goes to
            one target debt until it is gone, then to the next.
          </p>
          <p>
            The <strong>snowball</strong> targets the smallest balance first; the <strong>avalanche</strong> targets the highest interest
            rate first. Ties go to the debt listed first. Real card interest is usually charged on the daily balance, and minimums change as
            balances fall, so your statements will differ a little. The toolkit's debt payoff spreadsheet uses the same rules and gives the
            same numbers.
          </p>
        </>
      }
    />
  );
}

function DebtRow({
  index,
  values,
  errors,
  focusOnLoad,
}: {
  index: number;
  values?: DebtPayoffValues["rows"][number];
  errors: Record<string, string>;
  focusOnLoad: boolean;
}) {
  const id = (field: (typeof DEBT_FIELDS)[number]) => `debt-${index}-${field}`;
  const field = (name: (typeof DEBT_FIELDS)[number]) => ({
    id: id(name),
    name,
    value: values?.[name] ?? "",
    error: errors[`${name}.${index}`],
  });
  return (
    <fieldset id={`debt-${index}`} className="rounded-xl border border-slate-200 p-4">
      <legend className="px-1 font-bold text-slate-900">Debt {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <ToolField {...field("name")} label="Debt name" kind="text" focusOnLoad={focusOnLoad} />
        </div>
        <ToolField {...field("balance")} label="Balance" prefix="$" />
        <ToolField {...field("apr")} label="Interest rate (APR %)" suffix="%" />
        <ToolField {...field("minimum")} label="Minimum payment" prefix="$" />
      </div>
    </fieldset>
  );
}

function statusLine(result: DebtPayoffResult): string {
  const plan = (p: Plan) => (p.months === null ? "not paid off within 30 years" : `debt-free in ${p.months} months`);
  return `Snowball: ${plan(result.snowball)}. Avalanche: ${plan(result.avalanche)}.`;
}

function months(n: number) {
  return `${n} month${n === 1 ? "" : "s"}`;
}

function difference(result: DebtPayoffResult): string {
  const saved = result.interestDifference;
  const faster = result.monthsDifference;
  if (saved === 0 && (faster ?? 0) === 0) return "In your case both methods cost the same interest and take the same time.";
  const cheaper = saved > 0 ? "avalanche" : "snowball";
  const time =
    faster === null || faster === 0
      ? ""
      : ` and finishes ${months(Math.abs(faster))} ${faster > 0 === (cheaper === "avalanche") ? "sooner" : "later"}`;
  return `The ${cheaper} saves ${formatMoney(Math.abs(saved))} in interest${time}.`;
}

/** Points for the chart and its table: every month up to 3 years, then every 6th month and the last. */
function samples(result: DebtPayoffResult): number[] {
  const length = Math.max(result.snowball.schedule.length, result.avalanche.schedule.length);
  const every = length <= 36 ? 1 : 6;
  const points = [0];
  for (let m = every; m < length; m += every) points.push(m);
  if (points.at(-1) !== length) points.push(length);
  return points;
}

function balanceAt(plan: Plan, month: number, start: number): number {
  if (month === 0) return start;
  return plan.schedule[Math.min(month, plan.schedule.length) - 1]?.totalBalance ?? 0;
}

function DebtResult({ result, debts, query }: { result: DebtPayoffResult; debts: FormDebt[]; query: string }) {
  const startBalance = debts.reduce((s, d) => s + d.balance, 0);
  const points = samples(result);
  const first = result.snowball.schedule[0]!.date;
  const label = (m: number) =>
    m === 0 ? "Now" : formatYearMonth(result.snowball.schedule[Math.min(m, result.snowball.schedule.length) - 1]?.date ?? first);
  const plans = [result.snowball, result.avalanche];
  return (
    <div className="space-y-6">
      <ResultHeader />
      <p className="text-slate-700">
        Paying {formatMoney(result.monthlyTotal)} a month, starting {formatYearMonth(first)}. <strong>{difference(result)}</strong>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {plans.map((plan) => (
          <section
            key={plan.strategy}
            aria-labelledby={`${plan.strategy}-heading`}
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
          >
            <h3 id={`${plan.strategy}-heading`} className="text-lg font-bold text-slate-900">
              {plan.strategy === "snowball" ? "Debt snowball" : "Debt avalanche"}
            </h3>
            <p className="text-sm text-slate-600">
              {plan.strategy === "snowball" ? "Smallest balance first" : "Highest interest rate first"}
            </p>
            <dl className="mt-4 space-y-3">
              <Stat
                label="Debt-free in"
                value={plan.months === null ? "More than 30 years" : months(plan.months)}
                detail={
                  plan.debtFreeMonth ? formatYearMonth(plan.debtFreeMonth) : "At these payments the debts are not paid off within 30 years."
                }
              />
              <Stat
                label="Total interest"
                value={formatMoney(plan.totalInterest)}
                detail={plan.months === null ? "Over the first 30 years" : undefined}
              />
              <Stat label="Total paid" value={formatMoney(plan.totalPaid)} />
            </dl>
            <h4 className="mt-4 text-sm font-bold text-slate-900">Order and payoff month</h4>
            <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-700">
              {plan.order.map((i) => {
                const paid = plan.paidOffMonth[i];
                return (
                  <li key={i}>
                    {debts[i]!.name}:{" "}
                    {paid === null || paid === undefined
                      ? "not within 30 years"
                      : `paid off in month ${paid} (${formatYearMonth(plan.schedule[paid - 1]!.date)})`}
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </div>
      <LineChart
        title="Total balance left, month by month"
        description={`Snowball: debt-free ${result.snowball.months === null ? "not within 30 years" : `after ${months(result.snowball.months)}`}. Avalanche: ${result.avalanche.months === null ? "not within 30 years" : `after ${months(result.avalanche.months)}`}. The same numbers are in the table below.`}
        labels={points.map(label)}
        series={[
          { name: "Snowball", values: points.map((m) => balanceAt(result.snowball, m, startBalance)) },
          { name: "Avalanche", values: points.map((m) => balanceAt(result.avalanche, m, startBalance)), dashed: true },
        ]}
        format={(v) => formatMoney(v, { trimCents: true })}
      />
      <ResultTable
        caption={`Total balance left${points.length > 2 && points[1] !== 1 ? " (every 6 months)" : ", by month"}`}
        columns={[{ label: "Month" }, { label: "Snowball", numeric: true }, { label: "Avalanche", numeric: true }]}
        className="max-h-96 print:max-h-none print:overflow-visible"
      >
        {points.map((m) => (
          <tr key={m} className="border-t border-slate-100">
            <th scope="row" className="px-3 py-1.5 font-normal">
              {label(m)}
            </th>
            <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(balanceAt(result.snowball, m, startBalance))}</td>
            <td className="px-3 py-1.5 text-right tabular-nums">{formatMoney(balanceAt(result.avalanche, m, startBalance))}</td>
          </tr>
        ))}
      </ResultTable>
      <p className="print:hidden">
        <a
          href={`${toolPath("debt-payoff")}/schedule.csv?${query}`}
          download
          className="font-bold text-brand-800 underline underline-offset-2"
        >
          Download the month-by-month schedule (CSV)
        </a>
      </p>
    </div>
  );
}
