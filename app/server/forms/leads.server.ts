/** The free-guide lead form on every article: the rules for storing a lead. */
import { sql } from "drizzle-orm";
import type { ArticleStore } from "~/server/content/article-store.server";
import { LeadSchema, type FormOutcome } from "~/lib/forms/public";
import { outcome } from "~/lib/form-outcomes";
import { GUIDES, guideTag, type GuideId } from "~/lib/guides";
import { LEAD_CONSENT } from "~/lib/site";
import { LEAD_FORM_TAG, topicTag } from "~/lib/tags";
import { consentStatements, suppressedAddress } from "~/server/audience/contacts.server";
import { db, rowsOf } from "~/server/db.server";
import { formResponse, storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { newResendKey, resendGuide, resendRequested } from "~/server/forms/guide-resend.server";
import { INSERT_INTO_OUTBOX, outboxSelect, wakeOutbox } from "~/server/mail/outbox.server";

/** `guide`: the one the form offered (default: the credit guide); `category`: the article's, for the contact's topic tag. */
export type NewLead = { name: string; email: string; sourcePage: string; guide?: GuideId; category?: string };

/**
 * Store a lead (already validated), its contact, its consent to the guide and the follow-ups
 * (under the form's current wording) and its tags (the form, the guide, the article's topic), and
 * queue its guide e-mail, in the same statement. One lead per address and guide: asking again for
 * the same guide is "duplicate" and queues nothing; asking for the other guide is a lead of its own.
 * A suppressed address (or one whose base mailbox is: issue 51) is stored and answered as any
 * other, so the answer reveals nothing, but no guide e-mail is queued to it.
 */
export async function storeLead(lead: NewLead): Promise<StoreResult> {
  return (await storeLeadRow(lead)).result;
}

/** storeLead, keeping the hash of the answer's resend key with the lead, and giving back the new lead's id. */
async function storeLeadRow({
  guide = "credit-repair",
  resendKeyHash = null,
  ...lead
}: NewLead & { resendKeyHash?: string | null }): Promise<{ result: StoreResult; id?: number }> {
  let id: number | undefined;
  const tags = [LEAD_FORM_TAG, guideTag(guide), ...(lead.category ? [topicTag(lead.category)] : [])];
  const { title } = GUIDES[guide];
  const stored = await storeOnce("a lead", async () => {
    const rows = rowsOf<{ id: number }>(
      await db().execute(sql`
        with lead as (
          insert into leads (name, email, lead_magnet, guide, source_page, resend_key_hash)
          values (${lead.name}, ${lead.email}, ${title}, ${guide}, ${lead.sourcePage}, ${resendKeyHash})
          on conflict (email, guide) do nothing
          returning id, name, email
        ), ${consentStatements(
          "lead",
          {
            one: sql`select email, name from lead`,
            source: `lead form /blog/${lead.sourcePage}`,
            detail: `guide_followups for the ${title} from the lead form on /blog/${lead.sourcePage} (wording ${LEAD_CONSENT.version})`,
            tags,
          },
          { purpose: "guide_followups", wordingVersion: LEAD_CONSENT.version },
        )},
        mail as (
          ${INSERT_INTO_OUTBOX}
          ${outboxSelect({ kind: "guide", dedupeKey: sql`'guide:' || id`, toAddress: sql`email`, payload: { leadId: sql`id`, name: sql`name`, guide: sql<GuideId>`${guide}::text` } })}
          from lead
          where not ${suppressedAddress(lead.email)}
          on conflict (dedupe_key) do nothing
        )
        select id from lead
      `),
    );
    id = rows[0]?.id;
    return rows;
  });
  if (stored === "created") wakeOutbox();
  return { result: stored, id };
}

/**
 * Handle a lead form submission posted to the article at `slug`: the answer names the guide its
 * form offers and carries the key for "Send it again", which posts here too.
 */
export async function submitLead(articles: Pick<ArticleStore, "liveArticle" | "guideForCategory">, request: Request, slug: string) {
  const resend = await resendRequested(request);
  if (resend) return formResponse(await resendGuide(resend.key));
  const posted = articles.liveArticle(slug);
  const guide = posted && articles.guideForCategory(posted.category);
  const success: FormOutcome | undefined = guide && {
    ...outcome("lead", "success"),
    description: `Check your email for your free ${guide.title}!`,
  };
  return submitPublicForm(
    request,
    "lead",
    LeadSchema,
    async ({ name, email, sourcePage = slug }) => {
      // The page a lead came from is the article it was posted to: only the real articles count.
      const article = sourcePage === slug ? posted : undefined;
      if (!article || !guide) {
        const rejected: FormOutcome = {
          form: "lead",
          status: "rejected",
          title: "Invalid Request",
          description: "This form can't be sent from that page.",
        };
        return rejected;
      }
      // The guide this article's form offers now (the owner's choice for its category), and the
      // key with which this browser may ask about its e-mail later ("Send it again").
      const key = newResendKey();
      const stored = await storeLeadRow({ name, email, sourcePage, guide: guide.id, category: article.category, resendKeyHash: key.hash });
      return stored.result === "created" && stored.id !== undefined && success
        ? { ...success, resend: key.keyFor(stored.id) }
        : stored.result;
    },
    success,
  );
}
