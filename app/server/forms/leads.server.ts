/** The free-guide lead form on every article: the rules for storing a lead. */
import { data } from "react-router";
import { leads } from "../../../db/schema";
import type { ArticleStore } from "~/server/content/article-store.server";
import { LeadSchema, type FormOutcome } from "~/lib/forms/public";
import { outcome } from "~/lib/form-outcomes";
import { GUIDES, guideTag, type GuideId } from "~/lib/guides";
import { LEAD_CONSENT } from "~/lib/site";
import { LEAD_FORM_TAG, topicTag } from "~/lib/tags";
import { addressSuppressed, recordConsent } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { formResponse, storeOnce, submitPublicForm, type StoreResult } from "~/server/forms/submission.server";
import { newResendKey, resendGuide, resendRequested } from "~/server/forms/guide-resend.server";
import { wakeOutbox } from "~/server/mail/outbox.server";
import { queueMail } from "~/server/mail/outbox-queue.server";

/** `guide`: the one the form offered (default: the credit guide); `category`: the article's, for the contact's topic tag. */
export type NewLead = { name: string; email: string; sourcePage: string; guide?: GuideId; category?: string };

/**
 * Store a lead (already validated), its contact, its consent to the guide and the follow-ups
 * (under the form's current wording) and its tags (the form, the guide, the article's topic), and
 * queue its guide e-mail, in one transaction. One lead per address and guide: asking again for
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
  const stored = await storeOnce("a lead", () =>
    db().transaction(async (tx) => {
      const [row] = await tx
        .insert(leads)
        .values({ name: lead.name, email: lead.email, leadMagnet: title, guide, sourcePage: lead.sourcePage, resendKeyHash })
        .onConflictDoNothing({ target: [leads.email, leads.guide] })
        .returning({ id: leads.id, name: leads.name, email: leads.email });
      if (!row) return [];
      const contact = await recordConsent(
        tx,
        { email: row.email, name: row.name },
        {
          purpose: "guide_followups",
          wordingVersion: LEAD_CONSENT.version,
          source: `lead form /blog/${lead.sourcePage}`,
          detail: `guide_followups for the ${title} from the lead form on /blog/${lead.sourcePage} (wording ${LEAD_CONSENT.version})`,
          tags,
        },
      );
      if (!(await addressSuppressed(tx, row.email, contact))) {
        await queueMail(tx, "guide", { leadId: row.id, name: row.name, guide }, { dedupeKey: `guide:${row.id}`, to: row.email });
      }
      id = row.id;
      return [row];
    }),
  );
  if (stored === "created") wakeOutbox();
  return { result: stored, id };
}

/**
 * Handle a lead form submission posted to the article at `slug` (its page, or api/forms/lead/:slug
 * for scripts): the answer names the guide its form offers and carries the key for "Send it
 * again", which posts here too. No live article there: a 404.
 */
export async function submitLead(articles: Pick<ArticleStore, "liveArticle" | "guideForCategory">, request: Request, slug: string) {
  if (!articles.liveArticle(slug)) throw data(null, { status: 404 });
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
