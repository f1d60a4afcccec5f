import { data } from "react-router";
import type { Route } from "./+types/tools-budget";
import { singleFields, ToolField } from "~/components/tools/tool-field";
import { ResultHeader, ResultPlaceholder, ToolForm, ToolPage, ResultTable } from "~/components/tools/tool-page";
import { toolMeta } from "~/lib/tools/meta";
import { BUDGET_FIELDS, BUDGET_GROUPS, type BudgetGroupResult, type BudgetResult, computeBudget, parseBudget } from "~/lib/tools/budget";
import { formatMoney } from "~/lib/tools/money";
import { toolPage } from "~/server/tools/tools.server";
import { page } from "~/lib/page-policy";

/** Plain HTML in the browser: the page script refreshes the result as the visitor types. */
export const handle = page({ hydrate: false, sitemap: true });

export function loader({ request }: Route.LoaderArgs) {
  const page = toolPage("budget", new URL(request.url).searchParams, { fields: BUDGET_FIELDS, parse: parseBudget, compute: computeBudget });
  return data(page, { status: page.status });
}

export const meta: Route.MetaFunction = toolMeta("budget");

export default function BudgetTool({ loaderData: page }: Route.ComponentProps) {
  const { tool, articleTitle, values, errors, result } = page;
  const field = singleFields(values, errors);
  return (
    <ToolPage
      tool={tool}
      articleTitle={articleTitle}
      intro={
        <p>
          Enter your monthly take-home pay to see the 50/30/20 split. Add what you spend in each category, if you like, to see how it
          compares.
        </p>
      }
      status={
        result
          ? `Needs ${formatMoney(result.groups[0]!.target)}, wants ${formatMoney(result.groups[1]!.target)}, savings ${formatMoney(result.groups[2]!.target)}.`
          : ""
      }
      form={
        <ToolForm tool={tool} errors={errors}>
          <ToolField
            {...field("pay")}
            label="Monthly take-home pay"
            prefix="$"
            hint="What reaches your account after taxes and deductions."
          />
          <fieldset className="rounded-xl border border-slate-200 p-4">
            <legend className="px-1 font-bold text-slate-900">Your split (percent of pay)</legend>
            <div className="grid grid-cols-3 gap-3">
              {BUDGET_GROUPS.map((g) => (
                <ToolField
                  key={g.key}
                  id={g.percentKey}
                  name={g.percentKey}
                  label={`${g.key === "savings" ? "Savings" : g.label} (%)`}
                  suffix="%"
                  value={values[g.percentKey] || String(g.defaultPercent)}
                  error={errors[g.percentKey]}
                />
              ))}
            </div>
          </fieldset>
          {BUDGET_GROUPS.map((g) => (
            <fieldset key={g.key} className="rounded-xl border border-slate-200 p-4">
              <legend className="px-1 font-bold text-slate-900">{g.label}: what you spend a month (optional)</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {g.categories.map((c) => (
                  <ToolField key={c.key} {...field(c.key)} label={c.label} prefix="$" />
                ))}
              </div>
            </fieldset>
          ))}
        </ToolForm>
      }
      result={result ? <BudgetResultView result={result} /> : <ResultPlaceholder invalid={Object.keys(errors).length > 0} />}
      explanation={
        <>
          <p>
            The 50/30/20 guideline puts about 50% of take-home pay toward needs (housing, utilities, groceries, transportation, insurance,
            minimum debt payments), 30% toward wants, and 20% toward savings and paying off debt faster. It's a starting point, not a rule:
            if rent alone takes half your pay, change the split to fit your life.
          </p>
          <p>
            Each target is your pay times its percentage. Your spending in each group is the sum of the amounts you entered; a group you
            left blank is not compared.
          </p>
        </>
      }
    />
  );
}

function comparison(g: BudgetGroupResult): string {
  if (!g.given) return "Not entered";
  const amount = formatMoney(Math.abs(g.difference));
  if (g.status === "on target") return "On target";
  if (g.key === "savings") return g.status === "over" ? `${amount} more than the target` : `${amount} short of the target`;
  return g.status === "over" ? `Over by ${amount}` : `Under by ${amount}`;
}

function BudgetResultView({ result }: { result: BudgetResult }) {
  return (
    <div className="space-y-6">
      <ResultHeader />
      <ResultTable
        caption={`Your ${result.groups.map((g) => g.percent).join("/")} split of ${formatMoney(result.pay)}`}
        columns={[
          { label: "Group" },
          { label: "Target", numeric: true },
          { label: "You spend", numeric: true },
          { label: "Compared", numeric: true },
        ]}
      >
        {result.groups.map((g) => (
          <tr key={g.key} className="border-t border-slate-100">
            <th scope="row" className="px-3 py-2 font-normal">
              {g.label} ({g.percent}%)
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(g.target)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{g.given ? formatMoney(g.actual) : "–"}</td>
            <td className="px-3 py-2 text-right">{comparison(g)}</td>
          </tr>
        ))}
      </ResultTable>
      {result.spendingGiven && (
        <p className="rounded-2xl border border-slate-200 bg-white p-5 text-slate-800 shadow-sm">
          Everything you entered adds up to <strong>{formatMoney(result.totalSpending)}</strong> of your {formatMoney(result.pay)}:{" "}
          {result.status === "left over" && (
            <>
              <strong>{formatMoney(result.leftOver)} left over</strong> to give a job, like savings or extra debt payments.
            </>
          )}
          {result.status === "overspent" && (
            <>
              <strong>{formatMoney(-result.leftOver)} more than you take home</strong>. Look first at the biggest wants and at bills you
              could lower.
            </>
          )}
          {result.status === "even" && <strong>every dollar has a job.</strong>}
        </p>
      )}
    </div>
  );
}
