import { data } from "react-router";
import type { Route } from "./+types/tools-credit-utilization";
import { SourceLink } from "~/components/source-link";
import { ToolField } from "~/components/tools/tool-field";
import { AddRowButton, ResultHeader, ResultPlaceholder, ToolForm, ToolPage, ResultTable } from "~/components/tools/tool-page";
import { toolMeta } from "~/lib/tools/meta";
import {
  CARD_FIELDS,
  computeUtilization,
  MAX_CARDS,
  parseUtilization,
  type Utilization,
  type UtilizationResult,
} from "~/lib/tools/credit-utilization";
import { formatMoney, formatPercent } from "~/lib/tools/money";
import { toolPage } from "~/server/tools/tools.server";
import { page } from "~/lib/page-policy";

/** Plain HTML in the browser: the page script refreshes the result as the visitor types. */
export const handle = page({ hydrate: false, sitemap: true });

const DEFAULT_ROWS = 2;

export function loader({ request }: Route.LoaderArgs) {
  const page = toolPage("credit-utilization", new URL(request.url).searchParams, {
    fields: CARD_FIELDS,
    parse: parseUtilization,
    compute: computeUtilization,
  });
  const rowCount = Math.min(MAX_CARDS, Math.max(DEFAULT_ROWS, page.values.rows.length, page.requestedRows));
  return data({ ...page, rowCount }, { status: page.status });
}

export const meta: Route.MetaFunction = toolMeta("credit-utilization");

export default function CreditUtilizationTool({ loaderData: page }: Route.ComponentProps) {
  const { tool, articleTitle, values, errors, result, rowCount, requestedRows } = page;
  return (
    <ToolPage
      tool={tool}
      articleTitle={articleTitle}
      intro={
        <p>Enter each credit card's balance and limit to see how much of your available credit you're using, overall and card by card.</p>
      }
      status={result ? `Overall utilization ${formatPercent(result.overall.percent)}.` : ""}
      form={
        <ToolForm tool={tool} errors={errors}>
          {Array.from({ length: rowCount }, (_, i) => {
            const field = (name: (typeof CARD_FIELDS)[number]) => ({
              id: `card-${i}-${name}`,
              name,
              value: values.rows[i]?.[name] ?? "",
              error: errors[`${name}.${i}`],
            });
            return (
              <fieldset key={i} id={`card-${i}`} className="rounded-xl border border-slate-200 p-4">
                <legend className="px-1 font-bold text-slate-900">Card {i + 1}</legend>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="sm:col-span-2">
                    <ToolField {...field("card")} label="Card name" kind="text" focusOnLoad={requestedRows > 0 && i === rowCount - 1} />
                  </div>
                  <ToolField {...field("cardBalance")} label="Card balance" prefix="$" />
                  <ToolField {...field("limit")} label="Credit limit" prefix="$" />
                </div>
              </fieldset>
            );
          })}
          <AddRowButton tool={tool} rowCount={rowCount} max={MAX_CARDS} rowId={(i) => `card-${i}`} label="Add another card" />
        </ToolForm>
      }
      result={result ? <UtilizationResultView result={result} /> : <ResultPlaceholder invalid={Object.keys(errors).length > 0} />}
      explanation={
        <>
          <p>
            Utilization is your balance divided by your credit limit. Overall utilization adds up every card's balance and every card's
            limit. Scoring models look at both, and "amounts owed", of which utilization is a big part, makes up about 30% of a FICO Score (
            <SourceLink href="https://www.myfico.com/credit-education/whats-in-your-credit-score">myFICO</SourceLink>
            ).
          </p>
          <p>
            A common guideline is to keep it under 30%, and lower is generally better (
            <SourceLink href="https://www.consumerfinance.gov/ask-cfpb/how-do-i-get-and-keep-a-good-credit-score-en-318/">CFPB</SourceLink>
            ). Many issuers report your statement balance, so paying before the statement closes lowers what the bureaus see. No one can
            promise a particular score change.
          </p>
        </>
      }
    />
  );
}

function Row({ name, u }: { name: string; u: Utilization }) {
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="px-3 py-2 font-normal">
        {name}
      </th>
      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(u.balance)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(u.limit)}</td>
      <td className="px-3 py-2 text-right font-bold tabular-nums">{formatPercent(u.percent)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{u.payDownTo30 === 0 ? "At or under 30%" : formatMoney(u.payDownTo30)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{u.payDownTo10 === 0 ? "At or under 10%" : formatMoney(u.payDownTo10)}</td>
    </tr>
  );
}

function UtilizationResultView({ result }: { result: UtilizationResult }) {
  const { overall } = result;
  const level = overall.percent <= 10 ? "at or under 10%" : overall.percent <= 30 ? "at or under 30%" : "over 30%";
  return (
    <div className="space-y-6">
      <ResultHeader />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-sm text-slate-600">Overall utilization</p>
        <p className="text-4xl font-bold text-slate-900">{formatPercent(overall.percent)}</p>
        <p className="mt-1 text-slate-700">
          {formatMoney(overall.balance)} of {formatMoney(overall.limit)} in limits: <strong>{level}</strong>.
        </p>
        <p className="mt-3 text-slate-700">
          {overall.payDownTo30 === 0 ? (
            "You're at or under 30% overall."
          ) : (
            <>
              Pay down <strong>{formatMoney(overall.payDownTo30)}</strong> in total to get to 30%.
            </>
          )}{" "}
          {overall.payDownTo10 === 0 ? (
            "You're at or under 10% overall."
          ) : (
            <>
              Pay down <strong>{formatMoney(overall.payDownTo10)}</strong> in total to get to 10%.
            </>
          )}
        </p>
      </div>
      <ResultTable
        caption="Card by card"
        columns={[
          { label: "Card" },
          { label: "Balance", numeric: true },
          { label: "Limit", numeric: true },
          { label: "Utilization", numeric: true },
          { label: "Pay down to 30%", numeric: true },
          { label: "Pay down to 10%", numeric: true },
        ]}
      >
        {result.cards.map((card) => (
          <Row key={card.row} name={card.name} u={card} />
        ))}
        <Row name="All cards" u={overall} />
      </ResultTable>
    </div>
  );
}
