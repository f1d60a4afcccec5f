/**
 * Who a broadcast may go to: the one definition of each audience, used both by the count the
 * owner sees before sending and by the statement that queues the broadcast. A contact counts only
 * with a current (not withdrawn) consent for that purpose and no suppression: nobody gets
 * marketing e-mail without a recorded consent for it (decision 035).
 */
import { sql, type SQL } from "drizzle-orm";
import type { BroadcastAudience } from "../../../db/schema";
import { db, rowsOf } from "~/server/db.server";

export const AUDIENCE_LABELS: Record<BroadcastAudience, string> = {
  newsletter: "Confirmed newsletter subscribers",
  guide: "Guide readers who proved their address and kept the follow-ups",
  buyers: "Buyers who also agreed to the newsletter or the follow-ups",
};

/** A current newsletter consent, confirmed by double opt-in or attested by the owner's import. */
const NEWSLETTER = sql`exists (
  select 1 from consents k where k.contact_id = c.id and k.purpose = 'newsletter' and k.withdrawn_at is null
    and (k.source like 'import:%'
      or exists (select 1 from newsletter_subscribers s where lower(s.email) = c.email and s.status = 'confirmed'))
)`;

/** The guide's follow-ups agreed to, not withdrawn, and the address proved to be theirs. */
const GUIDE = sql`(c.proved_at is not null and exists (
  select 1 from consents k where k.contact_id = c.id and k.purpose = 'guide_followups' and k.withdrawn_at is null
))`;

/**
 * Buying is not consent to marketing: a buyer is in this audience only while they also hold one
 * of the two consents above (so "buyers" alone is the customers among the list).
 */
const BUYERS = sql`(exists (select 1 from orders o where lower(o.customer_email) = c.email and o.status = 'paid') and (${NEWSLETTER} or ${GUIDE}))`;

const CONDITION: Record<BroadcastAudience, SQL> = { newsletter: NEWSLETTER, guide: GUIDE, buyers: BUYERS };

/** The condition on contact `c` for any of these audiences (none: nobody), unsuppressed. */
export function audienceWhere(audiences: readonly BroadcastAudience[]): SQL {
  if (audiences.length === 0) return sql`false`;
  return sql`c.suppression is null and (${sql.join(
    audiences.map((a) => CONDITION[a]),
    sql` or `,
  )})`;
}

/** How many contacts a broadcast to these audiences would reach now, after suppressions. */
export async function countAudience(audiences: readonly BroadcastAudience[]): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db().execute(sql`select count(*) as n from contacts c where ${audienceWhere(audiences)}`),
  );
  return Number(row?.n ?? 0);
}
