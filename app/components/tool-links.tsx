import { ArrowRight } from "lucide-react";
import { TOOLS, TOOLS_PATH, toolPath } from "~/lib/tools/catalog";

/**
 * The free calculators, a card each (resources page, blog). Plain links: a calculator page loads
 * whole, as it runs without React.
 */
export function ToolLinks({ intro, introClassName = "" }: { intro: string; introClassName?: string }) {
  return (
    <>
      <p className={`mt-2 text-slate-700 ${introClassName}`}>
        {intro}{" "}
        <a href={TOOLS_PATH} className="font-bold text-brand-800 underline underline-offset-2">
          All free tools
        </a>
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {TOOLS.map((tool) => (
          <li key={tool.slug} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h3 className="text-lg font-bold text-slate-900">{tool.title}</h3>
            <p className="mt-2 flex-1 text-sm text-slate-700">{tool.summary}</p>
            <a
              href={toolPath(tool.slug)}
              className="mt-4 inline-flex items-center gap-1.5 font-bold text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              Open the calculator <ArrowRight aria-hidden="true" className="size-4" />
              <span className="sr-only">: {tool.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
