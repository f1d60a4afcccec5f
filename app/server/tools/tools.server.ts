import { getShippedArticles } from "~/content/shipped-articles.server";
import { type ToolSlug, toolBySlug } from "~/lib/tools/catalog";
import type { Parsed } from "~/lib/tools/query";

/**
 * What every calculator page shows around its result: the tool and the title of its article (as
 * shipped: the tools' catalogue names the shipped articles; a renamed one answers its old address with a 301).
 */
export function toolPageData(slug: ToolSlug) {
  const tool = toolBySlug(slug);
  const article = getShippedArticles().find((a) => a.slug === tool.article);
  if (!article) throw new Error(`Tool ${slug}: no article ${tool.article}`);
  return { tool, articleTitle: article.title };
}

/**
 * Whether the address carries a submission of the form (any of its fields), as opposed to the
 * bare page: only a submission gets messages and a 400 when something needs fixing.
 */
export function isSubmission(params: URLSearchParams, fields: readonly string[]): boolean {
  return fields.some((field) => params.has(field));
}

/**
 * A calculator page for an address: the form as typed, and the result or the messages. The bare
 * page is a 200 without messages; a submission that needs fixing is a 400. "Add another" (rows=N)
 * re-renders the form without messages.
 */
export function toolPage<Input, Values, Result>(
  slug: ToolSlug,
  params: URLSearchParams,
  form: { fields: readonly string[]; parse: (params: URLSearchParams) => Parsed<Input, Values>; compute: (input: Input) => Result },
) {
  const parsed = form.parse(params);
  const requestedRows = Number.parseInt(params.get("rows") ?? "", 10);
  const adding = Number.isInteger(requestedRows);
  const showErrors = isSubmission(params, form.fields) && !adding;
  return {
    ...toolPageData(slug),
    values: parsed.values,
    errors: showErrors && !parsed.ok ? parsed.errors : {},
    result: parsed.ok ? form.compute(parsed.input) : null,
    /** The rows "Add another" asked for (0 when it did not). */
    requestedRows: adding ? requestedRows : 0,
    status: showErrors && !parsed.ok ? 400 : 200,
  };
}
