/** The free-guide lead form on every article: the rules for storing a lead. */
import { sql } from "drizzle-orm";
import { ensureArticles, liveArticle } from "~/server/content/articles.server";
import { LeadSchema, type FormOutcome } from "~/lib/forms";
import { LEAD_CONSENT, LEAD_MAGNET } from "~/lib/site";
import { CREDIT_GUIDE_TAG, LEAD_FORM_TAG, topicTag } from "~/lib/tags";
import { consentStatements } from "~/server/audience/contacts.server";
import { db, rowsOf } from "~/server/db.server";
import { storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { INSERT_INTO_OUTBOX, outboxSelect, wakeOutbox } from "~/server/mail/outbox.server";

/** `category`: the article's, for the contact's topic tag. */
export type NewLead = { name: string; email: string; sourcePage: string; category?: string };

/**
 * Store a lead (already validated), its contact, its consent to the guide and the follow-ups
 * (under the form's current wording) and its tags (the form, the guide, the article's topic), and
 * queue its guide e-mail, in the same statement; the unique e-mail rule turns a repeat into "duplicate", which queues nothing.
 */
export async function storeLead(lead: NewLead): Promise<StoreResult> {
  const tags = [LEAD_FORM_TAG, CREDIT_GUIDE_TAG, ...(lead.category ? [topicTag(lead.category)] : [])];
  const stored = await storeOnce("a lead", async () =>
    rowsOf(
      await db().execute(sql`
        with lead as (
          insert into leads (name, email, lead_magnet, source_page)
          values (${lead.name}, ${lead.email}, ${LEAD_MAGNET}, ${lead.sourcePage})
          on conflict (email) do nothing
          returning id, name, email
        ), ${consentStatements(
          "lead",
          {
            one: sql`select email, name from lead`,
            source: `lead form /blog/${lead.sourcePage}`,
            detail: `guide_followups from the lead form on /blog/${lead.sourcePage} (wording ${LEAD_CONSENT.version})`,
            tags,
          },
          { purpose: "guide_followups", wordingVersion: LEAD_CONSENT.version },
        )},
        mail as (
          ${INSERT_INTO_OUTBOX}
          ${outboxSelect({ kind: "guide", dedupeKey: sql`'guide:' || id`, toAddress: sql`email`, payload: { leadId: sql`id`, name: sql`name` } })}
          from lead
          on conflict (dedupe_key) do nothing
        )
        select id from lead
      `),
    ),
  );
  if (stored === "created") wakeOutbox();
  return stored;
}

/** Handle a lead form submission posted to the article at `slug`. */
export function submitLead(request: Request, slug: string) {
  return submitPublicForm(request, "lead", LeadSchema, async ({ name, email, sourcePage = slug }) => {
    // The page a lead came from is the article it was posted to: only the real articles count.
    await ensureArticles();
    const article = sourcePage === slug ? liveArticle(sourcePage) : undefined;
    if (!article) {
      const rejected: FormOutcome = {
        form: "lead",
        status: "rejected",
        title: "Invalid Request",
        description: "This form can't be sent from that page.",
      };
      return rejected;
    }
    return storeLead({ name, email, sourcePage, category: article.category });
  });
}
