/**
 * The one audience: one contact per address, its consents, and its suppression. This module is
 * the only writer of consents and suppressions (issue 40): a form and a purchase record a consent
 * through `recordConsent` in their own transaction, the import a set of them through
 * `recordConsentSet` (audience.sql.server.ts), one statement for up to 10,000 people.
 * Every send path asks `sendBlocker` at send time (app/server/mail/mailer.server.ts), not only
 * when it queues: may a message of this purpose go to this address now?
 */
import { and, eq, getTableColumns, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  CONSENT_PURPOSES,
  consents,
  contactEvents,
  contacts,
  newsletterSubscribers,
  sequenceEnrollments,
  type ConsentPurpose,
  type SuppressionReason,
} from "../../../db/schema";
import { baseMailbox, canonicalEmail } from "~/lib/email-address";
import { recordConsentRows, tagArray } from "~/server/audience/audience.sql.server";
import { db, type Executor } from "~/server/db.server";

/**
 * Why a message is sent: what a person needs whatever they chose (receipt, lost link,
 * confirmation), the purpose of a consent it needs (the guide and its follow-ups, the
 * newsletter's broadcasts, a buyer's one review request), or "product-updates": news of what the
 * person bought (decision 071), under the buyer's purchase rather than a consent of its own, so it
 * goes through an unsubscribe from the list (which withdraws every consent), and stops for the
 * person's own stop of updates and for any other suppression (a bounce, a complaint, the owner's).
 */
export type SendPolicy = "transactional" | "product-updates" | ConsentPurpose;

/** The suppression an update to a buyer goes through: an unsubscribe from the list, not from what they bought. */
export const UPDATES_GO_THROUGH: readonly SuppressionReason[] = ["unsubscribed"];

/**
 * A current consent of contact `c` for this purpose. Two spellings of the one rule: "per-contact"
 * (a correlated EXISTS) for a few contacts, as the send-time check asks; "set" (IN lists the
 * database hashes once) for counting or queueing 100,000 of them, as the audiences do (issue 44). The newsletter's needs the address confirmed
 * (double opt-in: the newsletter box, or the last guide e-mail's button) or an owner's import,
 * which attests consent given elsewhere. The broadcasts' audiences (audience.server.ts) and the
 * send-time check both use this one definition.
 */
export function currentConsent(purpose: ConsentPurpose, form: "per-contact" | "set" = "per-contact"): SQL {
  const held = (also: SQL = sql``) =>
    form === "set"
      ? sql`c.id in (select k.contact_id from consents k where k.purpose = ${purpose} and k.withdrawn_at is null${also})`
      : sql`exists (select 1 from consents k where k.contact_id = c.id and k.purpose = ${purpose} and k.withdrawn_at is null${also})`;
  if (purpose !== "newsletter") return held();
  const confirmed =
    form === "set"
      ? sql`c.email in (select s.email from newsletter_subscribers s where s.status = 'confirmed')`
      : sql`exists (select 1 from newsletter_subscribers s where s.email = c.email and s.status = 'confirmed')`;
  // A current newsletter consent from an import, or a current one and the address confirmed.
  return sql`(${held(sql` and k.source like 'import:%'`)} or (${held()} and ${confirmed}))`;
}

/**
 * Which suppression outranks which: a complaint or a hard bounce also stops transactional mail,
 * so it replaces an unsubscribe, never the other way round.
 */
const RANK: Record<SuppressionReason, number> = { owner: 1, unsubscribed: 2, hard_bounce: 3, complaint: 4 };

/** Reasons that stop even a receipt: the address does not exist, or its owner called us spam. */
const BLOCKS_TRANSACTIONAL: readonly SuppressionReason[] = ["hard_bounce", "complaint"];

/** The one spelling every table holds and every comparison uses (app/lib/email-address.ts). */
export const normalizeEmail = canonicalEmail;

export type Contact = {
  id: number;
  email: string;
  name: string | null;
  createdAt: Date;
  provedAt: Date | null;
  suppression: SuppressionReason | null;
  suppressedAt: Date | null;
  suppressionDetail: string | null;
};

/** A Contact's columns (all but its tags and its stop of product updates), for a select's or a returning's fields. */
const { tags: _tags, productUpdatesStoppedAt: _stopped, ...CONTACT_FIELDS } = getTableColumns(contacts);

export async function findContact(email: string): Promise<Contact | undefined> {
  const [row] = await db()
    .select(CONTACT_FIELDS)
    .from(contacts)
    .where(eq(contacts.email, normalizeEmail(email)));
  return row;
}

