/**
 * Every message as the site sends it (the outbox's headers, nodemailer's MIME through the file
 * transport) scored by SpamAssassin with its local rules. The score is read from the
 * X-Spam-Status header that SpamAssassin adds, parsed as a header by mailparser.
 *
 * SpamAssassin starts once for all of them: the messages go to it as one mbox (`--mbox`), which it
 * scores one message at a time, as it would each alone (its start-up, loading its rules, took
 * about 1.5 s of CPU per message). Each message is found again in its output by its Message-ID.
 */
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { simpleParser, type ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingMail, type MailSettings } from "~/server/mail/mailer.server";
import { SAMPLE_CONTEXT, SAMPLES } from "~/server/mail/messages/previews.server";
import { createMailTransport } from "~/server/mail/transport.server";

/** Local rules only (-L): no network tests, so the score is the same on every machine. */
const MAX_SCORE = 0.5;
const settings: MailSettings = { from: "Fresh Start Money <support@freshstartmoney.com>", context: SAMPLE_CONTEXT };
const dir = mkdtempSync(join(tmpdir(), "spam-score-"));

/** Each sample's message as written (its file) and as SpamAssassin returned it. */
const written = new Map<string, { eml: string; messageId: string }>();
const scoredById = new Map<string, ParsedMail>();

beforeAll(async () => {
  const probe = spawnSync("spamassassin", ["--version"], { encoding: "utf8" });
  if (probe.error || probe.status !== 0) {
    throw new Error("SpamAssassin is not installed: run `apt-get install -y spamassassin` (CI's .ci/run installs it when missing).");
  }
  for (const [i, sample] of SAMPLES.entries()) {
    const eml = await writeEml(sample, i + 1);
    const messageId = (await simpleParser(readFileSync(eml))).messageId;
    if (!messageId) throw new Error(`${sample.name}: the message has no Message-ID`);
    written.set(sample.name, { eml, messageId });
  }
  const mbox = join(dir, "all.mbox");
  writeFileSync(mbox, [...written.values()].map(({ eml }) => mboxEntry(readFileSync(eml, "utf8"))).join(""));
  const { stdout } = await promisify(execFile)("bash", ["-c", 'spamassassin -L -t --mbox < "$1"', "spamassassin", mbox], {
    maxBuffer: 50 * 1024 * 1024,
  });
  for (const message of splitMbox(stdout)) {
    const scored = await simpleParser(message);
    if (scored.messageId) scoredById.set(scored.messageId, scored);
  }
}, 300_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One message of an mbox: a "From " separator line, body lines that begin with "From " quoted (mboxrd). */
function mboxEntry(eml: string): string {
  const text = eml.replace(/\r\n/g, "\n").replace(/^(>*From )/gm, ">$1");
  return `From MAILER-DAEMON Thu Jan  1 00:00:00 2026\n${text}${text.endsWith("\n") ? "" : "\n"}\n`;
}

/** The messages of an mbox, each without its "From " separator line. */
function splitMbox(mbox: string): string[] {
  return mbox
    .split(/^From .*\n/m)
    .slice(1)
    .map((message) => message.replace(/^>(>*From )/gm, "$1"));
}

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

describe.each(SAMPLES.map((sample) => [sample.name, sample] as const))("%s", (name, sample) => {
  it(`scores at most ${MAX_SCORE} with SpamAssassin's local rules`, async () => {
    const { eml, messageId } = written.get(name)!;
    const scored = scoredById.get(messageId);
    expect(scored, `SpamAssassin's output has no message ${messageId}`).toBeDefined();
    const status = scored!.headers.get("x-spam-status");
    expect(typeof status).toBe("string");
    const fields = statusFields(status as string);
    const score = Number(fields.get("score"));
    expect(Number.isFinite(score)).toBe(true);
    expect({ score, tests: fields.get("tests") }).toEqual({ score: expect.any(Number), tests: expect.any(String) });
    expect(score, `rules hit: ${fields.get("tests")}`).toBeLessThanOrEqual(MAX_SCORE);
    // The message scored is the one rendered: its subject arrived intact.
    expect(scored!.subject).toBe((await sample.compose()).mail.subject);
    expect(readFileSync(eml, "utf8")).toContain("Content-Type: multipart/alternative");
  });
});
