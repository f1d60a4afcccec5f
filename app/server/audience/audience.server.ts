/**
 * Who a broadcast may go to: the one definition of each audience, used both by the count the
 * owner sees before sending and by the statement that queues the broadcast. Broadcasts are the
 * newsletter: every audience is a part of those holding a current newsletter consent, with no
 * suppression (issue 40). Asking for a guide is consent to that guide's few follow-ups only
 * (the form and the privacy page say so); a guide reader joins the newsletter by a click of their
 * own (the sequence's last step offers it), never by being ticked here.
 */
import { count, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { contacts, type BroadcastAudience } from "../../../db/schema";
import type { ContactFilters } from "~/lib/forms/contact-filters";
import { currentConsent, tagArray, UPDATES_GO_THROUGH } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";

export const AUDIENCE_LABELS: Record<BroadcastAudience, string> = {
  newsletter: "Confirmed newsletter subscribers",
  guide: "Newsletter subscribers who also asked for a free guide",
  buyers: "Newsletter subscribers who also bought",
};

/** A current newsletter consent, confirmed by double opt-in or attested by the owner's import (the send-time check's own). */
const NEWSLETTER = currentConsent("newsletter", "set");

/** Asked for a guide at some time (a consent for its follow-ups, current or not): a part of the newsletter's readers. */
const GUIDE = sql`(${NEWSLETTER} and c.id in (select k.contact_id from consents k where k.purpose = 'guide_followups'))`;

/** Buying is not consent to marketing: the buyers among the newsletter's readers. */
const BUYERS = sql`(${NEWSLETTER} and c.email in (select o.customer_email from orders o where o.status = 'paid' and o.customer_email is not null))`;

const CONDITION: Record<BroadcastAudience, SQL> = { newsletter: NEWSLETTER, guide: GUIDE, buyers: BUYERS };

/**
 * A broadcast's readers: any of its audiences (each a part of the newsletter), narrowed to those
 * with any of `includeTags` when there are some, leaving out anyone with any of `excludeTags`.
 */
export type Segment = { audiences: readonly BroadcastAudience[]; includeTags: readonly string[]; excludeTags: readonly string[] };

/** Has any of these tags (the GIN index on contacts.tags answers it). */
const tagged = (tags: readonly string[]) => sql`c.tags && ${tagArray(tags)}`;

/** The condition on contact `c` for this segment (no audience: nobody), unsuppressed. */
export function audienceWhere(segment: Segment): SQL {
  if (segment.audiences.length === 0) return sql`false`;
  const conditions = [
    sql`c.suppression is null`,
    sql`(${sql.join(
      segment.audiences.map((a) => CONDITION[a]),
      sql` or `,
    )})`,
  ];
  if (segment.includeTags.length > 0) conditions.push(tagged(segment.includeTags));
  if (segment.excludeTags.length > 0) conditions.push(sql`not ${tagged(segment.excludeTags)}`);
  return sql.join(conditions, sql` and `);
}

/**
 * A product update's readers (decision 071), as a condition on contact `c`: everyone whose paid
 * order holds the product and was not refunded for it (a refund of the Power Pack alone leaves the
 * toolkit theirs; a refunded or disputed order holds nothing), one per contact, which is one per
 * mailbox (contacts and orders keep the canonical spelling of an address). Buying is the reason,
 * not the newsletter: an unsubscribe from the list does not leave a buyer out, any other
 * suppression does (a bounce, a complaint, the owner's), and so does their own stop of updates.
 * The same rule is asked again at send time (contacts.server.ts sendBlockers "product-updates",
 * and the message's own check that the order still holds the product).
 */
export function productBuyersWhere(productId: string): SQL {
  return sql`(c.suppression is null or c.suppression in (${sql.join(
    UPDATES_GO_THROUGH.map((reason) => sql`${reason}`),
    sql`, `,
  )}))
    and c.product_updates_stopped_at is null
    and c.email in (
      select o.customer_email from orders o join entitlements e on e.order_id = o.id and e.product_id = ${productId}
      where o.status = 'paid' and o.customer_email is not null
        and not exists (select 1 from order_refunds r where r.order_id = o.id and r.product_id = ${productId})
    )`;
}

/** How many buyers a product update about this product would reach now. */
export async function countProductBuyers(productId: string): Promise<number> {
  return countContactsPassing(productBuyersWhere(productId));
}

/** How many contacts pass `where`, a condition on contact `c` (an audience, the list's filters): one count over the set. */
async function countContactsPassing(where: SQL): Promise<number> {
  const [row] = await db().select({ n: count() }).from(alias(contacts, "c")).where(where);
  return row?.n ?? 0;
}

/** How many contacts a broadcast to this segment would reach now, after suppressions. */
export async function countAudience(segment: Segment): Promise<number> {
  return countContactsPassing(audienceWhere(segment));
}

/**
 * The one list's filters (app/lib/forms/contact-filters.ts) as a condition on contact `c`: the contacts
 * page lists by it and the overview counts by it, so a figure and the list it links to agree.
 * "purpose=newsletter" is the newsletter audience above, the same condition a broadcast queues by.
 */
export function contactFilterWhere(filters: ContactFilters): SQL {
  // Each condition an IN list the database builds once, not a lookup per contact (100,000 of them, issue 44).
  const paid = sql`c.email in (select o.customer_email from orders o where o.status = 'paid' and o.customer_email is not null)`;
  const conditions: SQL[] = [];
  if (filters.purpose === "newsletter") conditions.push(NEWSLETTER);
  if (filters.purpose === "guide_followups" || filters.purpose === "buyer") conditions.push(currentConsent(filters.purpose, "set"));
  if (filters.tag) conditions.push(tagged([filters.tag]));
  if (filters.source === "guide") conditions.push(sql`c.email in (select l.email from leads l)`);
  // Signed up themselves (the form, or the last guide e-mail's button): a consent other than an import's.
  if (filters.source === "newsletter") {
    conditions.push(sql`c.id in (select k.contact_id from consents k where k.purpose = 'newsletter' and k.source not like 'import:%')`);
  }
  if (filters.source === "import") conditions.push(sql`c.id in (select k.contact_id from consents k where k.source like 'import:%')`);
  if (filters.source === "purchase") {
    conditions.push(sql`c.email in (select o.customer_email from orders o where o.paid_at is not null and o.customer_email is not null)`);
  }
  if (filters.proved) conditions.push(filters.proved === "yes" ? sql`c.proved_at is not null` : sql`c.proved_at is null`);
  if (filters.suppressed) conditions.push(filters.suppressed === "yes" ? sql`c.suppression is not null` : sql`c.suppression is null`);
  if (filters.bought) conditions.push(filters.bought === "yes" ? paid : sql`not ${paid}`);
  if (filters.added) conditions.push(sql`c.created_at >= now() - make_interval(days => ${Number(filters.added)})`);
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/** How many contacts the list shows for these filters. */
export async function countContacts(filters: ContactFilters): Promise<number> {
  return countContactsPassing(contactFilterWhere(filters));
}
