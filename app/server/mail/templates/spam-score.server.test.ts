/**
 * Every message as the site sends it (the outbox's headers, nodemailer's MIME through the file
 * transport) scored by SpamAssassin with its local rules. The score is read from the
 * X-Spam-Status header that SpamAssassin adds, parsed as a header by mailparser.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingMail, type MailSettings } from "~/server/mail/mailer.server";
import { SAMPLE_CONTEXT, SAMPLES } from "~/server/mail/templates/samples.server";
import { createMailTransport } from "~/server/mail/transport.server";

/** Local rules only (-L): no network tests, so the score is the same on every machine. */
const MAX_SCORE = 0.5;
const settings: MailSettings = { from: "Fresh Start Money <support@freshstartmoney.com>", context: SAMPLE_CONTEXT };
const dir = mkdtempSync(join(tmpdir(), "spam-score-"));

beforeAll(() => {
  const probe = spawnSync("spamassassin", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error("SpamAssassin is not installed: run `apt-get install -y spamassassin` (CI's .ci/run installs it when missing).");
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** "No, score=-0.0 required=5.0 tests=HTML_MESSAGE,NO_RECEIVED autolearn=ham version=4.0.1" as fields. */
function statusFields(status: string): Map<string, string> {
  const [, ...pairs] = status.split(/[\s,]+/);
  return new Map(pairs.filter((pair) => pair.includes("=")).map((pair) => pair.split("=", 2) as [string, string]));
}

async function writeEml(sample: (typeof SAMPLES)[number], id: number): Promise<string> {
  const sampleDir = join(dir, sample.name);
  const transport = createMailTransport({ kind: "file", dir: sampleDir });
  const row = { id, kind: sample.kind, dedupeKey: `${sample.kind}:${id}`, toAddress: "ann@example.com" };
  await transport.send(outgoingMail(row, await sample.compose(), settings));
  const [file] = readdirSync(sampleDir);
  return join(sampleDir, file!);
}

describe.concurrent.each(SAMPLES.map((sample, i) => [sample.name, sample, i + 1] as const))("%s", (_name, sample, id) => {
  it(`scores at most ${MAX_SCORE} with SpamAssassin's local rules`, { timeout: 120_000 }, async () => {
    const eml = await writeEml(sample, id);
    const { stdout } = await promisify(execFile)("bash", ["-c", 'spamassassin -L -t < "$1"', "spamassassin", eml], {
      maxBuffer: 10 * 1024 * 1024,
    });
    const scored = await simpleParser(stdout);
    const status = scored.headers.get("x-spam-status");
    expect(typeof status).toBe("string");
    const fields = statusFields(status as string);
    const score = Number(fields.get("score"));
    expect(Number.isFinite(score)).toBe(true);
    expect({ score, tests: fields.get("tests") }).toEqual({ score: expect.any(Number), tests: expect.any(String) });
    expect(score, `rules hit: ${fields.get("tests")}`).toBeLessThanOrEqual(MAX_SCORE);
    // The message scored is the one rendered: its subject arrived intact.
    expect(scored.subject).toBe((await sample.compose()).mail.subject);
    expect(readFileSync(eml, "utf8")).toContain("Content-Type: multipart/alternative");
  });
});
