/**
 * Tags on contacts (app/lib/tags.ts says what a tag may be). The site's own are written with a
 * consent, in the same statement (contacts.server.ts `consentStatements`): the form, the guide,
 * the article's topic, a purchase, an import and its tags column. Here: the owner's by hand, on
 * one contact's page, each with an event in the contact's history, and the tags in use.
 */
import { sql } from "drizzle-orm";
import { db, rowsOf } from "~/server/db.server";

export type ContactTag = { tag: string; source: string; createdAt: string };

/** One contact's tags, A to Z. */
export async function tagsOf(contactId: number): Promise<ContactTag[]> {
  return rowsOf<{ tag: string; source: string; createdAt: string | Date }>(
    await db().execute(sql`
      select tag, source, created_at as "createdAt" from contact_tags where contact_id = ${contactId} order by tag
    `),
  ).map((t) => ({ ...t, createdAt: new Date(t.createdAt).toISOString() }));
}

/** Every tag in use, with how many contacts have it, A to Z (the filters' and the broadcast editor's choices). */
export async function tagsInUse(): Promise<{ tag: string; contacts: number }[]> {
  return rowsOf<{ tag: string; contacts: number | string }>(
    await db().execute(sql`select tag, count(*) as contacts from contact_tags group by tag order by tag`),
  ).map((t) => ({ tag: t.tag, contacts: Number(t.contacts) }));
}

/** The owner tags a contact (`tag` already in its stored spelling). */
export async function tagContact(contactId: number, tag: string): Promise<"tagged" | "already" | "unknown"> {
  return db().transaction(async (tx) => {
    const [added] = rowsOf<{ tag: string }>(
      await tx.execute(sql`
        insert into contact_tags (contact_id, tag, source)
        select id, ${tag}, 'by you' from contacts where id = ${contactId}
        on conflict do nothing
        returning tag
      `),
    );
    if (!added) {
      const [exists] = rowsOf(await tx.execute(sql`select 1 from contacts where id = ${contactId}`));
      return exists ? "already" : "unknown";
    }
    await tx.execute(sql`insert into contact_events (contact_id, kind, detail) values (${contactId}, 'tagged', ${`${tag}, by you`})`);
    return "tagged";
  });
}

/** The owner takes a tag off a contact (whoever put it there). */
export async function untagContact(contactId: number, tag: string): Promise<"removed" | "absent" | "unknown"> {
  return db().transaction(async (tx) => {
    const [removed] = rowsOf<{ source: string }>(
      await tx.execute(sql`delete from contact_tags where contact_id = ${contactId} and tag = ${tag} returning source`),
    );
    if (!removed) {
      const [exists] = rowsOf(await tx.execute(sql`select 1 from contacts where id = ${contactId}`));
      return exists ? "absent" : "unknown";
    }
    await tx.execute(sql`
      insert into contact_events (contact_id, kind, detail) values (${contactId}, 'untagged', ${`${tag} (given by ${removed.source}), removed by you`})
    `);
    return "removed";
  });
}
