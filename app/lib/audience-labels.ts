/** The owner's words for the audience's states (the dashboard's contacts pages). */
import type { ConsentPurpose, SuppressionReason } from "../../db/schema";

export const SUPPRESSION_LABELS: Record<SuppressionReason, string> = {
  unsubscribed: "Unsubscribed",
  hard_bounce: "Hard bounce",
  complaint: "Spam complaint",
  owner: "Suppressed by you",
};

export const CONSENT_LABELS: Record<ConsentPurpose, string> = {
  guide_followups: "Guide follow-ups",
  newsletter: "Newsletter",
  buyer: "Buyer (receipts and one review request)",
  waitlist: "Waitlist (one e-mail when a product opens)",
};
