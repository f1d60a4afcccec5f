/**
 * The owner's view of the one audience (/admin/contacts): search, one contact's whole history in
 * time order, and the suppressions the owner may add or lift. The rules of suppression stay in
 * app/server/audience/contacts.server.ts; this module only reads, and logs the owner's actions.
 */
import { sql } from "drizzle-orm";
import type { ConsentPurpose, SuppressionReason } from "../../../db/schema";
import type { ContactPost } from "~/lib/forms/dashboard";
import { formatZonedDateTime } from "~/lib/dates";
import { SEQUENCE_INVITATION_PAGE } from "~/lib/site";
import { recordAudit } from "~/server/audit.server";
import { PAGE_SIZE, type Paged } from "~/server/admin/lists.server";
import type { ContactFilters } from "~/lib/forms/contact-filters";
import { contactFilterWhere } from "~/server/audience/audience.server";
import { ownerClearSuppression, suppress, type Contact } from "~/server/audience/contacts.server";
import { tagContact, untagContact } from "~/server/audience/tags.server";
import { db, rowsOf } from "~/server/db.server";
import { contactCount } from "~/server/tallies.server";
import { orderNumber } from "~/server/payments/orders.server";

export type ContactRow = {
  id: number;
  email: string;
  name: string | null;
  createdAt: string;
  provedAt: string | null;
  suppression: SuppressionReason | null;
  suppressionDetail: string | null;
  /** Purposes with a consent not withdrawn, e.g. "guide_followups,newsletter". */
  activeConsents: string | null;
  withdrawnConsents: number;
  /** Its tags, space-separated, A to Z. */
  tags: string | null;
};

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
  const where = sql`where ${search} and ${contactFilterWhere(filters)}`;
  const pageOf = (withTotal: boolean) => sql`
    select c.id, c.email, c.name, c.created_at as "createdAt", c.proved_at as "provedAt", c.suppression,
           c.suppression_detail as "suppressionDetail",
           (select string_agg(distinct purpose, ',' order by purpose) from consents where contact_id = c.id and withdrawn_at is null) as "activeConsents",
           (select count(*) from consents where contact_id = c.id and withdrawn_at is not null)::int as "withdrawnConsents",
           array_to_string(c.tags, ' ') as tags${withTotal ? sql`, c.total` : sql``}
    from (select c.*${withTotal ? sql`, count(*) over ()::int as total` : sql``} from contacts c ${where}
          order by c.id desc limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}) c
    order by c.id desc
  `;
  const counted = async () =>
    rowsOf<{ total: number }>(await db().execute(sql`select count(*)::int as total from contacts c ${where}`))[0]!.total;
  let total: number;
  let rows: ContactRow[] = [];
  if (q) {
    // A search, usually of a few: the page and the number found in one reading of the rows.
    const found = rowsOf<ContactRow & { total: number }>(await db().execute(pageOf(true)));
    total = found[0]?.total ?? (await counted());
    rows = found.map(({ total: _total, ...row }) => row);
  } else {
    // The whole list's size is the contacts' running count (100,000 rows not counted per view); a
    // filter's is counted. Then the page, read backwards by id until it is full, when there is one.
    total = Object.values(filters).every((value) => !value) ? await contactCount() : await counted();
    if (page <= Math.ceil(total / PAGE_SIZE)) rows = rowsOf<ContactRow>(await db().execute(pageOf(false)));
  }
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return { rows: rows.map(withIsoDates), page, pages, total, query: q, filters };
}

function withIsoDates<T extends { createdAt: unknown; provedAt: unknown }>(row: T): T {
  const iso = (v: unknown) => (v === null ? null : new Date(v as string).toISOString());
  return { ...row, createdAt: iso(row.createdAt), provedAt: iso(row.provedAt) };
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

type Dated = { at: string | Date };
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

const EVENT_TITLES: Record<string, [HistoryKind, string]> = {
  proved: ["proof", "Proved the address is theirs"],
  suppressed: ["suppression", "Suppressed"],
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
  const [found] = rowsOf<Contact & { tags: string[] }>(
    await db().execute(sql`
      select id, email, name, created_at as "createdAt", proved_at as "provedAt", suppression,
             suppressed_at as "suppressedAt", suppression_detail as "suppressionDetail", tags
      from contacts where id = ${id}
    `),
  );
  if (!found) return undefined;
  const { tags, ...contact } = found;
  const email = contact.email;
  const run = <T>(query: ReturnType<typeof sql>) =>
    db()
      .execute(query)
      .then((r) => rowsOf<T>(r));
  const [leads, subscribers, messages, consents, events, mail, orders] = await Promise.all([
    run<Dated & { sourcePage: string }>(sql`select created_at as at, source_page as "sourcePage" from leads where lower(email) = ${email}`),
    run<{ createdAt: string; confirmedAt: string | null; unsubscribedAt: string | null; consentPage: string | null; status: string }>(
      sql`select created_at as "createdAt", confirmed_at as "confirmedAt", unsubscribed_at as "unsubscribedAt",
                 consent_page as "consentPage", status from newsletter_subscribers where lower(email) = ${email}`,
    ),
    run<Dated & { id: number; subject: string }>(
      sql`select id, created_at as at, subject from contact_messages where lower(email) = ${email}`,
    ),
    run<ContactConsent>(
      sql`select id, purpose, source, wording_version as "wordingVersion", created_at as "createdAt", withdrawn_at as "withdrawnAt"
          from consents where contact_id = ${id} order by id`,
    ),
    run<Dated & { kind: string; detail: string }>(
      sql`select created_at as at, kind, detail from contact_events where contact_id = ${id} and kind <> 'consent' order by id`,
    ),
    run<Dated & { id: number; kind: string; status: string; sentAt: string | null; attempts: number; lastError: string | null }>(
      sql`select id, created_at as at, kind, status, sent_at as "sentAt", attempts, last_error as "lastError"
          from outbox where kind <> 'broadcast' and lower(to_address) = ${email}
          union all
          select id, created_at as at, kind, status, sent_at as "sentAt", attempts, last_error as "lastError"
          from outbox where kind = 'broadcast' and (payload->>'contactId')::int = ${id}`,
    ),
    run<Dated & { id: number; status: string; amountTotal: number; currency: string; campaign: string | null }>(
      sql`select id, created_at as at, status, amount_total as "amountTotal", currency, campaign
          from orders where lower(customer_email) = ${email}`,
    ),
  ]);

  const history: HistoryEntry[] = [];
  const add = (at: string | Date | null, entry: Omit<HistoryEntry, "at">) => {
    if (at !== null) history.push({ at: iso(at)!, ...entry });
  };
  for (const l of leads) add(l.at, { kind: "form", title: "Asked for the free guide", detail: `lead form on /blog/${l.sourcePage}` });
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
  for (const c of consents) {
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
  for (const o of orders) {
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
    consents: consents.map((c) => ({ ...c, createdAt: iso(c.createdAt)!, withdrawnAt: iso(c.withdrawnAt) })),
    tags,
    history,
    canLift: contact.suppression === "owner" || contact.suppression === "hard_bounce",
  };
}

async function contactAddress(id: number): Promise<{ email: string; suppression: SuppressionReason | null } | undefined> {
  const [row] = rowsOf<{ email: string; suppression: SuppressionReason | null }>(
    await db().execute(sql`select email, suppression from contacts where id = ${id}`),
  );
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
