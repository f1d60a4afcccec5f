/**
 * The audience's statements that stay SQL: each writes or reads a whole set at once, in a shape
 * the query builder cannot say or says only as a much slower one. Each is named, says why it is
 * SQL, and parses its rows by a schema (`parsedRows`): a column renamed in a statement fails here
 * by name. Every other read and write of the audience goes through the query builder, typed by
 * db/schema.ts (a person's consent: contacts.server.ts recordConsent).
 */
import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { ConsentPurpose } from "../../../db/schema";
import { parsedRows, type Executor } from "~/server/db.server";

// --- contacts, consents and tags ---

/** What a set's consents are: the purpose and wording every row shares, as in recordConsent's grant. */
export type SetConsentGrant = {
  purpose: ConsentPurpose;
  wordingVersion: string;
  /** A suppressed contact gets no consent (an import cannot undo an unsubscribe); its event says so in its `kept_detail` words. */
  skipSuppressed?: boolean;
  /** The contact event's kind (default "consent"; an import's are "import"). */
  eventKind?: string;
};

const ConsentSetRow = z.object({ contacts: z.coerce.number(), consents: z.coerce.number() });

/**
 * A consent recorded for every person `people` selects, in one statement, as recordConsent records
 * one: the contact made if new (a name fills an empty one; its tags merged A to Z by merge_tags,
 * migration 0017), the consent under this wording (none for a suppressed contact under
 * `skipSuppressed`), and its contact_event. `people` selects `email, name, source, tags` (text[])
 * and `detail` (the history's words), and with `skipSuppressed` `kept_detail`; `before`: common
 * table expressions it may select from (a seed's own insert). Each address once. How many
 * contacts and consents were written. The contacts import's merge (up to 10,000 staged rows a
 * statement) and the scale seed use it. SQL: insert ... select over the whole set inside the
 * database, the three inserts as one statement's CTEs; the builder would send every person's
 * values back in as parameters (an import of 20,000 rows took over 40 s that way on the embedded
 * database).
 */
export async function recordConsentSet(
  tx: Executor,
  people: SQL,
  grant: SetConsentGrant,
  before?: SQL,
): Promise<z.output<typeof ConsentSetRow>> {
  const given = grant.skipSuppressed ? sql`c.suppression is null` : sql`true`;
  const kind = grant.eventKind ?? "consent";
  const [row] = parsedRows(
    await tx.execute(sql`
      with ${before ? sql`${before}, ` : sql``}consent_people as (${people}),
      consent_contact as (
        insert into contacts (email, name, tags) select email, name, merge_tags(tags, '{}') from consent_people
        on conflict (email) do update set name = coalesce(contacts.name, excluded.name), tags = merge_tags(contacts.tags, excluded.tags)
        returning id, email, suppression
      ),
      consent_given as (
        insert into consents (contact_id, purpose, source, wording_version)
        select c.id, ${grant.purpose}, p.source, ${grant.wordingVersion}
        from consent_contact c join consent_people p on p.email = c.email
        where ${given}
        returning id
      ),
      consent_event as (
        insert into contact_events (contact_id, kind, detail)
        select c.id, ${kind}, ${
          grant.skipSuppressed
            ? sql`case when ${given} then p.detail else p.kept_detail || ' (' || c.suppression || '), no consent recorded' end`
            : sql`p.detail`
        }
        from consent_contact c join consent_people p on p.email = c.email
      )
      select (select count(*) from consent_contact) as contacts, (select count(*) from consent_given) as consents
    `),
    ConsentSetRow,
  );
  return row ?? { contacts: 0, consents: 0 };
}
