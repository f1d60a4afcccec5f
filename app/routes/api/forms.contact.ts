import { page } from "~/lib/page-policy";
import type { Route } from "./+types/forms.contact";
import { submitContactMessage } from "~/server/forms/contact.server";
import { formJson, formJsonNotGet } from "~/server/forms/submission.server";

/** The contact form of /contact for scripts: the page's handler, its outcome as JSON; its posts count as the page's. */
export const handle = page({ formOf: "routes/contact" });

export function action({ request }: Route.ActionArgs) {
  return formJson(submitContactMessage(request));
}

export const loader = formJsonNotGet;
