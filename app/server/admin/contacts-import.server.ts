/**
 * Importing contacts from a CSV file (/admin/contacts). Each row needs an address and where its
 * consent was given (the `consent_source` column): the row becomes a contact (one per address,
 * any case; an existing one is updated, never duplicated) with a newsletter consent recorded as
 * `import: <source>`, wording version `import`. Nothing here writes to the outbox: an import
 * never sends e-mail. A suppressed address keeps its suppression and gets no consent (an import
 * is not the person asking again). An optional `tags` column tags each row (comma-separated), and
 * every imported contact is tagged "imported". All or nothing: one bad row and no row is imported.
 *
 * The file is read as a stream (up to 50 MB, 200,000 rows, 8 KB a row and 1,000 characters a
 * field; memory does not grow with it): each row is checked as it comes, and the checked rows are
 * staged in batches (contact-import-store); only when the whole file is read and every row is
 * right are they merged into the audience, by one transaction (the audience module's statement).
 * The import's row says how far it is, for the page to show while it runs.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { CsvError, parse } from "csv-parse";
import type { SuppressionReason } from "../../../db/schema";
import {
  CONTACT_IMPORT_ERRORS_LISTED,
  CONTACT_IMPORT_MAX_FIELD_CHARS,
  CONTACT_IMPORT_MAX_ROW_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
} from "~/lib/forms/dashboard";
import { SUPPRESSION_LABELS } from "~/lib/audience-labels";
import { emailField, FIELD_LIMITS } from "~/lib/forms/public";
import { TAG_MESSAGE, tagList } from "~/lib/tags";
import {
  beginImport,
  collapseDuplicates,
  endImport,
  mergeImport,
  noteProgress,
  stageRows,
  type StagedRow,
} from "~/server/admin/contact-import-store.server";
import { csvRowLimit, RowTooLongError } from "~/server/admin/csv-row-limit.server";
import { log } from "~/server/log.server";

export { IMPORT_CONSENT } from "~/server/admin/contact-import-store.server";

const SOURCE_MAX = 200;
/** Rows staged per INSERT: few round trips, and a batch's JSON stays well under a megabyte. */
export const IMPORT_BATCH_ROWS = 5_000;
/** Rows read between two turns of the event loop given to the server's other requests (a few milliseconds of work). */
const YIELD_EVERY_ROWS = 500;
/** Addresses named in the notice as staying suppressed; the rest are counted. */
const SUPPRESSED_LISTED = 20;

/** Header names as people write them ("E-mail", "Consent source") to the columns we read. */
const COLUMN_NAMES: Record<"email" | "name" | "consent_source" | "tags", readonly string[]> = {
  email: ["email", "e_mail", "email_address"],
  name: ["name", "first_name", "full_name"],
  consent_source: ["consent_source"],
  tags: ["tags", "tag"],
};

export type ImportRowError = { row: number; reason: string };

export type ImportRefusal = {
  ok: false;
  message: string;
  /** The first wrong rows (at most CONTACT_IMPORT_ERRORS_LISTED), in file order. */
  errors: ImportRowError[];
  /** How many rows are wrong in all, when any is. */
  errorCount?: number;
  /** `unavailable`: the database failed (nothing was written); the same file may be sent again. */
  unavailable?: true;
};

export type ImportResult =
  | ImportRefusal
  | {
      ok: true;
      rows: number;
      created: number;
      updated: number;
      /** Rows whose address appeared earlier in the same file: merged into that one. */
      duplicatesInFile: number;
      consentsRecorded: number;
      /** The first addresses (A to Z) that stay suppressed (no consent recorded for them)... */
      keptSuppressed: { email: string; suppression: SuppressionReason }[];
      /** ...and how many in all. */
      keptSuppressedTotal: number;
    };

