/**
 * The owner's view of the one audience (/admin/contacts): search, one contact's whole history in
 * time order, and the suppressions the owner may add or lift. The rules of suppression stay in
 * app/server/audience/contacts.server.ts; this module only reads, and logs the owner's actions.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { unionAll, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import {
  consents,
  contactEvents,
  contactMessages,
  contacts,
  leads,
  newsletterSubscribers,
  orders,
  outbox,
  type ConsentPurpose,
  type SuppressionReason,
} from "../../../db/schema";
import type { ContactPost } from "~/lib/forms/dashboard";
import { formatZonedDateTime } from "~/lib/dates";
import { SEQUENCE_INVITATION_PAGE } from "~/lib/site";
import { recordAudit } from "~/server/audit.server";
import { PAGE_SIZE, type Paged } from "~/server/admin/lists.server";
import type { ContactFilters } from "~/lib/forms/contact-filters";
import { contactFilterWhere } from "~/server/audience/audience.server";
import { ownerClearSuppression, suppress, type Contact } from "~/server/audience/contacts.server";
import { tagContact, untagContact } from "~/server/audience/tags.server";
import { contactsPage, countContactsWhere, type ContactRowSchema } from "~/server/admin/admin.sql.server";
import { db } from "~/server/db.server";
import { contactCount } from "~/server/tallies.server";
import { orderNumber } from "~/server/payments/orders.server";

/** A row of the contacts list, its times as ISO strings (the page's data travels as JSON). */
export type ContactRow = Omit<z.output<typeof ContactRowSchema>, "createdAt" | "provedAt"> & { createdAt: string; provedAt: string | null };

/** `%` and `_` in what the owner typed are letters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Contacts that pass the list's filters and whose address or name contains `query` (any case),
 * newest first, a page at a time. The total is what the overview's figure for the same filters says.
 */
export async function searchContacts(
  query: string,
  page: number,
  filters: ContactFilters = {},
): Promise<Paged<ContactRow> & { query: string; filters: ContactFilters }> {
  const q = query.trim().slice(0, 200);
  // Addresses are stored lowercased (app/lib/email-address.ts): a plain LIKE on them, and on the
  // name lowercased, read 100,000 rows in half the time ILIKE takes (issue 44).
  const pattern = likePattern(q.toLowerCase());
  const search = q ? sql`(c.email like ${pattern} or lower(c.name) like ${pattern})` : sql`true`;
  const where = sql`${search} and ${contactFilterWhere(filters)}`;
  let total: number;
  let rows: z.output<typeof ContactRowSchema>[] = [];
  if (q) {
    // A search, usually of a few: the page and the number found in one reading of the rows.
    const found = await contactsPage(where, page, PAGE_SIZE, true);
    total = found.total ?? (await countContactsWhere(where));
    rows = found.rows;
  } else {
    // The whole list's size is the contacts' running count (100,000 rows not counted per view); a
    // filter's is counted. Then the page, read backwards by id until it is full, when there is one.
    total = Object.values(filters).every((value) => !value) ? await contactCount() : await countContactsWhere(where);
    if (page <= Math.ceil(total / PAGE_SIZE)) rows = (await contactsPage(where, page, PAGE_SIZE, false)).rows;
  }
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return { rows: rows.map(withIsoDates), page, pages, total, query: q, filters };
}

function withIsoDates(row: z.output<typeof ContactRowSchema>): ContactRow {
  return { ...row, createdAt: row.createdAt.toISOString(), provedAt: row.provedAt?.toISOString() ?? null };
}

export type HistoryKind = "form" | "consent" | "proof" | "email" | "suppression" | "order" | "import" | "tag";

/** One thing that happened to a contact; `href` links to the dashboard's page about it. */
export type HistoryEntry = { at: string; kind: HistoryKind; title: string; detail: string; href?: string };

export type ContactConsent = {
  id: number;
  purpose: ConsentPurpose;
  source: string;
  wordingVersion: string;
  createdAt: string;
  withdrawnAt: string | null;
};

