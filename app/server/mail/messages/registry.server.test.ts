/**
 * The registry and the list of kinds the outbox's CHECK is written from name the same messages,
 * and every message's previews render as a person would get them.
 */
import { describe, expect, it } from "vitest";
import { LIST_KINDS, OUTBOX_KINDS } from "../../../../db/mail-kinds";
import { ALL_MESSAGES, MESSAGES } from "~/server/mail/messages/registry.server";
import { SAMPLE_CONTEXT } from "~/server/mail/messages/preview-data.server";

describe("the message registry", () => {
  it("has one definition for each kind the outbox accepts, under its own name", () => {
    expect(new Set(Object.keys(MESSAGES))).toEqual(new Set(OUTBOX_KINDS));
    for (const [kind, message] of Object.entries(MESSAGES)) expect(message.kind).toBe(kind);
    expect(ALL_MESSAGES.map((m) => m.kind)).toEqual([...OUTBOX_KINDS]);
  });

  it("calls exactly the list kinds list mail, and those carry an unsubscribe link under a consent", () => {
    expect(new Set(ALL_MESSAGES.filter((m) => m.policy.list).map((m) => m.kind))).toEqual(new Set(LIST_KINDS));
    for (const message of ALL_MESSAGES.filter((m) => m.policy.list)) {
      expect(message.policy.unsubscribe, message.kind).toBe(true);
      expect(message.policy.consent, message.kind).not.toBe("transactional");
    }
  });

  describe.each(ALL_MESSAGES.map((m) => [m.kind, m] as const))("%s", (_kind, message) => {
    it("has previews, each rendered with a subject, an HTML part and a text part", { timeout: 60_000 }, async () => {
      const previews = message.previews();
      expect(previews.length).toBeGreaterThan(0);
      for (const preview of previews) {
        const composed = await message.render(SAMPLE_CONTEXT, preview.props);
        expect(composed.mail.subject.trim(), preview.name).not.toBe("");
        expect(composed.mail.html, preview.name).toContain("<html");
        expect(composed.mail.text.trim(), preview.name).not.toBe("");
        // An unsubscribe link in the headers exactly when the policy says so, the same as in the body.
        if (message.policy.unsubscribe) expect(composed.mail.text, preview.name).toContain(composed.unsubscribeUrl);
        else expect(composed.unsubscribeUrl, preview.name).toBeUndefined();
      }
    });
  });
});
