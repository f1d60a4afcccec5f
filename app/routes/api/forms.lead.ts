import type { Route } from "./+types/forms.lead";
import { page } from "~/lib/page-policy";
import { articlesOf } from "~/server/content/site-content.server";
import { formJson, formJsonNotGet } from "~/server/forms/submission.server";
import { submitLead } from "~/server/forms/leads.server";

/** The lead form of /blog/:slug for scripts: the page's handler, its outcome as JSON; its posts count as the page's. */
export const handle = page({ formOf: "routes/blog-post" });

export function action({ params, request, context }: Route.ActionArgs) {
  return formJson(submitLead(articlesOf(context), request, params.slug));
}

export const loader = formJsonNotGet;
