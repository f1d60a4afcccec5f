/** The free-guide lead form on every article: the rules for storing a lead. */
import { leads } from "../../db/schema";
import { getArticle } from "~/content/articles.server";
import { checkForm, isBot, LeadSchema, outcome, type FormOutcome } from "~/lib/forms";
import { LEAD_MAGNET } from "~/lib/site";
import { db } from "~/server/db.server";
import { failedKeepsValues, formResponse, readFormBody, storeOnce, unreadableBody, type StoreResult } from "~/server/form-request.server";

export type NewLead = { name: string; email: string; sourcePage: string };

/** Store a lead (already validated); the unique e-mail rule turns a repeat into "duplicate". */
export function storeLead(lead: NewLead): Promise<StoreResult> {
  return storeOnce("a lead", () =>
    db()
      .insert(leads)
      .values({ name: lead.name, email: lead.email, leadMagnet: LEAD_MAGNET, sourcePage: lead.sourcePage })
      .onConflictDoNothing({ target: leads.email })
      .returning({ id: leads.id }),
  );
}

/** Handle a lead form submission posted to the article at `slug`. */
export async function submitLead(request: Request, slug: string) {
  const body = await readFormBody(request);
  if (!body.ok) return unreadableBody("lead", body);
  if (isBot(body.fields)) return formResponse(outcome("lead", "success"));
  const checked = checkForm("lead", LeadSchema, body.fields);
  if (!checked.ok) return formResponse(checked.outcome);
  const { name, email, sourcePage = slug } = checked.data;
  // The page a lead came from is the article it was posted to: only the real articles count.
  if (sourcePage !== slug || !getArticle(sourcePage)) {
    const rejected: FormOutcome = {
      form: "lead",
      status: "rejected",
      title: "Invalid Request",
      description: "This form can't be sent from that page.",
    };
    return formResponse(rejected);
  }
  const stored = await storeLead({ name, email, sourcePage });
  return formResponse(failedKeepsValues(outcome("lead", stored === "created" ? "success" : stored), { name, email }));
}

