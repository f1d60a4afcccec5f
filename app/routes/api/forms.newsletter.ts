import { page } from "~/lib/page-policy";
import type { Route } from "./+types/forms.newsletter";
import { submitNewsletter } from "~/server/forms/newsletter.server";
import { formJson, formJsonNotGet } from "~/server/forms/submission.server";

/** The newsletter box (its action is /blog's) for scripts: the page's handler, its outcome as JSON; its posts count as the page's. */
export const handle = page({ formOf: "routes/blog" });

export function action({ request }: Route.ActionArgs) {
  return formJson(submitNewsletter(request));
}

export const loader = formJsonNotGet;
