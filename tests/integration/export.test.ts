/** The owner's export: CSV from the configured database, safe to open in a spreadsheet. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { exportCsv, type ExportName } from "../../scripts/export";
import { useTestDatabase } from "../helpers/db";
import { postContact, postLead, postNewsletter } from "../helpers/forms";

const testDb = useTestDatabase();
const run = promisify(execFile);

async function csv(name: ExportName, pageSize?: number) {
  let text = "";
  for await (const chunk of exportCsv(name, pageSize)) text += chunk.csv;
  return text;
}

describe("export", () => {
  it("writes leads with a header row, RFC 4180 quoting and neutralised formulas", async () => {
    await postLead({ form: { name: "Ann, the first", email: "ann@example.com" } });
    await postLead({ form: { name: '=HYPERLINK("http://evil.example","click")', email: "formula@example.com" } }, "credit-card-mistakes");
    await postLead({ form: { name: "+1 555 0100", email: "plus@example.com" } });
    await postLead({ form: { name: "@everyone", email: "at@example.com" } });
    const text = await csv("leads");
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("id,name,email,lead_magnet,source_page,created_at");
    expect(lines[1]).toMatch(
      /^1,"Ann, the first",ann@example\.com,First Budget Workbook,budgeting-tips-that-work,\d{4}-\d\d-\d\dT[\d:.]+Z$/,
    );
    expect(lines[2]).toMatch(
      /^2,"'=HYPERLINK\(""http:\/\/evil\.example"",""click""\)",formula@example\.com,Credit Repair Starter Guide,credit-card-mistakes,/,
    );
    expect(lines[3]).toMatch(/^3,'\+1 555 0100,plus@example\.com,/);
    expect(lines[4]).toMatch(/^4,'@everyone,at@example\.com,/);
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(6);
  });

  it("keeps line breaks inside a quoted message, and pages through every row", async () => {
    await postContact({ form: { name: "Ann", email: "ann@example.com", subject: "-minus", message: "line one\r\nline two" } });
    for (let i = 0; i < 4; i++) await postContact({ form: { name: `N${i}`, email: `n${i}@example.com`, subject: "s", message: "m" } });
    const text = await csv("contacts", 2);
    expect(text.startsWith("id,name,email,subject,message,created_at\r\n")).toBe(true);
    expect(text).toContain(`1,Ann,ann@example.com,'-minus,"line one\r\nline two",`);
    expect(text.match(/^\d+,N\d,/gm)).toHaveLength(4);
  });

  it("exports subscribers", async () => {
    await postNewsletter({ form: { email: "Reader@Example.com" } });
    expect(await csv("subscribers")).toMatch(/^id,email,created_at\r\n1,reader@example\.com,\d{4}-[^\r\n]+\r\n$/);
  });
});

// The command itself, started with node and tsx, reading this file's database: on PostgreSQL
// through DATABASE_URL, on the embedded run from DATA_DIR (the rest of the command's cases, which
// never use this file's database, are in export-command.test.ts and run once).
describe("npm run export (the command)", { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "export-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it("reads DATABASE_URL when set (PostgreSQL run), else DATA_DIR", async () => {
    await postNewsletter({ form: { email: "url-reader@example.com" } });
    // With TEST_DB=postgres this file's database is a real server the command can reach; the
    // in-memory PGlite lives in this process only, so the command then reads an empty directory.
    const env = testDb.url ? { DATABASE_URL: testDb.url, DATA_DIR: "" } : { DATA_DIR: join(dir, "data"), DATABASE_URL: "" };
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/export.ts", "subscribers"], {
      env: { ...process.env, ...env },
    });
    if (testDb.url) expect(stdout).toMatch(/^id,email,created_at\r\n1,url-reader@example\.com,\S+Z\r\n$/);
    else expect(stdout).toBe("id,email,created_at\r\n");
  });
});
