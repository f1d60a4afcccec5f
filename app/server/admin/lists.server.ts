/** Contact messages for the dashboard, newest first, a page at a time, and the paging the lists share. */
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { contactMessages } from "../../../db/schema";
import { recordAudit } from "~/server/audit.server";
import { db } from "~/server/db.server";

export const PAGE_SIZE = 50;

export type Paged<T> = { rows: T[]; page: number; pages: number; total: number };

/** ?page=N, from 1; anything else is page 1. */
export function pageFrom(param: string | null): number {
  const n = Number(param);
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

async function paged<T>(total: number, page: number, rows: (offset: number) => Promise<T[]>): Promise<Paged<T>> {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return { rows: page > pages ? [] : await rows((page - 1) * PAGE_SIZE), page, pages, total };
}

export async function messagesPage(page: number) {
  const [{ n }] = (await db().select({ n: count() }).from(contactMessages)) as [{ n: number }];
  const [{ open }] = (await db().select({ open: count() }).from(contactMessages).where(isNull(contactMessages.handledAt))) as [
    { open: number },
  ];
  const result = await paged(n, page, (offset) =>
    db().select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(PAGE_SIZE).offset(offset),
  );
  return { ...result, open };
}

/** Mark a message handled (once: a second click changes nothing and logs nothing). */
export async function markMessageHandled(id: number): Promise<boolean> {
  const updated = await db()
    .update(contactMessages)
    .set({ handledAt: new Date() })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
    .returning({ id: contactMessages.id, email: contactMessages.email });
  if (updated.length === 0) return false;
  await recordAudit("mark-handled", `message:${id}`, `message from ${updated[0]!.email} marked handled`);
  return true;
}
