/**
 * Tags on contacts (app/lib/tags.ts says what a tag may be), kept on the contact's own row. The
 * site's own are added with a consent, in the same step (contacts.server.ts `recordConsent`,
 * audience.sql.server.ts `recordConsentSet`): the form, the guide, the article's topic, a purchase, an import and its
 * tags column. Here: the owner's by hand, on one contact's page, each with an event in the
 * contact's history, and the tags in use.
 */
import { and, eq, sql } from "drizzle-orm";
import { contactEvents, contacts } from "../../../db/schema";
import { db, type Executor } from "~/server/db.server";
import { tagCounts } from "~/server/tallies.server";

/**
 * Every tag in use, with how many contacts have it, A to Z (the filters' and the broadcast editor's
 * choices): the contacts' running counts (tallies.server.ts), not a count of 100,000 rows per view.
 */
export async function tagsInUse(): Promise<{ tag: string; contacts: number }[]> {
  return tagCounts();
}

async function contactExists(tx: Executor, contactId: number): Promise<boolean> {
  const [found] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId));
  return found !== undefined;
}

/** The owner's tagging in the contact's history ("<tag>, by you"). */
async function ownerTagEvent(tx: Executor, contactId: number, kind: "tagged" | "untagged", tag: string): Promise<void> {
  await tx.insert(contactEvents).values({ contactId, kind, detail: `${tag}, by you` });
}

/** The owner tags a contact (`tag` already in its stored spelling). */
export async function tagContact(contactId: number, tag: string): Promise<"tagged" | "already" | "unknown"> {
  return db().transaction(async (tx) => {
    // merge_tags keeps them A to Z, each once (migration 0017).
    const [added] = await tx
      .update(contacts)
      .set({ tags: sql`merge_tags(${contacts.tags}, array[${tag}]::text[])` })
      .where(and(eq(contacts.id, contactId), sql`not (${tag} = any(${contacts.tags}))`))
      .returning({ id: contacts.id });
    if (!added) return (await contactExists(tx, contactId)) ? "already" : "unknown";
    await ownerTagEvent(tx, contactId, "tagged", tag);
    return "tagged";
  });
}

/** The owner takes a tag off a contact (whoever gave it). */
export async function untagContact(contactId: number, tag: string): Promise<"removed" | "absent" | "unknown"> {
  return db().transaction(async (tx) => {
    const [removed] = await tx
      .update(contacts)
      .set({ tags: sql`array_remove(${contacts.tags}, ${tag})` })
      .where(and(eq(contacts.id, contactId), sql`${tag} = any(${contacts.tags})`))
      .returning({ id: contacts.id });
    if (!removed) return (await contactExists(tx, contactId)) ? "absent" : "unknown";
    await ownerTagEvent(tx, contactId, "untagged", tag);
    return "removed";
  });
}