export type ImportOptions = {
  /** The form's id for this upload (the page polls its progress by it); one is made when absent or taken. */
  importId?: string;
  /** Aborted when the upload must stop (e.g. the file passed the size limit): nothing is imported, and the reason's message is said. */
  signal?: AbortSignal;
  batchRows?: number;
  /** Filled with each phase's milliseconds (the benchmark reads it; the log says it too). */
  timings?: Partial<Record<"read" | "collapse" | "merge" | "cleanup", number>>;
};

/** The upload itself failed (the browser went away mid-file): not the file's fault, nor the database's. */
class UploadError extends Error {}

const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function refuse(message: string, errors: ImportRowError[] = [], errorCount?: number): ImportRefusal {
  return errorCount === undefined ? { ok: false, message, errors } : { ok: false, message, errors, errorCount };
}

const UNAVAILABLE: ImportRefusal = {
  ...refuse("The database could not be reached, so nothing was imported. Try again in a minute."),
  unavailable: true,
};

/** The columns' indexes, and each column as an error names it (by the header's words, as written). */
type Columns = { email: number; name: number; source: number; tags: number; count: number; names: string[] };

/** The columns to read, from the header row, or why the file cannot be imported. */
function columnsOf(header: string[]): Columns | ImportRefusal {
  const keys = header.map(headerKey);
  const index = (column: keyof typeof COLUMN_NAMES) => keys.findIndex((k) => COLUMN_NAMES[column].includes(k));
  const at = {
    email: index("email"),
    name: index("name"),
    source: index("consent_source"),
    tags: index("tags"),
    count: header.length,
    names: header.map((cell, i) => (cell.trim() ? `the ${cell.trim().slice(0, 60)} column` : `column ${i + 1}`)),
  };
  const missing = [at.email === -1 ? "email" : null, at.source === -1 ? "consent_source" : null].filter(Boolean);
  if (missing.length > 0) {
    return refuse(
      `The file has no ${missing.join(" or ")} column. The first row must name the columns: email, consent_source (where each person agreed to hear from you, e.g. "2025 workshop sign-up sheet") and optionally name. Nothing was imported.`,
    );
  }
  return at;
}

/** One data row checked and spelled as stored, or why it is wrong. */
function checkRow(cells: string[], row: number, at: Columns): StagedRow | ImportRowError {
  if (cells.length !== at.count) return { row, reason: `it has ${cells.length} columns; the header has ${at.count}` };
  const long = cells.findIndex((cell) => cell.length > CONTACT_IMPORT_MAX_FIELD_CHARS);
  if (long !== -1)
    return { row, reason: `${at.names[long]} is longer than ${CONTACT_IMPORT_MAX_FIELD_CHARS.toLocaleString("en-US")} characters` };
  const email = emailField.safeParse(cells[at.email] ?? "");
  const name = at.name === -1 ? "" : (cells[at.name] ?? "");
  const source = cells[at.source] ?? "";
  const tags = tagList(at.tags === -1 ? "" : (cells[at.tags] ?? ""));
  if (!email.success) return { row, reason: `"${(cells[at.email] ?? "").slice(0, 80)}" is not a valid e-mail address` };
  if (!source) return { row, reason: "its consent_source is empty (say where this person agreed to hear from you)" };
  if (source.length > SOURCE_MAX) return { row, reason: `its consent_source is longer than ${SOURCE_MAX} characters` };
  if (name.length > FIELD_LIMITS.name) return { row, reason: `its name is longer than ${FIELD_LIMITS.name} characters` };
  if ("bad" in tags) return { row, reason: `its tag “${tags.bad}” is not one: ${TAG_MESSAGE}` };
  return { row, email: email.data, name: name || null, source, tags: tags.tags };
}

function tooManyRows(rows: number): ImportRefusal {
  return refuse(
    `The file has ${rows.toLocaleString("en-US")} rows; import at most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString("en-US")} at a time (split the file). Nothing was imported.`,
  );
}

