/**
 * /admin/updates through its own loader and action, as the owner's browser posts them (decision
 * 071): a draft saved, the confirmation that names the product and the count, a send without it
 * refused with nothing queued, the send itself (a redirect with its notice), the broadcast's
 * progress answer for the update, and nothing at all for anyone but the owner.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { broadcasts, outbox } from "../../db/schema";
import type { BroadcastProgress } from "~/components/broadcast-figures";
import { loader as progressLoader } from "~/routes/admin/broadcast-progress";
import { action as updatesAction, loader as updatesLoader } from "~/routes/admin/updates";
import { db } from "~/server/db.server";
import { dashboardServer, flashedNotice, ownerCookie } from "../helpers/owner";
import { usePurchasesTest } from "../helpers/purchases";
import { call } from "../helpers/routes";

const ORIGIN = "https://shop.example";
const { config, args, get, post } = dashboardServer(ORIGIN);
const { bought, mail } = usePurchasesTest(ORIGIN);

const draftFields = {
  intent: "save",
  id: "0",
  version: "0",
  productId: "toolkit",
  subject: "A corrected budget planner",
  preview: "The savings row adds up now.",
  body: "Hi,\n\nThe planner in your toolkit is fixed.",
};

type Loaded = {
  products: { id: string; name: string; buyers: number }[];
  confirming: boolean;
  editing?: { id: number; version: number };
  updates: { id: number; status: string }[];
};

describe("the owner's page", () => {
  it("saves a draft, asks before sending, refuses an unconfirmed send, sends the confirmed one, and shows its progress", async () => {
    await bought("tess@example.com");
    await bought("Bo.Buyer@gmail.com", { bump: true });
    await mail.flush();
    const cookie = await ownerCookie(ORIGIN, config);

    const saved = await call(() => updatesAction(args(post("/admin/updates", draftFields, cookie))));
    expect(saved.status).toBe(303);
    expect((await flashedNotice(saved, ORIGIN, config))?.message).toBe("Saved.");
    const id = Number(saved.headers.get("Location")!.match(/edit=(\d+)$/)![1]);

    const asked = await call<Loaded>(() => updatesLoader(args(get(`/admin/updates?edit=${id}&confirm`, cookie))));
    expect(asked.data).toMatchObject({ confirming: true, editing: { id, version: 1 } });
    expect(asked.data.products).toEqual([
      { id: "toolkit", name: "Credit Repair Toolkit", buyers: 2 },
      { id: "power-pack", name: "Dispute Letter Power Pack", buyers: 1 },
    ]);

    // Without the confirmation's own field: refused beside the form, nothing queued, still a draft.
    const unconfirmed = await call<{ result: { error: Record<string, string[]> } }>(() =>
      updatesAction(args(post("/admin/updates", { intent: "send", id: String(id), version: "1", recipients: "2" }, cookie))),
    );
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.data.result.error.confirmed).toEqual([
      "Confirm the send first: the page names the product and how many buyers get it.",
    ]);
    expect(await db().$count(outbox, eq(outbox.kind, "product-update"))).toBe(0);

    const sent = await call(() =>
      updatesAction(
        args(post("/admin/updates", { intent: "send", id: String(id), version: "1", recipients: "2", confirmed: "yes" }, cookie)),
      ),
    );
    expect(sent.status).toBe(303);
    expect((await flashedNotice(sent, ORIGIN, config))?.message).toBe("Sending to 2 buyers of the Credit Repair Toolkit.");
    expect(await db().$count(outbox, eq(outbox.kind, "product-update"))).toBe(2);

    // The broadcast's progress answer counts the update as the page's card shows it.
    const progress = await call<BroadcastProgress>(() =>
      progressLoader(args(get(`/admin/broadcasts/${id}/progress`, cookie), { id: String(id) })),
    );
    expect(progress.data).toMatchObject({ id, status: "sending", underway: true, bar: { total: 2, left: 2 } });
    await mail.flush();
    const after = await call<BroadcastProgress>(() =>
      progressLoader(args(get(`/admin/broadcasts/${id}/progress`, cookie), { id: String(id) })),
    );
    expect(after.data).toMatchObject({ figures: { sent: "2", queued: "0" }, bar: { done: 2, total: 2, left: 0 } });
  });

  it("answers nobody but the owner: no list, no draft saved", async () => {
    await bought("tess@example.com");
    const listed = await call(() => updatesLoader(args(get("/admin/updates"))));
    expect(listed.status).toBe(303);
    expect(listed.headers.get("Location")).toMatch(/^\/admin\/login/);
    const posted = await call(() => updatesAction(args(post("/admin/updates", draftFields))));
    expect(posted.status).toBe(303);
    expect(await db().$count(broadcasts)).toBe(0);
  });
});