export type ContactHistory = {
  contact: Omit<Contact, "createdAt" | "provedAt" | "suppressedAt"> & {
    createdAt: string;
    provedAt: string | null;
    suppressedAt: string | null;
  };
  consents: ContactConsent[];
  /** Its tags, A to Z. */
  tags: string[];
  history: HistoryEntry[];
  /** Whether the owner may lift the suppression here (their own, or a hard bounce). */
  canLift: boolean;
};

/** The contact's own columns, as the audience module's Contact names them. */
const CONTACT_COLUMNS = {
  id: contacts.id,
  email: contacts.email,
  name: contacts.name,
  createdAt: contacts.createdAt,
  provedAt: contacts.provedAt,
  suppression: contacts.suppression,
  suppressedAt: contacts.suppressedAt,
  suppressionDetail: contacts.suppressionDetail,
} satisfies Record<keyof Contact, AnyPgColumn>;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

const EVENT_TITLES: Record<string, [HistoryKind, string]> = {
  proved: ["proof", "Proved the address is theirs"],
  suppressed: ["suppression", "Suppressed"],
  "updates-stopped": ["suppression", "Stopped product updates (receipts and files go on)"],
  unsuppressed: ["suppression", "Suppression lifted"],
  import: ["import", "Imported from a CSV file"],
  merged: ["import", "Merged in: the same mailbox, spelled another way"],
  tagged: ["tag", "Tagged"],
  untagged: ["tag", "Tag removed"],
  backfill: ["import", "Recorded from earlier data"],
};

/**
 * Everything the site holds about one contact, in time order (oldest first); undefined for an
 * unknown id. Times inside a detail's words (an e-mail's "sent ...") are in `timeZone`, named.
 */
