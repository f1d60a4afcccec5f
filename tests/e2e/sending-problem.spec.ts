/**
 * A sending problem as the owner meets it (issue 51, decision 065), on a built server of its own
 * whose SMTP_URL is a real SMTP server in this process that refuses the sender address (MAIL FROM),
 * as a provider does for an unverified sender: a reader asks for the guide, the dashboard shows
 * the banner on every page with the server's words and what to check, nobody is marked bounced,
 * and once the sender is fixed, Retry sends the waiting e-mail, once.
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { expect, expectNoViolations, requestGuide, test } from "./fixtures";
import { logIn } from "./own-server";
import { useOwnServer } from "./own-server";

const SMTP_PORT = Number(process.env.E2E_PORT ?? 3100) + 1093;
const REFUSAL = "5.7.1 The from address does not match a verified Sender Identity";

let refusing = true;
let refused = 0;
const received: ParsedMail[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onMailFrom(_address, _session, callback) {
    if (!refusing) return callback();
    refused++;
    const error = new Error(REFUSAL) as Error & { responseCode: number };
    error.responseCode = 550;
    callback(error);
  },
  // A mailbox that does not exist: refused for itself, at RCPT TO.
  onRcptTo(address, _session, callback) {
    if (!address.address.startsWith("gone.")) return callback();
    const error = new Error("5.1.1 No such mailbox") as Error & { responseCode: number };
    error.responseCode = 550;
    callback(error);
  },
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push(mail);
        callback();
      })
      .catch(callback);
  },
});

// Registered before the server's own hooks: the SMTP server listens before the site starts.
test.beforeAll(() => new Promise<void>((resolve) => smtp.listen(SMTP_PORT, "127.0.0.1", resolve)));
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const { origin: ORIGIN } = useOwnServer("sending-problem", 93, {
  MAIL_TRANSPORT: "smtp",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  BUSINESS_ADDRESS: "PO Box 123, Springfield, IL 62701",
  MAIL_FROM: "Fresh Start Money <hello@unverified.example>",
});

test.describe.configure({ mode: "serial" });

test("the owner sees the mail server's refusal on every page, nobody is marked bounced, and Retry sends the waiting e-mail once", async ({
  page,
}) => {
  const reader = `reader.${Date.now()}@example.com`;
  await requestGuide(page, { name: "Maria", email: reader });
  // The outbox tries at once; the server refuses the sender.
  await expect.poll(() => refused, { timeout: 15_000 }).toBeGreaterThan(0);

  await logIn(page, "/admin", ORIGIN);
  const banner = page.getByTestId("sending-problem");
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("heading", { name: "E-mail sending is paused" })).toBeVisible();
  await expect(banner).toContainText("the sender address");
  await expect(banner).toContainText(REFUSAL);
  await expect(banner).toContainText("MAIL_FROM");
  await expect(banner).toContainText("Nobody was unsubscribed or marked as bounced. 1 e-mail is waiting");
  await expectNoViolations(page, "the dashboard with the sending-problem banner");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/sending-problem-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // On another dashboard page too; and the reader is not suppressed.
  await page.goto("/admin/contacts");
  await expect(banner).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(reader.replace(/[.]/g, "\\.")) })).not.toContainText(/bounce|suppressed/i);

  // Fixed at the provider: Retry sends now, and the banner goes.
  refusing = false;
  await banner.getByRole("button", { name: "Retry now" }).click();
  await expect(page.getByRole("status")).toContainText("Trying now");
  await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
  expect((received[0]!.to as { text: string }).text).toBe(reader);
  await page.reload();
  await expect(page.getByTestId("sending-problem")).toHaveCount(0);
  await expect(page.getByTestId("mail-totals")).toContainText("1 sent");
  // Nothing more goes later (the worker's next passes).
  await page.waitForTimeout(6_000);
  expect(received).toHaveLength(1);
});

test("a reader refused for themselves is suppressed; the owner counts the hard bounces recorded at send in a period and lifts them", async ({
  page,
}) => {
  const gone = `gone.${Date.now()}@example.com`;
  await requestGuide(page, { name: "Gone", email: gone });
  // The next reader's e-mail is taken: the refusal before it was about that reader.
  const here = `here.${Date.now()}@example.com`;
  await requestGuide(page, { name: "Here", email: here });
  await expect.poll(() => received.some((m) => (m.to as { text: string }).text === here), { timeout: 20_000 }).toBe(true);

  await logIn(page, "/admin/email", ORIGIN);
  await expect(page.getByTestId("sending-problem")).toHaveCount(0);
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByTestId("lift-count").textContent();
      },
      { timeout: 15_000 },
    )
    .toContain("1 reader was marked as a hard bounce when sending in this period");
  await expectNoViolations(page, "the e-mail page with a hard bounce to lift");
  await page.getByRole("button", { name: "Lift this suppression" }).click();
  await expect(page.getByRole("status")).toContainText("1 reader's suppression lifted");
  await expect(page.getByTestId("lift-count")).toContainText("No hard bounce recorded when sending in this period can be lifted.");
  await page.screenshot({ path: "test-results/sending-problem-lift-1280.png", fullPage: true });
});
