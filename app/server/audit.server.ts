/** The dashboard's audit log: every change the owner makes leaves one row. */
import { desc, eq } from "drizzle-orm";
import { adminAuditLog } from "../../db/schema";
import { db } from "~/server/db.server";

export type AuditAction =
  | "refund"
  | "resend-receipt"
  | "reset-downloads"
  | "mark-handled"
  | "retry-email"
  | "review-approve"
  | "review-reject"
  | "review-hide"
  | "review-reopen"
  | "review-threshold"
  | "review-auto-publish"
  | "review-auto-publish-days"
  | "former-price-add"
  | "former-price-delete"
  | "product-save"
  | "product-create"
  | "product-price"
  | "product-file-upload"
  | "product-file-replace"
  | "product-file-remove"
  | "product-sale"
  | "promotion-create"
  | "promotion-disable"
  | "promotion-enable"
  | "contact-suppress"
  | "contact-tag"
  | "contact-untag"
  | "contact-unsuppress"
  | "contact-import"
  | "guide-choice"
  | "retry-sending"
  | "lift-send-suppression"
  | "business-details";
export type AuditEntry = typeof adminAuditLog.$inferSelect;

export async function recordAudit(action: AuditAction, target: string, detail: string): Promise<void> {
  await db().insert(adminAuditLog).values({ action, target, detail });
}

/** The latest entries, or those about one target ("order:12"). */
export async function auditEntries({ target, limit = 50 }: { target?: string; limit?: number } = {}): Promise<AuditEntry[]> {
  return db()
    .select()
    .from(adminAuditLog)
    .where(target ? eq(adminAuditLog.target, target) : undefined)
    .orderBy(desc(adminAuditLog.id))
    .limit(limit);
}
