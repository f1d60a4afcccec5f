/**
 * The contacts import at scale (issue 44, item 2: "100,000 contacts from one file, streamed
 * (memory flat), all or nothing, in at most 60 s"), measured. A CSV as an owner's export might be
 * (address, name, consent source, tags, two columns the import ignores; every 20th row repeats an
 * earlier address in capitals with a tag of its own; 1 % addresses the list already has, when it
 * has them) is written to a temporary file, then posted from that file as a browser streams it:
 *
 * - `benchImport(rows)`: in this process, on the open database, through the route's own upload
 *   reader (busboy, the importer, the staging table, the merge): time per phase, this process's
 *   peak RSS and JS heap, and the longest any other query waited meanwhile (the embedded database
 *   has one connection: this is how long the site's pages could stall);
 * - `benchImportHttp(...)`: to a running built server's /admin/contacts as the owner, polling the
 *   page's progress address while it runs, with that server's peak RSS read from /proc.
 *
 * `npm run bench:scale` calls these; alone (a throwaway database unless DATA_DIR or DATABASE_URL
 * says otherwise; `--http` starts the built server of BUILD_DIR, default ./build):
 *
 *   npx tsx scripts/scale/import-bench.ts [--rows 10000,100000] [--http]
 *   npx tsx scripts/scale/import-bench.ts --mb 45 [--one-line]   (200,000 rows padded to 45 MB, or one line of commas)
 */
import { once } from "node:events";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { receiveContactImport } from "../../app/server/admin/contact-import-upload.server";
import type { ImportOptions } from "../../app/server/admin/contacts-import.server";
import { CONTACT_IMPORT_MAX_ROWS } from "../../app/lib/forms/dashboard";
import { contacts } from "../../db/schema";
import { closeDatabase, db, openDatabase } from "../../app/server/db.server";
import { logInAsOwner, throwawayOwner } from "../lib/owner-client";
import { freePort, startBuiltServer, stopServer, waitForServer } from "../lib/server-process";
import { toMb, withPeakMemory } from "./peak-memory";

export type ImportBench = {
  rows: number;
  /** The CSV's size. */
  mb: number;
  seconds: number;
  /** Milliseconds: reading and staging, collapsing repeats, the merge transaction, removing the staged rows. */
  phases: NonNullable<ImportOptions["timings"]>;
  /** The notice the page showed (or the refusal). */
  said: string;
  /** This process's resident memory before, and the most it reached during the import. */
  startRssMb: number;
  peakRssMb: number;
  /** The JavaScript heap before and at most during it (RSS also holds the embedded database's memory). */
  startHeapMb: number;
  peakHeapMb: number;
  /** The longest a small query due every 50 ms answered after it was due, during the import. */
  longestOtherQueryMs: number;
};

/**
 * Write the bench's CSV (see the module's comment); its path. `padBytes` widens each row by a
 * NOTES column of that many characters (the import ignores it), for a file of a given size with
 * rows as wide as a Mailchimp export's.
 */
