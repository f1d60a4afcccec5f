/**
 * Every message the site sends, by kind: the mailer looks a row's definition up here, the
 * previews render each one's samples, and the outbox's payload types come from their schemas.
 * The object must name exactly the kinds of OUTBOX_KINDS (db/mail-kinds.ts), no more and no fewer:
 * the compiler says which one is missing.
 */
import type { z } from "zod";
import type { MessageDefinition } from "~/server/mail/messages/definition.server";
import { OUTBOX_KINDS, type OutboxKind } from "../../../../db/mail-kinds";
import { accessEnded } from "~/server/mail/messages/access-ended.server";
import { broadcast } from "~/server/mail/messages/broadcast.server";
import { contactAck } from "~/server/mail/messages/contact-ack.server";
import { disputeReminder } from "~/server/mail/messages/dispute-reminder.server";
import { contactOwner } from "~/server/mail/messages/contact-owner.server";
import { guide } from "~/server/mail/messages/guide.server";
import { lostLink } from "~/server/mail/messages/lost-link.server";
import { ownerSale } from "~/server/mail/messages/owner-sale.server";
import { newsletterConfirm } from "~/server/mail/messages/newsletter-confirm.server";
import { productOpen } from "~/server/mail/messages/product-open.server";
import { productUpdate } from "~/server/mail/messages/product-update.server";
import { receipt } from "~/server/mail/messages/receipt.server";
import { reviewRequest } from "~/server/mail/messages/review-request.server";
import { sequenceStep } from "~/server/mail/messages/sequence-step.server";

export const MESSAGES = {
  receipt,
  "access-ended": accessEnded,
  guide,
  "newsletter-confirm": newsletterConfirm,
  "contact-owner": contactOwner,
  "contact-ack": contactAck,
  "lost-link": lostLink,
  "review-request": reviewRequest,
  "product-open": productOpen,
  "sequence-step": sequenceStep,
  broadcast,
  "owner-sale": ownerSale,
  "product-update": productUpdate,
  "dispute-reminder": disputeReminder,
} satisfies { [K in OutboxKind]: Pick<MessageDefinition<K, z.ZodType, unknown>, "kind" | "policy"> };

/** What each kind of message carries in its outbox row (`{ receipt: { orderId: number }, ... }`). */
export type OutboxPayloads = { [K in OutboxKind]: z.output<(typeof MESSAGES)[K]["payload"]> };

/** Any message's definition, as the mailer handles it without knowing which. */
export type AnyMessage = MessageDefinition<OutboxKind, z.ZodType, unknown>;

/** The definition of a kind (a row's kind is one of OUTBOX_KINDS: the table's CHECK holds it). */
export function messageOf(kind: OutboxKind): AnyMessage {
  return MESSAGES[kind] as unknown as AnyMessage;
}

/** Every definition, in the order of OUTBOX_KINDS. */
export const ALL_MESSAGES: AnyMessage[] = OUTBOX_KINDS.map(messageOf);
