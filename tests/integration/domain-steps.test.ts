/**
 * Issue 52, item 1: the audience's and the outbox's steps take the caller's transaction. A
 * consent and its e-mail composed in one transaction are stored together or not at all, and the
 * outbox's unique dedupe key, not a read, makes a repeated queueMail queue once. On PGlite and on
 * PostgreSQL.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consents, contactEvents, contacts, outbox } from "../../db/schema";
import { recordConsent, suppress } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { queueMail } from "~/server/mail/outbox-queue.server";
import { useTestDatabase } from "../helpers/db";

useTestDatabase();

const GRANT = { purpose: "guide_followups", wordingVersion: "v7", source: "lead form /blog/x", tags: ["lead-form"] } as const;

async function stored(email: string) {
  const [contact] = await db().select().from(contacts).where(eq(contacts.email, email));
  const rows = await db().select().from(outbox).where(eq(outbox.toAddress, email));
  if (!contact) return { contact, consents: [], events: [], mail: rows };
  return {
    contact,
    consents: await db().select().from(consents).where(eq(consents.contactId, contact.id)),
    events: await db().select().from(contactEvents).where(eq(contactEvents.contactId, contact.id)),
    mail: rows,
  };
}

describe("recordConsent and queueMail in one transaction", () => {
  it("store the contact, its consent, its event and the e-mail together", async () => {
    await db().transaction(async (tx) => {
      const contact = await recordConsent(tx, { email: "Ann@Example.com", name: "Ann" }, GRANT);
      expect(contact).toMatchObject({ email: "ann@example.com", consented: true, suppression: null });
      expect(
        await queueMail(tx, "guide", { leadId: 1, name: "Ann", guide: "credit-repair" }, { dedupeKey: "guide:1", to: contact.email }),
      ).toBe(true);
    });
    const after = await stored("ann@example.com");
    expect(after.contact).toMatchObject({ name: "Ann", tags: ["lead-form"] });
    expect(after.consents.map((c) => [c.purpose, c.source, c.wordingVersion])).toEqual([["guide_followups", "lead form /blog/x", "v7"]]);
    expect(after.events.map((e) => [e.kind, e.detail])).toEqual([["consent", "guide_followups from lead form /blog/x (wording v7)"]]);
    expect(after.mail.map((m) => [m.kind, m.dedupeKey, m.payload])).toEqual([
      ["guide", "guide:1", { leadId: 1, name: "Ann", guide: "credit-repair" }],
    ]);
  });

  it("store nothing when a later step throws", async () => {
    await expect(
      db().transaction(async (tx) => {
        await recordConsent(tx, { email: "bea@example.com", name: "Bea" }, GRANT);
        await queueMail(tx, "guide", { leadId: 2, name: "Bea", guide: "credit-repair" }, { dedupeKey: "guide:2", to: "bea@example.com" });
        throw new Error("the step after them failed");
      }),
    ).rejects.toThrow("the step after them failed");
    const after = await stored("bea@example.com");
    expect(after.contact).toBeUndefined();
    expect(after.mail).toEqual([]);
    expect(await db().select().from(consents)).toEqual([]);
    expect(await db().select().from(contactEvents)).toEqual([]);
  });

  it("keep a name and merge tags on a known contact, and give a suppressed one no consent under skipSuppressed", async () => {
    await recordConsent(db(), { email: "cy@example.com", name: "Cy" }, { ...GRANT, tags: ["topic-credit", "lead-form"] });
    await recordConsent(db(), { email: "cy@example.com", name: "Someone Else" }, { ...GRANT, tags: ["imported", "lead-form"] });
    expect((await stored("cy@example.com")).contact).toMatchObject({ name: "Cy", tags: ["imported", "lead-form", "topic-credit"] });

    await suppress("cy@example.com", "unsubscribed", "unsubscribe link");
    const [kept, fresh] = await recordConsent(
      db(),
      [
        { email: "cy@example.com", source: "import: sheet", keptDetail: "from a.csv: kept suppressed" },
        { email: "dee@example.com", source: "import: sheet", detail: "from a.csv: newsletter consent" },
      ],
      { purpose: "newsletter", wordingVersion: "import", skipSuppressed: true, eventKind: "import" },
    );
    expect(kept).toMatchObject({ email: "cy@example.com", consented: false, suppression: "unsubscribed" });
    expect(fresh).toMatchObject({ email: "dee@example.com", consented: true });
    const cy = await stored("cy@example.com");
    expect(cy.consents.filter((c) => c.purpose === "newsletter")).toEqual([]);
    expect(cy.events.at(-1)).toMatchObject({ kind: "import", detail: "from a.csv: kept suppressed (unsubscribed), no consent recorded" });
    expect((await stored("dee@example.com")).consents.map((c) => c.source)).toEqual(["import: sheet"]);
  });

  it("record each address once, in the place of its first spelling with the words of its last, and prove a new contact", async () => {
    const recorded = await recordConsent(
      db(),
      [
        { email: "Gus@Example.com", detail: "first words", tags: ["imported"] },
        { email: "hal@example.com", name: "Hal" },
        { email: "gus@example.com", name: "Gus", detail: "last words", tags: ["topic-credit"] },
      ],
      { ...GRANT, proved: true },
    );
    expect(recorded.map((r) => [r.email, r.consented, r.suppression])).toEqual([
      ["gus@example.com", true, null],
      ["hal@example.com", true, null],
    ]);
    const gus = await stored("gus@example.com");
    expect(gus.contact).toMatchObject({ id: recorded[0]!.contactId, name: "Gus", tags: ["lead-form", "topic-credit"] });
    expect(gus.contact?.provedAt).toBeInstanceOf(Date);
    expect(gus.consents.map((c) => [c.purpose, c.source, c.wordingVersion])).toEqual([["guide_followups", "lead form /blog/x", "v7"]]);
    expect(gus.events.map((e) => [e.kind, e.detail])).toEqual([["consent", "last words"]]);
    expect((await stored("hal@example.com")).events.map((e) => e.detail)).toEqual(["guide_followups from lead form /blog/x (wording v7)"]);
  });

  it("lift an unsubscribe only when the address proves itself, never a hard bounce", async () => {
    await suppress("eve@example.com", "unsubscribed", "unsubscribe link");
    await suppress("fay@example.com", "hard_bounce", "550 no such user");
    await recordConsent(db(), { email: "eve@example.com" }, { ...GRANT, purpose: "newsletter" });
    expect((await stored("eve@example.com")).contact).toMatchObject({ suppression: "unsubscribed", provedAt: null });
    const proved = { ...GRANT, purpose: "newsletter", proved: true } as const;
    expect(await recordConsent(db(), { email: "eve@example.com" }, proved)).toMatchObject({ suppression: null });
    expect(await recordConsent(db(), { email: "fay@example.com" }, proved)).toMatchObject({ suppression: "hard_bounce" });
    expect((await stored("eve@example.com")).contact?.provedAt).toBeInstanceOf(Date);
  });
});

describe("queueMail", () => {
  it("queues once for one dedupe key, however often it is asked", async () => {
    const ask = (id: number) =>
      db().transaction((tx) => queueMail(tx, "contact-ack", { messageId: id }, { dedupeKey: `contact-ack:${id}`, to: "gus@example.com" }));
    expect(await ask(7)).toBe(true);
    expect(await ask(7)).toBe(false);
    // Two at once: the unique key decides, not a read before the insert.
    expect((await Promise.all([ask(8), ask(8)])).sort()).toEqual([false, true]);
    const rows = await db().select().from(outbox).where(eq(outbox.toAddress, "gus@example.com"));
    expect(rows.map((r) => [r.kind, r.dedupeKey, r.payload]).sort()).toEqual([
      ["contact-ack", "contact-ack:7", { messageId: 7 }],
      ["contact-ack", "contact-ack:8", { messageId: 8 }],
    ]);
  });

  it("waits for dueAt before the first attempt", async () => {
    const dueAt = new Date(Date.now() + 3 * 86_400_000);
    expect(await queueMail(db(), "review-request", { orderId: 3 }, { dedupeKey: "review-request:3", to: "hal@example.com", dueAt })).toBe(
      true,
    );
    const [row] = await db().select().from(outbox).where(eq(outbox.dedupeKey, "review-request:3"));
    expect(row?.dueAt.getTime()).toBe(dueAt.getTime());
    expect(row?.nextAttemptAt.getTime()).toBe(dueAt.getTime());
  });
});