function wrongRows(errors: ImportRowError[], errorCount: number): ImportRefusal {
  const rows = errorCount === 1 ? "1 row is" : `${errorCount.toLocaleString("en-US")} rows are`;
  return refuse(
    `${rows} not right, so nothing was imported. Fix ${errorCount === 1 ? "it" : "them"} and upload the file again.`,
    errors,
    errorCount,
  );
}

/**
 * Read the file row by row, checking each, staging the good ones in batches while no row has been
 * wrong (after a wrong one it only reads on, to name and count the others), and noting progress
 * per batch. The rows read, or why nothing can be imported. Throws the database's errors.
 */
async function readAndStage(input: string | Readable, id: string, options: ImportOptions): Promise<{ rows: number } | ImportRefusal> {
  const batchRows = options.batchRows ?? IMPORT_BATCH_ROWS;
  const parser = parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  const source = typeof input === "string" ? Readable.from([input]) : input;
  // The parser holds a row whole until it ends: the bytes pass a row limit first, which stops at the first row past it.
  const limit = csvRowLimit(CONTACT_IMPORT_MAX_ROW_BYTES);
  source.once("error", (error) => parser.destroy(new UploadError(error.message)));
  limit.once("error", (error) => parser.destroy(error));
  source.pipe(limit).pipe(parser);

  let at: Columns | undefined;
  let rowsRead = 0;
  let errorCount = 0;
  const errors: ImportRowError[] = [];
  let batch: StagedRow[] = [];
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (options.signal?.aborted) break;
      if (!at) {
        const columns = columnsOf(cells);
        if ("ok" in columns) return columns;
        at = columns;
        continue;
      }
      rowsRead += 1;
      // Parsing buffered bytes and the embedded database's statements are promise callbacks that never
      // leave this turn of the event loop: without a turn now and then, the server answers no other
      // request (the page's progress poll included) until the whole file is read.
      if (rowsRead % YIELD_EVERY_ROWS === 0) await nextTurn();
      if (rowsRead > CONTACT_IMPORT_MAX_ROWS) continue; // counted for the message, nothing more
      const checked = checkRow(cells, rowsRead + 1, at); // as a spreadsheet numbers it: the header is row 1
      if ("reason" in checked) {
        errorCount += 1;
        if (errors.length < CONTACT_IMPORT_ERRORS_LISTED) errors.push(checked);
        batch = [];
      } else if (errorCount === 0) batch.push(checked);
      if (rowsRead % batchRows === 0) {
        await stageRows(id, batch, rowsRead);
        batch = [];
      }
    }
  } catch (error) {
    if (error instanceof RowTooLongError) {
      source.unpipe(limit);
      return refuse(
        `Row ${error.row.toLocaleString("en-US")} is longer than ${CONTACT_IMPORT_MAX_ROW_BYTES / 1024} KB, the most a row may be (a contact's row is a few hundred bytes): is it a CSV file of contacts, one a line? Nothing was imported.`,
      );
    }
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return refuse(`The file is not valid CSV${line ? ` (near line ${line})` : ""}: ${error.message}. Nothing was imported.`);
    }
    throw error;
  }
  if (options.signal?.aborted) {
    const reason: unknown = options.signal.reason;
    return refuse(reason instanceof Error ? reason.message : "The upload stopped. Nothing was imported.");
  }
  if (!at) return refuse("The file is empty. Nothing was imported.");
  if (rowsRead === 0) return refuse("The file has a header row but no contacts. Nothing was imported.");
  if (rowsRead > CONTACT_IMPORT_MAX_ROWS) return tooManyRows(rowsRead);
  if (errorCount > 0) return wrongRows(errors, errorCount);
  await stageRows(id, batch, rowsRead);
  return { rows: rowsRead };
}

