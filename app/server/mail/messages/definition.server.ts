/**
 * What one e-mail is, declared in its own file beside the others (the React Email way): its kind,
 * the payload its outbox row carries, who may get it, how its facts are loaded at send time, how
 * it is rendered, and the sample props its previews are rendered with. The mailer looks the
 * definition up by the row's kind (registry.server.ts); nothing else in the mail code knows the
 * kinds one by one.
 */
import type { z } from "zod";
import type { SendPolicy } from "~/server/audience/contacts.server";
import type { BroadcastToSend } from "~/server/audience/broadcasts.server";
import type { ComposedMail, LastRender } from "~/server/mail/list-compose.server";
import type { MailContext } from "~/server/mail/render.server";
import type { ProductCatalogue } from "~/server/shop/product-store.server";
import type { ListKind, OutboxKind } from "../../../../db/mail-kinds";

export type MessagePolicy<K extends OutboxKind> = {
  /**
   * Why it is sent: the consent purpose it needs (it goes only to a contact holding a current
   * consent of that purpose, with no suppression), or "transactional" for what a person needs or
   * just asked for (a receipt, a lost link, a confirmation), which stops only for a hard bounce or
   * a complaint. Checked at send time (sendBlockers), whatever was true when the row was queued.
   */
  consent: SendPolicy;
  /** Mail sent to many (LIST_KINDS): the shared send rate, claimed after the rest, sent at most once. */
  list: K extends ListKind ? true : false;
  /** The reader's own unsubscribe link goes in the List-Unsubscribe headers (RFC 8058, one click). */
  unsubscribe: boolean;
};

/** Why a row is not sent after all: never (recorded suppressed), not now (held: its broadcast is paused), or cancelled. */
export type Unsent = { skip: string } | { hold: string } | { cancel: string };

/** What loading a message's facts gets: its row's address and payload, and the send-time look-ups. */
export type SendInput<P> = {
  to: string;
  payload: P;
  ctx: MailContext;
  /** An address on the site (PUBLIC_ORIGIN). */
  url(path: string): string;
  /** The reader's own unsubscribe address (minted at send time, once per row). */
  unsubscribeUrl(): Promise<string>;
  /** A broadcast's status and content (read for the rows sent together at once). */
  broadcast(id: number): Promise<BroadcastToSend>;
  /** The products as the site shows them now (names, prices): the server's product store. */
  products(): Promise<ProductCatalogue>;
};

/** A sample of a message for the previews, the spam score test and the render-time measurement. */
export type Preview<Props> = { name: string; props: Props };

export type MessageDefinition<K extends OutboxKind, Payload extends z.ZodType, Props> = {
  kind: K;
  /** What its outbox row carries: ids to load at send time, never a usable token. Parsed when the row is sent. */
  payload: Payload;
  policy: MessagePolicy<K>;
  /** Its facts at send time (order, message, links minted now, so no usable token is stored), or why it does not go. */
  load(input: SendInput<z.output<Payload>>): Promise<{ props: NoInfer<Props> } | Unsent>;
  /**
   * The message from its props. Templates are imported here, when a message of their kind is first
   * rendered: React Email's components package loads all its components on import (Tailwind's
   * compiler and Prism among them), seconds that the server's start and its requests need not wait for.
   * `renders`: the sender's memo of its last render (a broadcast's copies are rendered once); none
   * for a one-off render (a preview).
   */
  render(ctx: MailContext, props: Props, renders?: LastRender): Promise<ComposedMail>;
  /**
   * The broadcast a row is a copy of, for the rows sent together: their broadcasts are read in one
   * statement, and unsubscribe links minted at once for the copies that go.
   */
  broadcastOf?(payload: z.output<Payload>): number;
  /** Samples, read only when previews are made (never by a send). */
  previews(): Preview<NoInfer<Props>>[];
};

/** A message's definition, its types checked together (its props are what its render takes). */
export function defineMessage<K extends OutboxKind, Payload extends z.ZodType, Props>(
  definition: MessageDefinition<K, Payload, Props>,
): MessageDefinition<K, Payload, Props> {
  return definition;
}
