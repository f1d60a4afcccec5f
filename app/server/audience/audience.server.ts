/**
 * Who a broadcast may go to: the one definition of each audience, used both by the count the
 * owner sees before sending and by the statement that queues the broadcast. Broadcasts are the
 * newsletter: every audience is a part of those holding a current newsletter consent, with no
 * suppression (issue 40). Asking for a guide is consent to that guide's few follow-ups only
 * (the form and the privacy page say so); a guide reader joins the newsletter by a click of their
 * own (the sequence's last step offers it), never by being ticked here.
 */
import { sql, type SQL } from "drizzle-orm";
import type { BroadcastAudience } from "../../../db/schema";
import { db, rowsOf } from "~/server/db.server";

export const AUDIENCE_LABELS: Record<BroadcastAudience, string> = {
  newsletter: "Confirmed newsletter subscribers",
  guide: "Newsletter subscribers who also asked for a free guide",
  buyers: "Newsletter subscribers who also bought",
};

/** A current newsletter consent, confirmed by double opt-in or attested by the owner's import. */
const NEWSLETTER = sql`exists (
  select 1 from consents k where k.contact_id = c.id and k.purpose = 'newsletter' and k.withdrawn_at is null
    and (k.source like 'import:%'
      or exists (select 1 from newsletter_subscribers s where s.email = c.email and s.status = 'confirmed'))
)`;

/** Asked for a guide at some time (a consent for its follow-ups, current or not): a part of the newsletter's readers. */
const GUIDE = sql`(${NEWSLETTER} and exists (select 1 from consents k where k.contact_id = c.id and k.purpose = 'guide_followups'))`;

/** Buying is not consent to marketing: the buyers among the newsletter's readers. */
const BUYERS = sql`(${NEWSLETTER} and exists (select 1 from orders o where o.customer_email = c.email and o.status = 'paid'))`;

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