/** Its staged rows removed and its outcome noted; a database that fails here leaves them to the next import's sweep. */
async function endQuietly(id: string, status: "refused" | "failed", result: ImportRefusal): Promise<void> {
  try {
    await endImport(id, status, { message: result.message, errorCount: result.errorCount ?? 0 });
  } catch (error) {
    log.warn({ err: error, importId: id }, "A refused contacts import's staged rows could not be removed (the next import sweeps them)");
  }
}

/** Import a CSV file (its text, or a stream of its bytes); see the module's comment for the rules. */
export async function importContacts(input: string | Readable, fileName: string, options: ImportOptions = {}): Promise<ImportResult> {
  const file = fileName.slice(0, 120) || "upload";
  const timings = options.timings ?? {};
  let id = options.importId ?? randomUUID();
  try {
    if (!(await beginImport(id, file))) {
      id = randomUUID();
      await beginImport(id, file);
    }
  } catch (error) {
    log.error({ err: error }, "Contacts import failed");
    if (typeof input !== "string") input.resume(); // the rest of the upload is read and dropped
    return UNAVAILABLE;
  }

  let phase = performance.now();
  const lap = (name: keyof NonNullable<ImportOptions["timings"]>) => {
    const now = performance.now();
    timings[name] = Math.round(now - phase);
    phase = now;
  };
  try {
    const read = await readAndStage(input, id, options);
    lap("read");
    if (!("rows" in read)) {
      await endQuietly(id, "refused", read);
      return read;
    }
    await noteProgress(id, read.rows, "merging");
    const duplicatesInFile = await collapseDuplicates(id);
    lap("collapse");
    let result: Extract<ImportResult, { ok: true }> | undefined;
    await mergeImport(
      id,
      file,
      read.rows + 1,
      (outcome) => {
        result = { ok: true, rows: read.rows, duplicatesInFile, ...outcome };
        return {
          result: { notice: importNotice(result) },
          audit: `${result.rows} rows: ${result.created} new, ${result.updated} updated, ${result.duplicatesInFile} duplicates merged, ${result.keptSuppressedTotal} kept suppressed`,
        };
      },
      SUPPRESSED_LISTED,
    );
    lap("merge");
    try {
      await endImport(id, "imported");
    } catch (error) {
      log.warn({ err: error, importId: id }, "An imported file's staged rows could not be removed (the next import sweeps them)");
    }
    lap("cleanup");
    log.info({ importId: id, rows: read.rows, ms: timings }, "Contacts imported");
    return result!;
  } catch (error) {
    if (error instanceof UploadError) {
      const refusal = refuse("The upload was interrupted, so nothing was imported. Please try again.");
      await endQuietly(id, "failed", refusal);
      return refusal;
    }
    log.error({ err: error }, "Contacts import failed");
    await endQuietly(id, "failed", UNAVAILABLE);
    return UNAVAILABLE;
  }
}

/** What a successful import did, in the sentence the page shows after it (nobody was e-mailed). */
export function importNotice(result: Extract<ImportResult, { ok: true }>): string {
  const n = (count: number) => count.toLocaleString("en-US");
  const said = [
    `Imported ${n(result.rows)} ${result.rows === 1 ? "row" : "rows"}: ${n(result.created)} new, ${n(result.updated)} already known (updated), ${n(result.duplicatesInFile)} repeated in the file (merged).`,
    `${n(result.consentsRecorded)} newsletter ${result.consentsRecorded === 1 ? "consent" : "consents"} recorded. No e-mail was sent.`,
  ];
  if (result.keptSuppressedTotal > 0) {
    const shown = result.keptSuppressed.map((s) => `${s.email} (${SUPPRESSION_LABELS[s.suppression].toLowerCase()})`);
    const more = result.keptSuppressedTotal - shown.length;
    said.push(
      `These addresses stay suppressed, with no consent recorded (only the person can ask again): ${shown.join(", ")}${more > 0 ? ` and ${n(more)} more` : ""}.`,
    );
  }
  return said.join(" ");
}
