/**
 * Tags on contacts (app/lib/tags.ts says what a tag may be), kept on the contact's own row. The
 * site's own are added with a consent, in the same statement (contacts.server.ts
 * `consentStatements`): the form, the guide, the article's topic, a purchase, an import and its
 * tags column. Here: the owner's by hand, on one contact's page, each with an event in the
 * contact's history, and the tags in use.
 */
import { sql } from "drizzle-orm";
import { db, rowsOf } from "~/server/db.server";
import { tagCounts } from "~/server/tallies.server";

/**
 * Every tag in use, with how many contacts have it, A to Z (the filters' and the broadcast editor's
 * choices): the contacts' running counts (tallies.server.ts), not a count of 100,000 rows per view.
 */
export async function tagsInUse(): Promise<{ tag: string; contacts: number }[]> {
  return tagCounts();
}

async function contactExists(tx: Pick<ReturnType<typeof db>, "execute">, contactId: number): Promise<boolean> {
  return rowsOf(await tx.execute(sql`select 1 from contacts where id = ${contactId}`)).length > 0;
}

/** The owner tags a contact (`tag` already in its stored spelling). */
export async function tagContact(contactId: number, tag: string): Promise<"tagged" | "already" | "unknown"> {
  return db().transaction(async (tx) => {
    const [added] = rowsOf(
      await tx.execute(sql`
        update contacts set tags = merge_tags(tags, array[${tag}]::text[])
        where id = ${contactId} and not (${tag} = any(tags))
        returning id
      `),
    );
    if (!added) return (await contactExists(tx, contactId)) ? "already" : "unknown";
    await tx.execute(sql`insert into contact_events (contact_id, kind, detail) values (${contactId}, 'tagged', ${`${tag}, by you`})`);
    return "tagged";
  });
}

/** The owner takes a tag off a contact (whoever gave it). */
export async function untagContact(contactId: number, tag: string): Promise<"removed" | "absent" | "unknown"> {
  return db().transaction(async (tx) => {
    const [removed] = rowsOf(
      await tx.execute(sql`
        update contacts set tags = array_remove(tags, ${tag}) where id = ${contactId} and ${tag} = any(tags) returning id
      `),
    );
    if (!removed) return (await contactExists(tx, contactId)) ? "absent" : "unknown";
    await tx.execute(sql`insert into contact_events (contact_id, kind, detail) values (${contactId}, 'untagged', ${`${tag}, by you`})`);
    return "removed";
  });
}
