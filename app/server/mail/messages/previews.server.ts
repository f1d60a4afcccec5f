/**
 * Every message with sample data (each definition's previews), rendered by the same code the
 * outbox sends with: for the previews (scripts/preview-mail.tsx), the spam score test and the
 * render-time measurement. Only templates and pure helpers run: it works under plain tsx.
 */
import type { ComposedMail } from "~/server/mail/list-compose.server";
import { SAMPLE_CONTEXT } from "~/server/mail/messages/preview-data.server";
import type { OutboxKind } from "../../../../db/mail-kinds";
import { ALL_MESSAGES } from "~/server/mail/messages/registry.server";

export { SAMPLE_CONTEXT };

export type Sample = { name: string; kind: OutboxKind; compose: () => Promise<ComposedMail> };

export const SAMPLES: Sample[] = ALL_MESSAGES.flatMap((message) =>
  message.previews().map(({ name, props }) => ({ name, kind: message.kind, compose: () => message.render(SAMPLE_CONTEXT, props) })),
);