/** The contact of this address, made if new (a name fills an empty one, never replaces it). */
export async function upsertContact(email: string, name?: string): Promise<Contact> {
  const [row] = await db()
    .insert(contacts)
    .values({ email: normalizeEmail(email), name: name ?? null })
    .onConflictDoUpdate({ target: contacts.email, set: { name: sql`coalesce(${contacts.name}, excluded.name)` } })
    .returning(CONTACT_FIELDS);
  return row!;
}

/** Why a message of this policy may not go to this address now, or undefined when it may. */
export async function sendBlocker(email: string, policy: SendPolicy): Promise<string | undefined> {
  return (await sendBlockers([{ email, policy }]))[0];
}

/**
 * The spellings whose suppression covers a message to this address: the address, and the base
 * mailbox of a "+tag" spelling (app/lib/email-address.ts, baseMailbox; issue 51). A suppression
 * lives on the spelling that asked for it, so lifting the base's lifts it for every tag too.
 */
export function coveringSpellings(email: string): string[] {
  return [...new Set([normalizeEmail(email), baseMailbox(email)])];
}

const listOf = (addresses: readonly string[]) =>
  sql.join(
    addresses.map((a) => sql`${a}`),
    sql`, `,
  );

/**
 * Whether this address, or the base mailbox of its "+tag" spelling, is suppressed, for any
 * reason. A public form asks it in the transaction that queues its e-mail (issue 51: unsubscribed
 * means silent), so a stranger who types a suppressed address makes the site write nothing to it,
 * and is answered as anyone else is: the form's answer reveals nothing. `own`: the address's
 * contact as a step of the same transaction just returned it, so only the base mailbox is read.
 */
export async function addressSuppressed(
  tx: Executor,
  email: string,
  own?: { email: string; suppression: SuppressionReason | null },
): Promise<boolean> {
  if (own?.suppression) return true;
  const spellings = coveringSpellings(email).filter((spelling) => spelling !== own?.email);
  if (spellings.length === 0) return false;
  const [hit] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(inArray(contacts.email, spellings), isNotNull(contacts.suppression)))
    .limit(1);
  return hit !== undefined;
}

/**
 * True in SQL when list e-mail to this address (or to the base mailbox of its "+tag" spelling)
 * stopped at or after `since` (an SQL timestamptz): a suppression recorded then, lifted since or
 * not (every `suppress` writes a "suppressed" event, a weaker reason too). A newsletter
 * confirmation link minted before that confirms nothing (email-links.server.ts).
 */
export function stoppedSince(email: string, since: SQL): SQL {
  return sql`exists (
    select 1 from contacts sc
    where sc.email in (${listOf(coveringSpellings(email))})
      and (sc.suppressed_at >= ${since}
        or exists (select 1 from contact_events se where se.contact_id = sc.id and se.kind = 'suppressed' and se.created_at >= ${since}))
  )`;
}

/**
 * sendBlocker for many messages about to go, in one query: each one's blocker, in their order. A
 * suppression stops every message of a consent's purpose, and a hard bounce or a complaint stops
 * transactional ones too; a message of a purpose goes only to a contact whose consent for that
 * purpose is current now (a broadcast row queued before an unsubscribe, or by an older version
 * of the site to a guide reader, is held back here). A suppression of the base mailbox counts for
 * each of its "+tag" spellings (coveringSpellings), whose own consent is still the one asked for.
 */
export async function sendBlockers(sends: { email: string; policy: SendPolicy }[]): Promise<(string | undefined)[]> {
  if (sends.length === 0) return [];
  const addresses = [...new Set(sends.flatMap((s) => coveringSpellings(s.email)))];
  // Only the purposes these messages need are looked up (a batch of guide e-mails asks one question per address).
  const needed = CONSENT_PURPOSES.filter((purpose) => sends.some((s) => s.policy === purpose));
  // currentConsent speaks of contact `c`: the contacts are read under that name.
  const c = alias(contacts, "c");
  const held: Partial<Record<ConsentPurpose, SQL<boolean>>> = Object.fromEntries(
    needed.map((purpose) => [purpose, sql<boolean>`${currentConsent(purpose)}`]),
  );
  const rows = await db()
    .select({ email: c.email, suppression: c.suppression, updatesStoppedAt: c.productUpdatesStoppedAt, ...held })
    .from(c)
    .where(inArray(c.email, addresses));
  const known = new Map(rows.map((r) => [r.email, r]));
  return sends.map(({ email, policy }) => {
    const contact = known.get(normalizeEmail(email));
    // The strongest of the address's own suppression and its base mailbox's.
    const suppression = coveringSpellings(email)
      .map((spelling) => known.get(spelling)?.suppression)
      .reduce<SuppressionReason | null | undefined>((a, b) => (!b || (a && RANK[a] >= RANK[b]) ? a : b), undefined);
    if (policy === "transactional") {
      return suppression && BLOCKS_TRANSACTIONAL.includes(suppression) ? `address suppressed (${suppression})` : undefined;
    }
    if (policy === "product-updates") {
      if (suppression && !UPDATES_GO_THROUGH.includes(suppression)) return `address suppressed (${suppression})`;
      // A stop of the base mailbox's updates covers its "+tag" spellings, as a suppression does.
      const stopped = coveringSpellings(email).some((spelling) => known.get(spelling)?.updatesStoppedAt);
      return stopped ? "product updates stopped" : undefined;
    }
    if (suppression) return `address suppressed (${suppression})`;
    return contact?.[policy] ? undefined : `no current ${policy} consent`;
  });
}

