import { data } from "react-router";
import type { Route } from "./+types/tools-emergency-fund";
import { singleFields, ToolField } from "~/components/tools/tool-field";
import { ResultHeader, ResultPlaceholder, Stat, ToolForm, ToolPage } from "~/components/tools/tool-page";
import { toolMeta } from "~/lib/tools/meta";
import {
  computeEmergencyFund,
  EMERGENCY_FIELDS,
  type EmergencyResult,
  type Goal,
  parseEmergencyFund,
  STARTER_GOAL,
} from "~/lib/tools/emergency-fund";
import { formatMoney, formatPercent } from "~/lib/tools/money";
import { toolPage } from "~/server/tools/tools.server";
import { page } from "~/lib/page-policy";

/** Plain HTML in the browser: the page script refreshes the result as the visitor types. */
export const handle = page({ hydrate: false, sitemap: true });

export function loader({ request }: Route.LoaderArgs) {
  const page = toolPage("emergency-fund", new URL(request.url).searchParams, {
    fields: EMERGENCY_FIELDS,
    parse: parseEmergencyFund,
    compute: computeEmergencyFund,
  });
  return data(page, { status: page.status });
}

export const meta: Route.MetaFunction = toolMeta("emergency-fund");

export default function EmergencyFundTool({ loaderData: page }: Route.ComponentProps) {
  const { tool, articleTitle, values, errors, result } = page;
  const field = singleFields(values, errors);
  return (
    <ToolPage
      tool={tool}
      articleTitle={articleTitle}
      intro={<p>Find out how big your emergency fund should be, how far along you are, and how long it takes at the pace you can save.</p>}
      status={result ? `Target ${formatMoney(result.target)}, ${formatPercent(result.percentFunded)} funded.` : ""}
      form={
        <ToolForm tool={tool} errors={errors}>
          <ToolField
            {...field("expenses")}
            label="Monthly essential expenses"
            prefix="$"
            hint="Rent, utilities, food, transportation, insurance and minimum debt payments."
          />
          <ToolField
            {...field("months")}
            label="Months of expenses to cover"
            value={values.months || "3"}
            hint="Three to six months is a common goal."
          />
          <ToolField {...field("saved")} label="Current savings" prefix="$" hint="Blank means $0." />
          <ToolField {...field("monthly")} label="Monthly savings" prefix="$" hint="What you can set aside each month. Blank means $0." />
        </ToolForm>
      }
      result={result ? <EmergencyResultView result={result} /> : <ResultPlaceholder invalid={Object.keys(errors).length > 0} />}
      explanation={
        <>
          <p>
            The target is your essential monthly expenses times the number of months you want to cover. The months to get there are what is
            missing divided by what you save each month, rounded up. Interest on savings is left out, so you may get there a little sooner.
          </p>
          <p>
            If the full target feels far away, start with a {formatMoney(STARTER_GOAL, { trimCents: true })} starter fund: it covers many
            common surprises, like a car repair or a copay, and keeps them off a credit card.
          </p>
        </>
      }
    />
  );
}

function when(g: Goal): string {
  if (g.reached) return "Reached";
  if (g.months === null) return "Add a monthly amount to see when";
  return `${g.months} month${g.months === 1 ? "" : "s"} at this pace`;
}

function EmergencyResultView({ result }: { result: EmergencyResult }) {
  const starterLabel =
    result.starter.goal < STARTER_GOAL
      ? "First step (your whole target)"
      : `${formatMoney(STARTER_GOAL, { trimCents: true })} starter goal`;
  return (
    <div className="space-y-6">
      <ResultHeader />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Stat label="Your target" value={formatMoney(result.target)} />
          <Stat label="Still to save" value={formatMoney(result.gap)} />
          <Stat label="Funded so far" value={formatPercent(result.percentFunded)} />
          <Stat label="Time to your target" value={when(result.full)} />
        </dl>
        <div className="mt-5">
          <div
            role="img"
            aria-label={`${formatPercent(result.percentFunded)} of the target saved`}
            className="h-4 overflow-hidden rounded-full border border-slate-300 bg-slate-100"
          >
            <div className="h-full bg-brand-700" style={{ width: `${result.percentFunded}%` }} />
          </div>
        </div>
      </div>
      <div className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
        <h3 className="font-bold text-slate-900">{starterLabel}</h3>
        <p className="mt-1 text-slate-800">
          {result.starter.reached
            ? `You have it: ${formatMoney(result.starter.goal)} set aside.`
            : `${formatMoney(result.starter.gap)} to go: ${when(result.starter).toLowerCase()}.`}
        </p>
      </div>
    </div>
  );
}