export async function contactHistory(id: number, timeZone: string): Promise<ContactHistory | undefined> {
  const [found] = await db()
    .select({ ...CONTACT_COLUMNS, tags: contacts.tags })
    .from(contacts)
    .where(eq(contacts.id, id));
  if (!found) return undefined;
  const { tags, ...contact } = found;
  const email = contact.email;
  // Addresses before the one audience were stored as typed: matched lowercased, by their lower() indexes.
  const sameAddress = (column: AnyPgColumn) => sql`lower(${column}) = ${email}`;
  const mailColumns = {
    id: outbox.id,
    at: outbox.createdAt,
    kind: outbox.kind,
    status: outbox.status,
    sentAt: outbox.sentAt,
    attempts: outbox.attempts,
    lastError: outbox.lastError,
  };
  const [leadRows, subscribers, messages, consentRows, events, mail, orderRows] = await Promise.all([
    db().select({ at: leads.createdAt, sourcePage: leads.sourcePage }).from(leads).where(sameAddress(leads.email)),
    db()
      .select({
        createdAt: newsletterSubscribers.createdAt,
        confirmedAt: newsletterSubscribers.confirmedAt,
        unsubscribedAt: newsletterSubscribers.unsubscribedAt,
        consentPage: newsletterSubscribers.consentPage,
        status: newsletterSubscribers.status,
      })
      .from(newsletterSubscribers)
      .where(sameAddress(newsletterSubscribers.email)),
    db()
      .select({ id: contactMessages.id, at: contactMessages.createdAt, subject: contactMessages.subject })
      .from(contactMessages)
      .where(sameAddress(contactMessages.email)),
    db()
      .select({
        id: consents.id,
        purpose: consents.purpose,
        source: consents.source,
        wordingVersion: consents.wordingVersion,
        createdAt: consents.createdAt,
        withdrawnAt: consents.withdrawnAt,
      })
      .from(consents)
      .where(eq(consents.contactId, id))
      .orderBy(asc(consents.id)),
    db()
      .select({ at: contactEvents.createdAt, kind: contactEvents.kind, detail: contactEvents.detail })
      .from(contactEvents)
      .where(and(eq(contactEvents.contactId, id), ne(contactEvents.kind, "consent")))
      .orderBy(asc(contactEvents.id)),
    // A broadcast's row names its contact in the payload (its address may have changed since); other mail, the address.
    unionAll(
      db()
        .select(mailColumns)
        .from(outbox)
        .where(and(ne(outbox.kind, "broadcast"), sameAddress(outbox.toAddress))),
      db()
        .select(mailColumns)
        .from(outbox)
        .where(and(eq(outbox.kind, "broadcast"), sql`(${outbox.payload}->>'contactId')::int = ${id}`)),
    ),
    db()
      .select({
        id: orders.id,
        at: orders.createdAt,
        status: orders.status,
        amountTotal: orders.amountTotal,
        currency: orders.currency,
        campaign: orders.campaign,
      })
      .from(orders)
      .where(sameAddress(orders.customerEmail)),
  ]);

  const history: HistoryEntry[] = [];
  const add = (at: string | Date | null, entry: Omit<HistoryEntry, "at">) => {
    if (at !== null) history.push({ at: iso(at)!, ...entry });
  };
  for (const l of leadRows) add(l.at, { kind: "form", title: "Asked for the free guide", detail: `lead form on /blog/${l.sourcePage}` });
  for (const s of subscribers) {
    if (s.consentPage === SEQUENCE_INVITATION_PAGE) {
      add(s.createdAt, { kind: "email", title: "Invited to the newsletter", detail: `in ${s.consentPage}` });
    } else {
      add(s.createdAt, { kind: "form", title: "Signed up for the newsletter", detail: s.consentPage ? `on ${s.consentPage}` : "" });
    }
    add(s.confirmedAt, { kind: "proof", title: "Confirmed the newsletter sign-up", detail: "used the confirmation link" });
    add(s.unsubscribedAt, { kind: "suppression", title: "Newsletter ended", detail: `status ${s.status}` });
  }
  for (const m of messages) add(m.at, { kind: "form", title: "Sent a contact message", detail: m.subject });
  for (const c of consentRows) {
    const detail = `${c.source} (wording ${c.wordingVersion})`;
    add(c.createdAt, { kind: "consent", title: `Consent given: ${c.purpose}`, detail });
    add(c.withdrawnAt, { kind: "consent", title: `Consent withdrawn: ${c.purpose}`, detail });
  }
  let provedEvent = false;
  for (const e of events) {
    const [kind, title] = EVENT_TITLES[e.kind] ?? (["import", e.kind] as [HistoryKind, string]);
    provedEvent ||= e.kind === "proved";
    add(e.at, { kind, title, detail: e.detail });
  }
  if (contact.provedAt && !provedEvent) add(contact.provedAt, { kind: "proof", title: "Proved the address is theirs", detail: "" });
  for (const m of mail) {
    const outcome = [
      m.status,
      m.sentAt ? `sent ${formatZonedDateTime(m.sentAt, timeZone)}` : null,
      m.attempts > 1 ? `${m.attempts} attempts` : null,
      m.lastError ? `last error: ${m.lastError}` : null,
    ].filter(Boolean);
    add(m.at, { kind: "email", title: `E-mail: ${m.kind}`, detail: outcome.join("; ") });
  }
  for (const o of orderRows) {
    const amount = `${(o.amountTotal / 100).toFixed(2)} ${o.currency.toUpperCase()}`;
    add(o.at, {
      kind: "order",
      title: `Order ${orderNumber(o.id)}`,
      detail: `${o.status}, ${amount}${o.campaign ? `, from the e-mail ${o.campaign}` : ""}`,
      href: `/admin/orders/${o.id}`,
    });
  }
  history.sort((a, b) => a.at.localeCompare(b.at));

  return {
    contact: { ...contact, createdAt: iso(contact.createdAt)!, provedAt: iso(contact.provedAt), suppressedAt: iso(contact.suppressedAt) },
    consents: consentRows.map((c) => ({ ...c, createdAt: iso(c.createdAt)!, withdrawnAt: iso(c.withdrawnAt) })),
    tags,
    history,
    canLift: contact.suppression === "owner" || contact.suppression === "hard_bounce",
  };
}