/** Tags as a text[] parameter list ('{}' for none): audience.sql.server.ts, whose statements use it too. */
export { tagArray };

/** Tags A to Z, each once, in code-point order, as merge_tags keeps them (COLLATE "C", migration 0017). */
const sortedTags = (tags: readonly string[]) => [...new Set(tags)].sort();

/**
 * Who a consent is recorded for: an address and maybe a name, and, for a batch whose people each
 * came their own way (an import's rows, a buyer's products), their own source, tags and history words.
 */
export type ConsentPerson = {
  email: string;
  name?: string | null;
  source?: string;
  tags?: readonly string[];
  /** The history's words; default: "<purpose> from <source> (wording <version>)". */
  detail?: string;
  /** With `skipSuppressed`: the history's words when the contact is suppressed and gets no consent. */
  keptDetail?: string;
};

export type ConsentGrant = {
  purpose: ConsentPurpose;
  wordingVersion: string;
  /** Where it was given ("lead form /blog/x", "import: <source>"), unless each person says. */
  source?: string;
  /** Tags added to every person's own. */
  tags?: readonly string[];
  detail?: string;
  /** The address proved itself (a link we sent it was used): a suppression other than a hard bounce ends. */
  proved?: boolean;
  /** A suppressed contact gets no consent (an import cannot undo an unsubscribe); its event says so. */
  skipSuppressed?: boolean;
  /** The contact event's kind (default "consent"; an import's are "import"). */
  eventKind?: string;
};

export type ConsentRecorded = {
  contactId: number;
  email: string;
  /** Whether a consent row was written (false only for a suppressed contact under `skipSuppressed`). */
  consented: boolean;
  /** The contact's own suppression after this step (its base mailbox's is not looked at here). */
  suppression: SuppressionReason | null;
};

/**
 * Record a consent, in the caller's transaction, so a form's row, its consent and its e-mail are
 * stored together or not at all: the contact made if new (a name fills an empty one; its tags
 * merged by merge_tags, migration 0017), the consent under this wording, and its contact_event. A
 * form's consent is recorded as given; a suppression by unsubscribe, complaint or the owner ends
 * only when the address proves itself (`proved`: the person asked again from a link we sent
 * them; the owner cannot clear those, see `ownerClearSuppression`), and a hard bounce stays until
 * mail to the address is accepted again. With `skipSuppressed`, a suppressed contact gets no
 * consent and its event says so (`keptDetail`). One statement (recordConsentRows in
 * audience.sql.server.ts), for one person or many (an import's batch: each address once, in the
 * order of its first spelling).
 */
export async function recordConsent(tx: Executor, person: ConsentPerson, grant: ConsentGrant): Promise<ConsentRecorded>;
export async function recordConsent(tx: Executor, people: readonly ConsentPerson[], grant: ConsentGrant): Promise<ConsentRecorded[]>;
export async function recordConsent(
  tx: Executor,
  who: ConsentPerson | readonly ConsentPerson[],
  grant: ConsentGrant,
): Promise<ConsentRecorded | ConsentRecorded[]> {
  const people = (Array.isArray(who) ? who : [who]) as readonly ConsentPerson[];
  if (people.length === 0) return [];
  // Each address once: in the place of its first spelling, with the words of its last.
  const byEmail = new Map(people.map((p) => [normalizeEmail(p.email), p]));
  const recorded: ConsentRecorded[] = await recordConsentRows(
    tx,
    [...byEmail].map(([email, p], ord) => {
      const source = p.source ?? grant.source ?? "";
      const detail = p.detail ?? grant.detail ?? `${grant.purpose} from ${source} (wording ${grant.wordingVersion})`;
      return {
        ord,
        email,
        name: p.name ?? null,
        tags: sortedTags([...(grant.tags ?? []), ...(p.tags ?? [])]),
        source,
        detail,
        keptDetail: p.keptDetail ?? detail,
      };
    }),
    grant,
  );
  return Array.isArray(who) ? recorded : recorded[0]!;
}

