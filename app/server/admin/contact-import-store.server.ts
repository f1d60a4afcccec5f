/**
 * Where a contacts import keeps its rows and its progress (contact_imports, contact_import_rows):
 * the rows are staged in batches, each its own short statement, so the embedded database (one
 * connection) keeps answering the site while a large file is read; they reach the audience only
 * in `mergeImport`'s one transaction. The import's row is what the page polls for progress, from
 * whichever server process it asks. Nothing here checks a row: contacts-import.server.ts does.
 */
import { eq, lt, sql } from "drizzle-orm";
import { adminAuditLog, contactImportRows, contactImports, type ContactImportStatus, type SuppressionReason } from "../../../db/schema";
import {
  analyzeStagedRows,
  collapseStagedDuplicates,
  IMPORT_CONSENT,
  mergeStagedRows,
  stagedRowsSummary,
  stageImportRows,
  type StagedRow,
} from "~/server/admin/admin.sql.server";
import { db } from "~/server/db.server";

export { IMPORT_CONSENT, type StagedRow };

/** What the page shows while an import runs, and after. */
export type ImportProgress = { status: ContactImportStatus; rowsRead: number; fileName: string };

/** An import not updated for this long belongs to a process that died (a live one updates it every batch). */
const STALE_AFTER = sql`now() - interval '1 hour'`;

/**
 * Record a new import, first removing what crashed imports left (their staged rows go with them).
 * False when the id is taken (a form sent twice): the caller makes another.
 */
export async function beginImport(id: string, fileName: string): Promise<boolean> {
  await db().delete(contactImports).where(lt(contactImports.updatedAt, STALE_AFTER));
  const made = await db()
    .insert(contactImports)
    .values({ id, fileName })
    .onConflictDoNothing({ target: contactImports.id })
    .returning({ id: contactImports.id });
  return made.length === 1;
}

/** Stage a batch of checked rows and say how many rows were read so far, in one statement. */
export async function stageRows(id: string, rows: readonly StagedRow[], rowsRead: number): Promise<void> {
  if (rows.length === 0) return noteProgress(id, rowsRead);
  await stageImportRows(id, rows, rowsRead);
}

export async function noteProgress(id: string, rowsRead: number, status: ContactImportStatus = "reading"): Promise<void> {
  await db()
    .update(contactImports)
    .set({ rowsRead, status, updatedAt: sql`now()` })
    .where(eq(contactImports.id, id));
}

/**
 * One row per address: a later row of the same address gives its name to a first row without one
 * and adds its tags, then goes; the first row's consent source stands (as the import always did).
 * Outside the merge's transaction, so that transaction stays short. Returns how many rows went.
 */
export async function collapseDuplicates(id: string): Promise<number> {
  await analyzeStagedRows();
  return collapseStagedDuplicates(id);
}

export type MergeOutcome = {
  created: number;
  updated: number;
  consentsRecorded: number;
  /** The first addresses (A to Z) that stay suppressed, and how many in all. */
  keptSuppressed: { email: string; suppression: SuppressionReason }[];
  keptSuppressedTotal: number;
};

/**
 * Staged rows merged per statement, by spreadsheet row number: each statement stays well inside
 * the PostgreSQL pool's 10 s query timeout on a 100,000-row file (they are one transaction all the same).
 */
const MERGE_ROWS_PER_STATEMENT = 10_000;

/**
 * The staged rows (one per address by now) into the audience, all or nothing, in one transaction:
 * contacts made or updated, tags added ("imported" on each), a newsletter consent recorded where
 * the address is not suppressed, an event on each, the audit log's line, and the import marked
 * imported with what the page says (`describe` turns the outcome into it). `lastRow` is the
 * file's last row number.
 */
export async function mergeImport(
  id: string,
  fileName: string,
  lastRow: number,
  describe: (outcome: MergeOutcome) => { result: unknown; audit: string },
  listSuppressed: number,
): Promise<MergeOutcome> {
  return db().transaction(async (tx) => {
    const known = await stagedRowsSummary(tx, id, listSuppressed);
    // Each address is on one staged row by now, so the statements' rows never overlap.
    let consentsRecorded = 0;
    for (let from = 0; from < lastRow; from += MERGE_ROWS_PER_STATEMENT) {
      consentsRecorded += await mergeStagedRows(tx, id, fileName, from, from + MERGE_ROWS_PER_STATEMENT);
    }
    const outcome: MergeOutcome = {
      created: known.rows - known.known,
      updated: known.known,
      consentsRecorded,
      keptSuppressed: (known.listed ?? []).map((entry) => {
        const space = entry.indexOf(" ");
        return { email: entry.slice(space + 1), suppression: entry.slice(0, space) as SuppressionReason };
      }),
      keptSuppressedTotal: known.suppressed,
    };
    const { result, audit } = describe(outcome);
    await tx.insert(adminAuditLog).values({ action: "contact-import", target: `import:${fileName}`, detail: audit });
    await tx
      .update(contactImports)
      .set({ status: "imported", result: result ?? null, updatedAt: sql`now()` })
      .where(eq(contactImports.id, id));
    return outcome;
  });
}

/** An import over (refused, failed, or imported): its staged rows go, its row keeps the outcome for a late poll. */
export async function endImport(id: string, status: ContactImportStatus, result?: unknown): Promise<void> {
  await db().delete(contactImportRows).where(eq(contactImportRows.importId, id));
  if (status !== "imported") {
    await db()
      .update(contactImports)
      .set({ status, result: result ?? null, updatedAt: sql`now()` })
      .where(eq(contactImports.id, id));
  }
}

/** How far an import is, for the page's poll; undefined for an id never seen (or swept). */
export async function importProgress(id: string): Promise<ImportProgress | undefined> {
  const [row] = await db()
    .select({ status: contactImports.status, rowsRead: contactImports.rowsRead, fileName: contactImports.fileName })
    .from(contactImports)
    .where(eq(contactImports.id, id));
  return row;
}
