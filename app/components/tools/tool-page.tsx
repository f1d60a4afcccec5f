import type { ReactNode } from "react";
import { SiteLink } from "~/components/site-link";
import { ScrollRegion } from "~/components/ui/scroll-region";
import toolScript from "~/browser/tool-script.ts?page-script&url";
import { InlineScript } from "~/lib/first-paint";
import { useNonce } from "~/lib/nonce";
import { FORM_ERROR, type FieldErrors } from "~/lib/tools/query";
import { TOOLS_PATH, type Tool, toolPath } from "~/lib/tools/catalog";
import { toolExamplePath } from "~/lib/tools/pages";

const linkClass = "font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900";

/**
 * A calculator's page: its GET form, the result the server computed from the address, and what
 * every result needs around it (how it works, the disclaimer, the article). The result, the
 * form's message and each field's message are slots the page script refreshes as the visitor
 * types (data-live-slot), so the same HTML serves with and without JavaScript.
 */
export function ToolPage({
  tool,
  articleTitle,
  intro,
  form,
  result,
  status,
  explanation,
}: {
  tool: Tool;
  /** The title of the article that explains the tool (tool.article). */
  articleTitle: string;
  intro: ReactNode;
  form: ReactNode;
  result: ReactNode;
  /** One sentence for screen readers when the result changes while typing. */
  status: string;
  explanation: ReactNode;
}) {
  const nonce = useNonce();
  return (
    <div className="bg-slate-50 print:bg-white">
      <div className="mx-auto max-w-6xl px-4 py-10 md:py-14 print:py-0">
        <p className="print:hidden">
          <SiteLink to={TOOLS_PATH} reloadDocument className={linkClass}>
            ← All free tools
          </SiteLink>
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{tool.title}</h1>
        <div className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</div>
        <p className="mt-2 text-sm text-slate-600 print:hidden">
          Nothing you type is stored: your numbers stay in this page's address, to bookmark or share.{" "}
          <a href={toolExamplePath(tool.slug)} className={linkClass}>
            Try an example
          </a>
        </p>
        <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
          <div className="print:hidden">{form}</div>
          <section id="tool-result" data-live-slot="" aria-labelledby="result-heading" className="min-w-0">
            {result}
          </section>
        </div>
        <p id="tool-status" data-live-slot="" className="sr-only" aria-live="polite">
          {status}
        </p>
        <section aria-labelledby="how-heading" className="mt-12 max-w-3xl">
          <h2 id="how-heading" className="text-2xl font-bold tracking-tight text-slate-900">
            How this calculator works
          </h2>
          <div className="mt-3 space-y-3 text-slate-700">{explanation}</div>
          <p className="mt-4 text-slate-700">
            Read more:{" "}
            <a href={`/blog/${tool.article}`} className={linkClass}>
              {articleTitle}
            </a>
          </p>
          <p className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
            <strong>Disclaimer:</strong> this calculator gives estimates for education only, from the numbers you enter and the simple rules
            above. It is not financial advice, and your lenders' own figures may differ. Nothing you enter is stored or sent anywhere except
            to this site to do the math.
          </p>
        </section>
      </div>
      {/* Written into the page, like the page script (app/lib/first-paint.tsx). */}
      <InlineScript src={toolScript} nonce={nonce} />
    </div>
  );
}

/** The calculator's form: a GET form to the tool's own address; the page script refreshes the result as the visitor types. */
export function ToolForm({ tool, errors, children }: { tool: Tool; errors: FieldErrors; children: ReactNode }) {
  return (
    <form
      method="get"
      action={toolPath(tool.slug)}
      data-live=""
      noValidate
      aria-labelledby="form-heading"
      className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="form-heading" className="text-lg font-bold text-slate-900">
        Your numbers
      </h2>
      <p id="form-error" data-live-slot="" role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 empty:hidden">
        {errors[FORM_ERROR]}
      </p>
      {children}
      <button
        type="submit"
        className="w-full rounded-lg bg-brand-700 px-5 py-3 font-bold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        Calculate
      </button>
    </form>
  );
}

/** What the result area says before anything is entered, or while a field needs fixing. */
export function ResultPlaceholder({ invalid }: { invalid: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
      <h2 id="result-heading" className="text-lg font-bold text-slate-900">
        Your results
      </h2>
      <p className="mt-2">
        {invalid ? "Fix the fields marked in the form to see your results." : "Fill in the form and your results appear here."}
      </p>
    </div>
  );
}

/** The print button: shown by the page script (printing needs it), hidden on paper. */
export function PrintButton() {
  return (
    <button
      type="button"
      data-print=""
      hidden
      className="rounded-lg border-2 border-brand-700 px-4 py-2 text-sm font-bold text-brand-800 hover:bg-brand-50 print:hidden"
    >
      Print or save as PDF
    </button>
  );
}

/** A labelled figure in a result: "Debt-free in" / "22 months". */
export function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value}</dd>
      {detail && <dd className="text-sm text-slate-600">{detail}</dd>}
    </div>
  );
}

/** The result's heading, with the print button. */
export function ResultHeader() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h2 id="result-heading" className="text-2xl font-bold text-slate-900">
        Your results
      </h2>
      <PrintButton />
    </div>
  );
}

/** A result table in its scroll area: a caption, column headers (numbers right-aligned), and the rows given. */
export function ResultTable({
  caption,
  columns,
  className,
  children,
}: {
  caption: string;
  columns: { label: string; numeric?: boolean }[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <ScrollRegion
      label={`${caption}, as a table`}
      className={`overflow-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 ${className ?? ""}`}
    >
      <table className="w-full text-left text-sm">
        <caption className="p-3 text-left font-bold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={`px-3 py-2 ${column.numeric ? "text-right" : ""}`}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * "Add another debt": submits the form with one more row asked for (rows=N), and the address
 * scrolls to the new row, whose first field takes the focus. Gone at the maximum.
 */
export function AddRowButton({
  tool,
  rowCount,
  max,
  rowId,
  label,
}: {
  tool: Tool;
  rowCount: number;
  max: number;
  rowId: (index: number) => string;
  label: string;
}) {
  if (rowCount >= max) return null;
  return (
    <button
      type="submit"
      name="rows"
      value={rowCount + 1}
      formAction={`${toolPath(tool.slug)}#${rowId(rowCount)}`}
      className="rounded-lg border-2 border-brand-700 px-4 py-2 font-bold text-brand-800 hover:bg-brand-50"
    >
      {label}
    </button>
  );
}