async function recordEvent(contactId: number, kind: string, detail: string): Promise<void> {
  await db().insert(contactEvents).values({ contactId, kind, detail });
}

/**
 * Suppress an address (made a contact if unknown): its consents are withdrawn, its newsletter
 * subscription ends and its welcome sequence stops, at once. A weaker reason never replaces a
 * stronger one (an unsubscribe after a complaint stays a complaint).
 */
export async function suppress(email: string, reason: SuppressionReason, detail: string): Promise<void> {
  const address = normalizeEmail(email);
  const contact = await upsertContact(address);
  const stronger = !contact.suppression || RANK[reason] > RANK[contact.suppression];
  await db().transaction(async (tx) => {
    if (stronger) {
      await tx
        .update(contacts)
        .set({ suppression: reason, suppressedAt: sql`now()`, suppressionDetail: detail.slice(0, 500) })
        .where(eq(contacts.id, contact.id));
    }
    await tx
      .update(consents)
      .set({ withdrawnAt: sql`now()` })
      .where(and(eq(consents.contactId, contact.id), isNull(consents.withdrawnAt)));
    await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: sql`now()` })
      .where(and(sql`lower(${newsletterSubscribers.email}) = ${address}`, ne(newsletterSubscribers.status, "unsubscribed")));
    await tx
      .update(sequenceEnrollments)
      .set({ status: "stopped", stoppedReason: reason })
      .where(and(eq(sequenceEnrollments.contactId, contact.id), eq(sequenceEnrollments.status, "active")));
    await tx.insert(contactEvents).values({ contactId: contact.id, kind: "suppressed", detail: `${reason}: ${detail}`.slice(0, 500) });
  });
}

/**
 * The person stopped the updates about what they bought (a product update's one-click link): none
 * go to them again (sendBlockers), whatever they bought; receipts, files and the newsletter are not
 * touched. The first stop is kept; a repeat changes nothing. Made a contact if unknown.
 */
export async function stopProductUpdates(email: string, how: string): Promise<void> {
  const contact = await upsertContact(email);
  await db().transaction(async (tx) => {
    const [stopped] = await tx
      .update(contacts)
      .set({ productUpdatesStoppedAt: sql`now()` })
      .where(and(eq(contacts.id, contact.id), isNull(contacts.productUpdatesStoppedAt)))
      .returning({ id: contacts.id });
    if (stopped) await tx.insert(contactEvents).values({ contactId: contact.id, kind: "updates-stopped", detail: how.slice(0, 500) });
  });
}

/** Whether this address stopped its product updates (its page says so, with no second button). */
export async function productUpdatesStopped(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ at: contacts.productUpdatesStoppedAt })
    .from(contacts)
    .where(eq(contacts.email, normalizeEmail(email)));
  return Boolean(row?.at);
}

/** The address used a link we sent it: it is theirs. Returns the contact, or undefined for an unknown address. */
export async function markProved(email: string, how: string, now: Date = new Date()): Promise<Contact | undefined> {
  const [row] = await db()
    .update(contacts)
    .set({ provedAt: sql`coalesce(${contacts.provedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(contacts.email, normalizeEmail(email)))
    .returning(CONTACT_FIELDS);
  if (!row) return undefined;
  await recordEvent(row.id, "proved", how);
  return row;
}

/**
 * The owner's own suppression, or a hard bounce they know is fixed, can be lifted from the
 * dashboard; an unsubscribe or a complaint cannot (only a new recorded consent lifts those).
 */
export async function ownerClearSuppression(email: string): Promise<"cleared" | "refused" | "none"> {
  const contact = await findContact(email);
  if (!contact?.suppression) return "none";
  if (contact.suppression === "unsubscribed" || contact.suppression === "complaint") return "refused";
  await db().update(contacts).set({ suppression: null, suppressedAt: null, suppressionDetail: null }).where(eq(contacts.id, contact.id));
  await recordEvent(contact.id, "unsuppressed", `owner cleared ${contact.suppression}`);
  return "cleared";
}
