/**
 * The contacts import at a size that fits CI (20,000 rows, past the old 1 MB limit), posted as a
 * browser streams it: the file is read while it arrives (the importer is well into it before the
 * upload's last bytes are sent), the page can ask how far it is, duplicates and suppressed
 * addresses are handled as in a small file, and one bad row near the end leaves contacts,
 * consents, events and tags as they were, with nothing left in the staging table.
 */
import { count, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { adminAuditLog, contactEvents, contactImportRows, contactImports, contacts, outbox } from "../../db/schema";
import { action as contactsAction } from "~/routes/admin/contacts";
import { loader as progressLoader } from "~/routes/admin/contact-import-progress";
import { recordConsent, suppress } from "~/server/audience/contacts.server";
import { db } from "~/server/db.server";
import { rowsOf, useTestDatabase } from "../helpers/db";
import { streamedUpload } from "../helpers/multipart-upload";
import { withPeakMemory } from "../../scripts/scale/peak-memory";
import { flashedNotice, ownerCookie, routeArgs, TEST_OWNER } from "../helpers/owner";
import { call, requestsTo } from "../helpers/routes";

const ORIGIN = "https://shop.example";
const config = { owner: TEST_OWNER };
const args = routeArgs(config);
const { get } = requestsTo(ORIGIN);

useTestDatabase();
let cookie: string;
beforeEach(async () => {
  cookie = await ownerCookie(ORIGIN, config);
  // The shared helper empties the site's tables; the import's own are emptied here.
  await db().execute(sql`delete from contact_imports`);
});

const ROWS = 20_000;
const ROWS_PER_CHUNK = 500;

/**
 * A file as an owner's export might be: a header with a tags column, then `rows` people. Row 0 is
 * an address the list knows, row 1 an unsubscribed one; every 20th row repeats the address of the
 * row 10 before it, in capitals, with a tag of its own and another source (the first row's source
 * stands); the first repeat brings the name its first row lacks. `wrong` rows (0-based) get an
 * address that is not one.
 */
function* exportFile(rows: number, wrong: ReadonlySet<number> = new Set()): Generator<string> {
  const address = (i: number) => (i === 0 ? "known@example.com" : i === 1 ? "left@example.com" : `person${i}@example.com`);
  let chunk = "Email Address,Name,Consent source,Tags\r\n";
  for (let i = 0; i < rows; i++) {
    if (wrong.has(i)) chunk += `not-an-address,Nobody,2025 fair,\r\n`;
    else if (i % 20 === 19) chunk += `${address(i - 10).toUpperCase()},${i === 19 ? "Late Name" : ""},later source,late-tag\r\n`;
    else chunk += `${address(i)},${i === 9 ? "" : `Person ${i}`},2025 fair,"Fair 2025, group ${i % 5}"\r\n`;
    if ((i + 1) % ROWS_PER_CHUNK === 0) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}

type Progress = { status: string; rowsRead?: number };
const progressOf = async (id: string, withCookie = cookie) =>
  call<Progress>(() => progressLoader(args(get(`/admin/contacts/imports/${id}`, withCookie), { id })));

const stagedRows = async () => Number((await db().select({ n: count() }).from(contactImportRows))[0]!.n);

/** Post the file as the page does (intent, the import's id, then the file), streamed; what the page then says. */
async function post(chunks: Iterable<string>, importId: string, onPull?: (index: number) => Promise<void>) {
  let bytes = 0;
  const counted = (function* () {
    for (const chunk of chunks) {
      bytes += Buffer.byteLength(chunk);
      yield chunk;
    }
  })();
  const answer = await call<{ result: { error?: Record<string, string[]> } } | undefined>(() =>
    contactsAction(
      args(
        streamedUpload({
          url: `${ORIGIN}/admin/contacts`,
          fields: { intent: "import", importId },
          fileName: "export.csv",
          chunks: counted,
          headers: { Cookie: cookie },
          onPull,
        }),
      ),
    ),
  );
  const error = answer.data?.result.error ?? {};
  return {
    status: answer.status,
    bytes,
    notice: answer.status === 303 ? (await flashedNotice(answer, ORIGIN, config))?.message : undefined,
    refused: error[""]?.join(" "),
    rows: error.file,
  };
}

/** Everything an import could change, to compare before and after a refused one. */
async function audience() {
  return {
    contacts: rowsOf(await db().execute(sql`select email, name, tags, suppression from contacts order by email`)),
    consents: rowsOf(await db().execute(sql`select contact_id, purpose, source, withdrawn_at from consents order by id`)),
    events: Number((await db().select({ n: count() }).from(contactEvents))[0]!.n),
    audit: Number((await db().select({ n: count() }).from(adminAuditLog))[0]!.n),
    outbox: Number((await db().select({ n: count() }).from(outbox))[0]!.n),
  };
}

describe("a 20,000-row import, streamed", () => {
  it("is read while it arrives, shows its progress, merges repeats, keeps suppressions, and leaves no staged row", async () => {
    await recordConsent(db(), { email: "known@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
    await suppress("left@example.com", "unsubscribed", "unsubscribe link");
    const id = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6";
    const chunks = [...exportFile(ROWS)];
    const seen: Progress[] = [];
    let readAtLastChunk = 0;
    const answer = await post(chunks, id, async (index) => {
      if (index % 8 === 4) seen.push((await progressOf(id)).data);
      // index 0 is the form's fields; chunk k goes out at pull k + 1.
      if (index === chunks.length) readAtLastChunk = (await progressOf(id)).data.rowsRead ?? 0;
    });

    expect(answer.bytes).toBeGreaterThan(1024 * 1024); // over the old limit
    expect(answer.status).toBe(303);
    expect(answer.notice).toBe(
      "Imported 20,000 rows: 18,998 new, 2 already known (updated), 1,000 repeated in the file (merged). 18,999 newsletter consents recorded. No e-mail was sent. " +
        "These addresses stay suppressed, with no consent recorded (only the person can ask again): left@example.com (unsubscribed).",
    );
    // Streamed: when the browser sent its last chunk, the server had read and staged most of the file.
    expect(readAtLastChunk).toBeGreaterThanOrEqual(ROWS / 2);
    // The page saw it counting, then done.
    expect(seen.some((p) => p.status === "reading" && p.rowsRead! > 0 && p.rowsRead! < ROWS)).toBe(true);
    expect((await progressOf(id)).data).toEqual({ status: "imported", rowsRead: ROWS, fileName: "export.csv" });

    expect(Number((await db().select({ n: count() }).from(contacts))[0]!.n)).toBe(19_000);
    const active = rowsOf<{ n: number | string }>(
      await db().execute(sql`select count(*) as n from consents where source = 'import: 2025 fair' and withdrawn_at is null`),
    );
    expect(Number(active[0]!.n)).toBe(18_999);
    // The repeated address: one contact, the first row's source, the first name given, both rows' tags.
    const [person9] = await db()
      .select({ name: contacts.name, tags: contacts.tags })
      .from(contacts)
      .where(eq(contacts.email, "person9@example.com"));
    expect(person9).toEqual({ name: "Late Name", tags: ["fair-2025", "group-4", "imported", "late-tag"] });
    const person9Consents = rowsOf(
      await db().execute(sql`select k.source from consents k join contacts c on c.id = k.contact_id where c.email = 'person9@example.com'`),
    );
    expect(person9Consents).toEqual([{ source: "import: 2025 fair" }]);
    // The unsubscribed address: tagged, no new consent, still suppressed; the known one keeps its own consent too.
    const [left] = await db()
      .select({ suppression: contacts.suppression, tags: contacts.tags })
      .from(contacts)
      .where(eq(contacts.email, "left@example.com"));
    expect(left).toEqual({ suppression: "unsubscribed", tags: ["fair-2025", "group-1", "imported"] });
    const knownConsents = rowsOf(
      await db().execute(
        sql`select k.source from consents k join contacts c on c.id = k.contact_id where c.email = 'known@example.com' order by k.id`,
      ),
    );
    expect(knownConsents).toEqual([{ source: "newsletter /blog" }, { source: "import: 2025 fair" }]);
    expect(Number((await db().select({ n: count() }).from(contactEvents).where(eq(contactEvents.kind, "import")))[0]!.n)).toBe(19_000);
    expect(await db().select({ detail: adminAuditLog.detail }).from(adminAuditLog)).toEqual([
      { detail: "20000 rows: 18998 new, 2 updated, 1000 duplicates merged, 1 kept suppressed" },
    ]);
    expect(await db().select().from(outbox)).toEqual([]);
    expect(await stagedRows()).toBe(0);
  }, 40_000);

  it("with one bad row near the end imports nothing: contacts, consents, events and tags as they were, the staging table empty", async () => {
    await recordConsent(db(), { email: "known@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
    await suppress("left@example.com", "unsubscribed", "unsubscribe link");
    const before = await audience();
    const id = "bad0bad0bad0bad0bad0bad0bad0bad0";
    const chunks = [...exportFile(ROWS, new Set([ROWS - 10]))];
    let stagedWhileReading = 0;
    const answer = await post(chunks, id, async (index) => {
      if (index === chunks.length) stagedWhileReading = await stagedRows();
    });

    expect(answer).toMatchObject({
      status: 400,
      refused: "1 row is not right, so nothing was imported. Fix it and upload the file again.",
      rows: [`Row ${ROWS - 10 + 2}: "not-an-address" is not a valid e-mail address.`],
    });
    // Rows were staged while the file was read (it was not held back), and are gone now.
    expect(stagedWhileReading).toBeGreaterThan(0);
    expect(await stagedRows()).toBe(0);
    expect(await audience()).toEqual(before);
    expect((await progressOf(id)).data).toMatchObject({ status: "refused", rowsRead: ROWS });
  }, 40_000);
});

describe("the streamed import's edges", () => {
  it("names the first 50 wrong rows and counts the rest", async () => {
    const wrong = new Set(Array.from({ length: 60 }, (_, i) => 100 + i * 50));
    const answer = await post([...exportFile(5_000, wrong)], "c0ffeec0ffeec0ffeec0ffee");
    expect(answer.status).toBe(400);
    expect(answer.refused).toBe("60 rows are not right, so nothing was imported. Fix them and upload the file again.");
    expect(answer.rows).toHaveLength(51);
    expect(answer.rows![0]).toBe('Row 102: "not-an-address" is not a valid e-mail address.');
    expect(answer.rows![49]).toBe(`Row ${100 + 49 * 50 + 2}: "not-an-address" is not a valid e-mail address.`);
    expect(answer.rows![50]).toBe("And 10 more rows.");
    expect(Number((await db().select({ n: count() }).from(contacts))[0]!.n)).toBe(0);
    expect(await stagedRows()).toBe(0);
  });

  it("refuses a row longer than 8 KB by its number, reading no more of it than that: 45 MB of one line leaves the heap flat", async () => {
    await recordConsent(db(), { email: "known@example.com" }, { purpose: "newsletter", source: "newsletter /blog", wordingVersion: "v1" });
    const before = await audience();
    const id = "long0long0long0long0long0";
    const commas = ",".repeat(64 * 1024);
    const file = (function* () {
      yield* exportFile(100);
      for (let sent = 0; sent < 45 * 1024 * 1024; sent += commas.length) yield commas;
      yield "\r\nlate@example.com,Late,2025 fair,\r\n";
    })();
    global.gc?.();
    const { result: answer, memory } = await withPeakMemory(() => post(file, id));
    expect(answer).toMatchObject({
      status: 400,
      refused:
        "Row 102 is longer than 8 KB, the most a row may be (a contact's row is a few hundred bytes): is it a CSV file of contacts, one a line? Nothing was imported.",
    });
    // The whole upload was read (and dropped) before the page answered, yet never held: before the
    // limit the parser held the line's 45 million empty fields (the heap grew by about 1 GB).
    expect(answer.bytes).toBeGreaterThan(45 * 1024 * 1024);
    expect(memory.peakHeap - memory.startHeap).toBeLessThan(150 * 1024 * 1024);
    expect(await audience()).toEqual(before);
    expect(await stagedRows()).toBe(0);
    expect((await progressOf(id)).data).toMatchObject({ status: "refused" });
  }, 40_000);

  it("names each field longer than 1,000 characters by its row and column, and imports nothing", async () => {
    const header = "Email Address,Name,Consent source,Notes\r\n";
    const notes = (n: number) => `"${"Met at the fair, ".repeat(100).slice(0, n)}"`;
    const file = [
      header,
      `ok@example.com,Ok,2025 fair,${notes(1_000)}\r\n`,
      `long-name@example.com,"${"N".repeat(1_001)}",2025 fair,\r\n`,
      `long-notes@example.com,Lo,2025 fair,${notes(1_001)}\r\n`,
    ];
    const answer = await post(file, "field0field0field0field0");
    expect(answer).toMatchObject({
      status: 400,
      refused: "2 rows are not right, so nothing was imported. Fix them and upload the file again.",
      rows: ["Row 3: the Name column is longer than 1,000 characters.", "Row 4: the Notes column is longer than 1,000 characters."],
    });
    expect(Number((await db().select({ n: count() }).from(contacts))[0]!.n)).toBe(0);
    expect(await stagedRows()).toBe(0);
  });

  it("imports nothing from an upload cut off mid-file, and says so", async () => {
    const chunks = [...exportFile(5_000)];
    const id = "cut0cut0cut0cut0cut0cut0";
    const cut = (function* () {
      yield* chunks.slice(0, 6);
      throw new Error("the connection was reset");
    })();
    const answer = await post(cut, id);
    expect(answer.status).toBe(400);
    expect(answer.refused).toBe("The upload was interrupted, so nothing was imported. Please try again.");
    expect(Number((await db().select({ n: count() }).from(contacts))[0]!.n)).toBe(0);
    expect(await stagedRows()).toBe(0);
    expect((await progressOf(id)).data).toMatchObject({ status: "failed" });
  });

  it("sweeps what a crashed import left (an hour without progress) when the next one begins", async () => {
    await db()
      .insert(contactImports)
      .values({ id: "crashed0crashed0crashed0", fileName: "old.csv", updatedAt: new Date(Date.now() - 2 * 3600_000) });
    await db()
      .insert(contactImportRows)
      .values({ importId: "crashed0crashed0crashed0", row: 2, email: "ghost@example.com", source: "x", tags: [] });
    const answer = await post([...exportFile(40)], "next0next0next0next0next0");
    expect(answer.status).toBe(303);
    expect(await db().select({ id: contactImports.id }).from(contactImports)).toEqual([{ id: "next0next0next0next0next0" }]);
    expect(await stagedRows()).toBe(0);
  });

  it("answers the page's poll only for the owner, and a wait for an import not begun yet", async () => {
    expect((await progressOf("notbegun0notbegun0notbegun")).data).toEqual({ status: "waiting" });
    expect((await progressOf("NOT AN ID")).status).toBe(404);
    const stranger = await progressOf("notbegun0notbegun0notbegun", "other=1");
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get("Location")).toMatch(/^\/admin\/login/);
  });
});