export async function writeImportCsv(dir: string, rows: number, known: readonly string[] = [], padBytes = 0): Promise<string> {
  const path = join(dir, `contacts-${rows}${padBytes ? `-wide` : ""}.csv`);
  const pad = padBytes ? `,${"n".repeat(padBytes)}` : "";
  const out = createWriteStream(path);
  const run = Date.now().toString(36);
  const address = (i: number) =>
    i % 100 === 50 && known.length ? known[((i / 100) % known.length) | 0]! : `imp${i}.${run}@bench.example.com`;
  let chunk = `Email Address,First Name,Consent source,Tags,OPTIN_TIME,MEMBER_RATING${padBytes ? ",NOTES" : ""}\n`;
  for (let i = 0; i < rows; i++) {
    chunk +=
      i % 20 === 19
        ? `${address(i - 10).toUpperCase()},,2024 webinar,"webinar-2024",2024-03-0${i % 9} 10:00:00,2${pad}\n`
        : `${address(i)},Reader ${i},Kit export 2025,"Kit, group ${i % 7}",2025-0${(i % 9) + 1}-1${i % 9} 09:30:00,${i % 5}${pad}\n`;
    if (chunk.length > 64 * 1024) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
  return path;
}

const BOUNDARY = "----contacts-import-bench";

/** The multipart body around the file, as the page's form sends it: intent, importId, then the file. */
function multipartParts(fileName: string, importId: string) {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nimport\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="importId"\r\n\r\n${importId}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${BOUNDARY}--\r\n`;
  return { head, tail, contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

async function* multipartBody(path: string, importId: string): AsyncGenerator<Buffer> {
  const { head, tail } = multipartParts("contacts.csv", importId);
  yield Buffer.from(head);
  for await (const chunk of createReadStream(path)) yield chunk as Buffer;
  yield Buffer.from(tail);
}

/** Up to 1,000 addresses the list already has (the seeded contacts), for the file's "known" rows. */
async function knownAddresses(): Promise<string[]> {
  const rows = await db().select({ email: contacts.email }).from(contacts).orderBy(contacts.id).limit(1000);
  return rows.map((r) => r.email);
}

/**
 * A file of `bytes` bytes that is one line of commas (the live review's 45 MB file: before rows had
 * a limit, the parser held every empty field of the line and the server grew from 0.70 to 2.58 GB).
 */
export async function writeOneLineCsv(dir: string, bytes: number): Promise<string> {
  const path = join(dir, `one-line-${bytes}.csv`);
  const out = createWriteStream(path);
  const commas = ",".repeat(64 * 1024);
  for (let left = bytes; left > 0; left -= commas.length) {
    if (!out.write(left >= commas.length ? commas : commas.slice(0, left))) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return path;
}

/** Import `rows` contacts in this process on the open database; see the module's comment. */
export async function benchImport(rows: number, dir = mkdtempSync(join(tmpdir(), "import-bench-")), padBytes = 0): Promise<ImportBench> {
  return benchImportFile(await writeImportCsv(dir, rows, await knownAddresses(), padBytes), rows);
}

/** Import the file at `path` (`rows` rows, for the table) in this process on the open database, then remove the file. */
export async function benchImportFile(path: string, rows: number): Promise<ImportBench> {
  const importId = `bench-${Date.now().toString(36)}-${rows}`;
  const { contentType } = multipartParts("contacts.csv", importId);
  const request = new Request("http://bench.local/admin/contacts", {
    method: "POST",
    body: Readable.toWeb(Readable.from(multipartBody(path, importId))) as ReadableStream<Uint8Array>,
    duplex: "half",
    headers: { "Content-Type": contentType },
  } as RequestInit);

  global.gc?.();
  // Another page's query, due every 50 ms: how late it answers, counted from when it was due (the
  // embedded database runs in this thread, so a long statement also holds back the timer that sends it).
  let longest = 0;
  let importing = true;
  const other = (async () => {
    let due = performance.now();
    while (importing) {
      due += 50;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      await db().execute(sql`select count(*) from contacts where email = 'nobody@bench.example.com'`);
      const now = performance.now();
      longest = Math.max(longest, now - due);
      due = Math.max(due, now);
    }
  })();
  const timings: NonNullable<ImportOptions["timings"]> = {};
  const began = performance.now();
  let seconds = 0;
  const { result: said, memory } = await withPeakMemory(async () => {
    try {
      const upload = await receiveContactImport(request, { timings });
      return "result" in upload
        ? upload.result.ok
          ? `${upload.result.created} new, ${upload.result.updated} updated, ${upload.result.duplicatesInFile} repeats merged, ${upload.result.consentsRecorded} consents`
          : upload.result.message
        : "fileProblem" in upload
          ? upload.fileProblem
          : "unreadable";
    } finally {
      importing = false;
      seconds = Math.round(performance.now() - began) / 1000;
      await other;
    }
  });
  const mb = toMb(statSync(path).size);
  rmSync(path, { force: true });
  return {
    rows,
    mb,
    seconds,
    phases: timings,
    said,
    startRssMb: toMb(memory.startRss),
    peakRssMb: toMb(memory.peakRss),
    startHeapMb: toMb(memory.startHeap),
    peakHeapMb: toMb(memory.peakHeap),
    longestOtherQueryMs: Math.round(longest),
  };
}

export type HttpImportBench = {
  rows: number;
  mb: number;
  seconds: number;
  status: number;
  /** The page's notice after the redirect, or the refusal's words. */
  said: string;
  /** What the page's progress poll (every second) saw: statuses with the rows read. */
  progress: string[];
  /** The server's resident memory before the upload and its peak (VmHWM) after, when its pid is known. */
  serverRssMb?: number;
  serverPeakRssMb?: number;
};

/** Linux's own count of a process's memory (kB lines of /proc/<pid>/status) in MB. */
function procMemory(pid: number): { rss: number; peak: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb("VmRSS") / 102.4) / 10, peak: Math.round(kb("VmHWM") / 102.4) / 10 };
  } catch {
    return undefined;
  }
}

/** POST a `rows`-row file to a running server's /admin/contacts as its owner (session `cookie`). */
export async function benchImportHttp({
  base,
  cookie,
  rows,
  serverPid,
  dir = mkdtempSync(join(tmpdir(), "import-bench-")),
}: {
  base: string;
  cookie: string;
  rows: number;
  serverPid?: number;
  dir?: string;
}): Promise<HttpImportBench> {
  const path = await writeImportCsv(dir, rows);
  const importId = `bench-${Date.now().toString(36)}-${rows}-http`;
  const { head, tail, contentType } = multipartParts("contacts.csv", importId);
  const length = Buffer.byteLength(head) + statSync(path).size + Buffer.byteLength(tail);
  const before = serverPid ? procMemory(serverPid) : undefined;
  const progress: string[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      await new Promise((r) => setTimeout(r, 1000));
      let line: string;
      try {
        const answer = await fetch(`${base}/admin/contacts/imports/${importId}`, { headers: { Cookie: cookie } });
        const p = (await answer.json()) as { status: string; rowsRead?: number };
        line = `${p.status} ${p.rowsRead ?? 0}`;
      } catch (error) {
        line = `poll failed (${(error as Error).message})`; // a kept-alive connection the server closed meanwhile
      }
      if (progress.at(-1) !== line) progress.push(line);
    }
  })();
  const began = performance.now();
  const answer = await new Promise<{ status: number; location: string; body: string }>((resolve, reject) => {
    const req = httpRequest(`${base}/admin/contacts`, {
      method: "POST",
      headers: {
        "Content-Type": contentType,
        "Content-Length": String(length),
        Cookie: cookie,
        Origin: base,
        "Sec-Fetch-Site": "same-origin",
      },
    });
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? ""), body }));
    });
    req.on("error", reject);
    Readable.from(multipartBody(path, importId)).pipe(req);
  });
  const seconds = Math.round(performance.now() - began) / 1000;
  polling = false;
  await poll;
  let said = answer.body.slice(0, 300);
  if (answer.status === 303) {
    // The notice is shown once on the page the redirect leads to.
    const page = await (await fetch(new URL(answer.location, base), { headers: { Cookie: cookie } })).text();
    said = /Imported [^<]*No e-mail was sent\./.exec(page)?.[0] ?? "(redirected; no notice found)";
  }
  const after = serverPid ? procMemory(serverPid) : undefined;
  const mb = toMb(statSync(path).size);
  rmSync(path, { force: true });
  return { rows, mb, seconds, status: answer.status, said, progress, serverRssMb: before?.rss, serverPeakRssMb: after?.peak };
}

export function formatImportBench(results: readonly ImportBench[]): string {
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(8) : c.padStart(9))).join("  ");
  return [
    line(["rows", "MB", "seconds", "read ms", "dedupe ms", "merge ms", "start RSS", "peak RSS", "start heap", "peak heap", "max wait"]),
    ...results.map((r) =>
      line([
        r.rows.toLocaleString("en-US"),
        r.mb.toFixed(1),
        r.seconds.toFixed(2),
        String(r.phases.read ?? "-"),
        String(r.phases.collapse ?? "-"),
        String(r.phases.merge ?? "-"),
        r.startRssMb.toFixed(1),
        r.peakRssMb.toFixed(1),
        r.startHeapMb.toFixed(1),
        r.peakHeapMb.toFixed(1),
        `${r.longestOtherQueryMs} ms`,
      ]),
    ),
  ].join("\n");
}

async function main() {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "10000,100000" },
      http: { type: "boolean", default: false },
      // A file of this many MB instead: the most rows a file may have, each padded to fill it...
      mb: { type: "string" },
      // ...or one line of commas. Each in a process of its own: RSS does not shrink after a peak.
      "one-line": { type: "boolean", default: false },
    },
  });
  const sizes = values.rows.split(",").map(Number);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dir = mkdtempSync(join(tmpdir(), "import-bench-"));
  const dataDir = process.env.DATA_DIR || join(dir, "data");
  try {
    if (!values.http) {
      await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
      try {
        const results: ImportBench[] = [];
        if (values.mb) {
          const bytes = Number(values.mb) * 1024 * 1024;
          // A row of the bench's file is about 100 bytes before its padding.
          const result = values["one-line"]
            ? await benchImportFile(await writeOneLineCsv(dir, bytes), 1)
            : await benchImport(CONTACT_IMPORT_MAX_ROWS, dir, Math.max(0, Math.floor(bytes / CONTACT_IMPORT_MAX_ROWS) - 102));
          console.error(result.said);
          console.log(formatImportBench([result]));
          return;
        }
        for (const rows of sizes) {
          results.push(await benchImport(rows, dir));
          console.error(`${rows} rows: ${results.at(-1)!.said}`);
        }
        console.log(formatImportBench(results));
      } finally {
        await closeDatabase();
      }
      return;
    }
    const port = await freePort();
    const owner = throwawayOwner();
    const base = `http://127.0.0.1:${port}`;
    const server = startBuiltServer({
      env: { PORT: String(port), DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ...owner.env },
    });
    try {
      await waitForServer(base, server.child).catch((error: Error) => {
        throw new Error(`${error.message}\n${server.output()}`);
      });
      const cookie = await logInAsOwner(base, owner.password);
      for (const rows of sizes) {
        const r = await benchImportHttp({ base, cookie, rows, serverPid: server.child.pid, dir });
        console.log(
          `${rows.toLocaleString("en-US")} rows over HTTP (${r.mb} MB): ${r.seconds.toFixed(2)} s, answer ${r.status}; server RSS ${r.serverRssMb} MB before, peak ${r.serverPeakRssMb} MB\n  ${r.said}\n  progress seen: ${r.progress.join(" -> ")}`,
        );
      }
    } finally {
      await stopServer(server.child);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: Error) => {
    console.error(`Import bench failed: ${error.stack ?? error.message}`);
    process.exit(1);
  });
}
