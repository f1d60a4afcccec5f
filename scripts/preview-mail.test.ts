/**
 * The mail previews script, run as a person runs it (plain tsx, no Vite): it writes every kind of
 * message the outbox sends, the broadcast included, as HTML and text, and a broadcast keeps the
 * line breaks its writer typed.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { OUTBOX_KINDS } from "../db/schema";
import { SAMPLES } from "~/server/mail/messages/previews.server";

const dir = mkdtempSync(join(tmpdir(), "preview-mail-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("writes every kind of message, the broadcast included, with its line breaks kept", { timeout: 120_000 }, async () => {
  const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/preview-mail.tsx", dir], { encoding: "utf8" });
  expect(stdout).toContain(`Wrote ${SAMPLES.length} messages to ${dir}`);
  const written = readdirSync(dir);
  for (const sample of SAMPLES) expect(written).toEqual(expect.arrayContaining([`${sample.name}.html`, `${sample.name}.txt`]));
  expect(new Set(SAMPLES.map((s) => s.kind))).toEqual(new Set(OUTBOX_KINDS));

  const broadcast = readFileSync(join(dir, "broadcast.txt"), "utf8");
  expect(broadcast).toContain("Talk soon,\nThe Fresh Start Money team");
  expect(readFileSync(join(dir, "broadcast.html"), "utf8")).toContain("Talk soon,<br>The Fresh Start Money team");
  // Each welcome step is signed (by the team: the samples set no OWNER_NAME).
  for (const sample of SAMPLES.filter((s) => s.kind === "sequence-step")) {
    expect(readFileSync(join(dir, `${sample.name}.txt`), "utf8"), sample.name).toMatch(/\nThe Fresh Start Money team\n/);
  }
});