async function contactAddress(id: number): Promise<{ email: string; suppression: SuppressionReason | null } | undefined> {
  const [row] = await db().select({ email: contacts.email, suppression: contacts.suppression }).from(contacts).where(eq(contacts.id, id));
  return row;
}

export type OwnerSuppressResult = "suppressed" | "already" | "unknown";

/**
 * The owner stops list mail to a contact ("owner": receipts still go). An address already
 * suppressed keeps its reason (an owner suppression never replaces a stronger one).
 */
export async function ownerSuppressContact(id: number, detail: string): Promise<OwnerSuppressResult> {
  const contact = await contactAddress(id);
  if (!contact) return "unknown";
  if (contact.suppression) return "already";
  const why = detail.trim() || "added by the owner";
  await suppress(contact.email, "owner", why);
  await recordAudit("contact-suppress", `contact:${id}`, `${contact.email} suppressed by the owner: ${why}`);
  return "suppressed";
}

/** Lift what the owner may lift (their own suppression, a hard bounce); an unsubscribe or a complaint is refused. */
export async function ownerLiftSuppression(id: number): Promise<"cleared" | "refused" | "none" | "unknown"> {
  const contact = await contactAddress(id);
  if (!contact) return "unknown";
  const result = await ownerClearSuppression(contact.email);
  if (result === "cleared") {
    await recordAudit("contact-unsuppress", `contact:${id}`, `${contact.email}: the owner lifted ${contact.suppression}`);
  }
  return result;
}

/** The owner tags a contact by hand (the tag in its stored spelling), logged. */
export async function ownerTagContact(id: number, tag: string): Promise<"tagged" | "already" | "unknown"> {
  const result = await tagContact(id, tag);
  if (result === "tagged") await recordAudit("contact-tag", `contact:${id}`, `tagged ${tag}`);
  return result;
}

/** The owner takes a tag off a contact, logged. */
export async function ownerUntagContact(id: number, tag: string): Promise<"removed" | "absent" | "unknown"> {
  const result = await untagContact(id, tag);
  if (result === "removed") await recordAudit("contact-untag", `contact:${id}`, `removed the tag ${tag}`);
  return result;
}

/** What a post of a contact's page did: the sentence to say on the page, or why nothing changed. */
export type ContactPostOutcome = { done: string } | { refused: string };

const DONE = {
  suppressed: "Suppressed: no list e-mail goes to this address now. Receipts still do.",
  cleared: "Suppression lifted. Consents withdrawn by it stay withdrawn until the person gives them again.",
  tagged: "Tagged.",
  removed: "Tag removed.",
} as const;

const REFUSED = {
  already: "This address is already suppressed; its reason stays.",
  refused:
    "This suppression cannot be lifted here: the person unsubscribed or reported spam. Only they can undo it, by signing up again and confirming their address.",
  none: "This address is not suppressed.",
  absent: "This contact does not have that tag (it was removed already).",
} as const;

/**
 * A contact page's post, parsed by its schema (ContactActionSchema): one server function per
 * intent. Undefined when there is no such contact.
 */
export async function runContactPost(id: number, post: ContactPost): Promise<ContactPostOutcome | undefined> {
  const result =
    post.intent === "suppress"
      ? await ownerSuppressContact(id, post.detail)
      : post.intent === "lift"
        ? await ownerLiftSuppression(id)
        : post.intent === "tag"
          ? await ownerTagContact(id, post.tag)
          : await ownerUntagContact(id, post.tag);
  if (result === "unknown") return undefined;
  if (result in DONE) return { done: DONE[result as keyof typeof DONE] };
  if (result === "already" && post.intent === "tag") return { refused: `This contact has the tag ${post.tag} already.` };
  return { refused: REFUSED[result as keyof typeof REFUSED] };
}
