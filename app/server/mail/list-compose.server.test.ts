import { describe, expect, it } from "vitest";
import { composeBroadcast, composeStep } from "~/server/mail/list-compose.server";
import { SAMPLE_CONTEXT } from "~/server/mail/messages/previews.server";

const step = {
  id: "01-x",
  guide: "credit-repair" as const,
  subject: "Start here",
  preview: "Your reports",
  body: "Hi,\n\nGet your reports.",
};
const unsubscribe = "https://freshstartmoney.com/unsubscribe/abc";

describe("welcome steps are signed by a real person or the team", () => {
  it("with OWNER_NAME, by the owner and the business; without, by the business's team", async () => {
    const signedByOwner = await composeStep(step, { ...SAMPLE_CONTEXT, ownerName: "Dana Reyes" }, unsubscribe);
    expect(signedByOwner.mail.text).toContain("Get your reports.\n\nDana Reyes\nFresh Start Money\n");
    expect(signedByOwner.mail.html).toContain("<span>Dana Reyes</span><span><br/>Fresh Start Money</span>");
    const signedByTeam = await composeStep(step, SAMPLE_CONTEXT, unsubscribe);
    expect(signedByTeam.mail.text).toContain("Get your reports.\n\nThe Fresh Start Money team\n");
  });

  it("a broadcast carries the sign-off its writer typed, not a second one", async () => {
    const broadcast = await composeBroadcast(
      { id: 7, subject: "Tips", preview: "Three tips", body: "Hi,\n\nTalk soon,\nDana" },
      { ...SAMPLE_CONTEXT, ownerName: "Dana Reyes" },
      unsubscribe,
    );
    expect(broadcast.mail.text).toContain("Talk soon,\nDana\n");
    expect(broadcast.mail.text).not.toContain("Dana Reyes");
  });
});
