/**
 * Where a contacts import keeps its rows and its progress (contact_imports, contact_import_rows):
 * the rows are staged in batches, each its own short statement, so the embedded database (one
 * connection) keeps answering the site while a large file is read; they reach the audience only
 * in `mergeImport`'s one transaction. The import's row is what the page polls for progress, from
 * whichever server process it asks. Nothing here checks a row: contacts-import.server.ts does.
 */
import { sql } from "drizzle-orm";
import type { ContactImportStatus, SuppressionReason } from "../../../db/schema";
import { IMPORTED_TAG } from "~/lib/tags";
import { consentStatements } from "~/server/audience/contacts.server";
import { db, rowsOf } from "~/server/db.server";

/** One checked row, spelled as stored: `row` is its number in the spreadsheet (the header is row 1). */
export type StagedRow = { row: number; email: string; name: string | null; source: string; tags: string[] };

/** What the page shows while an import runs, and after. */
export type ImportProgress = { status: ContactImportStatus; rowsRead: number; fileName: string };

/** An import not updated for this long belongs to a process that died (a live one updates it every batch). */
const STALE_AFTER = sql`interval '1 hour'`;

/** The consent's shape every import writes (the broadcasts' audience counts these as confirmed newsletter subscribers). */
export const IMPORT_CONSENT = { purpose: "newsletter", sourcePrefix: "import: ", wordingVersion: "import" } as const;

/**
 * Record a new import, first removing what crashed imports left (their staged rows go with them).
 * False when the id is taken (a form sent twice): the caller makes another.
 */
export async function beginImport(id: string, fileName: string): Promise<boolean> {
  await db().execute(sql`delete from contact_imports where updated_at < now() - ${STALE_AFTER}`);
  const made = rowsOf<{ id: string }>(
    await db().execute(sql`
      insert into contact_imports (id, file_name) values (${id}, ${fileName}) on conflict (id) do nothing returning id
    `),
  );
  return made.length === 1;
}

/** Stage a batch of checked rows and say how many rows were read so far, in one statement. */
export async function stageRows(id: string, rows: readonly StagedRow[], rowsRead: number): Promise<void> {
  if (rows.length === 0) return noteProgress(id, rowsRead);
  await db().execute(sql`
    with staged as (
      insert into contact_import_rows (import_id, row, email, name, source, tags)
      select ${id}, r.row, r.email, r.name, r.source, r.tags
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("row" integer, email text, name text, source text, tags text[])
    )
    update contact_imports set rows_read = ${rowsRead}, updated_at = now() where id = ${id}
  `);
}

export async function noteProgress(id: string, rowsRead: number, status: ContactImportStatus = "reading"): Promise<void> {
  await db().execute(sql`update contact_imports set rows_read = ${rowsRead}, status = ${status}, updated_at = now() where id = ${id}`);
}

/**
 * One row per address: a later row of the same address gives its name to a first row without one
 * and adds its tags, then goes; the first row's consent source stands (as the import always did).
 * Outside the merge's transaction, so that transaction stays short. Returns how many rows went.
 */
export async function collapseDuplicates(id: string): Promise<number> {
  // The planner's figures for the table just filled: without them it takes it for a few rows and
  // joins by nested loops (285 s for 100,000 rows on the embedded database, instead of under one).
  await db().execute(sql`analyze contact_import_rows`);
  const [gone] = rowsOf<{ n: number | string }>(
    await db().execute(sql`
      with repeated as (
        select min(row) as keep, array_agg(row) as rows,
          (array_agg(name order by row) filter (where name is not null))[1] as name,
          -- A tag holds no comma (app/lib/tags.ts): joined and split again, the rows' tags are one array.
          array_remove(string_to_array(string_agg(array_to_string(tags, ','), ','), ','), '') as tags
        from contact_import_rows where import_id = ${id}
        group by email having count(*) > 1
      ),
      kept as (
        update contact_import_rows r set name = g.name, tags = g.tags
        from repeated g where r.import_id = ${id} and r.row = g.keep
      ),
      dropped as (
        delete from contact_import_rows r using (select unnest(rows) as row, keep from repeated) d
        where r.import_id = ${id} and r.row = d.row and d.row <> d.keep
        returning 1
      )
      select count(*) as n from dropped
    `),
  );
  return Number(gone?.n ?? 0);
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
    const [known] = rowsOf<{ rows: number | string; known: number | string; suppressed: number | string; listed: string[] | null }>(
      await tx.execute(sql`
        select count(*) as rows, count(c.id) as known, count(c.suppression) as suppressed,
          (array_agg(c.suppression || ' ' || c.email order by c.email) filter (where c.suppression is not null))[1:${sql.raw(String(Math.trunc(listSuppressed)))}] as listed
        from contact_import_rows s left join contacts c on c.email = s.email
        where s.import_id = ${id}
      `),
    );
    // Each address is on one staged row by now, so the statements' rows never overlap.
    let consentsRecorded = 0;
    for (let from = 0; from < lastRow; from += MERGE_ROWS_PER_STATEMENT) {
      const [recorded] = rowsOf<{ consents: number | string }>(
        await tx.execute(sql`
          with ${consentStatements(
            "import",
            {
              each: sql`select s.email, s.name, ${IMPORT_CONSENT.sourcePrefix} || s.source as source, array_append(s.tags, ${IMPORTED_TAG}) as tags,
                ${`from ${fileName}: newsletter consent from `} || ${IMPORT_CONSENT.sourcePrefix} || s.source as detail,
                ${`from ${fileName}: kept suppressed`} as kept_detail
              from contact_import_rows s
              where s.import_id = ${id} and s.row > ${from} and s.row <= ${from + MERGE_ROWS_PER_STATEMENT}`,
            },
            { purpose: IMPORT_CONSENT.purpose, wordingVersion: IMPORT_CONSENT.wordingVersion, skipSuppressed: true, eventKind: "import" },
          )}
          select count(*) as consents from "import_consent"
        `),
      );
      consentsRecorded += Number(recorded?.consents ?? 0);
    }
    const outcome: MergeOutcome = {
      created: Number(known?.rows ?? 0) - Number(known?.known ?? 0),
      updated: Number(known?.known ?? 0),
      consentsRecorded,
      keptSuppressed: (known?.listed ?? []).map((entry) => {
        const space = entry.indexOf(" ");
        return { email: entry.slice(space + 1), suppression: entry.slice(0, space) as SuppressionReason };
      }),
      keptSuppressedTotal: Number(known?.suppressed ?? 0),
    };
    const { result, audit } = describe(outcome);
    await tx.execute(sql`
      insert into admin_audit_log (action, target, detail) values ('contact-import', ${`import:${fileName}`}, ${audit})
    `);
    await tx.execute(sql`
      update contact_imports set status = 'imported', result = ${JSON.stringify(result)}::jsonb, updated_at = now() where id = ${id}
    `);
    return outcome;
  });
}

/** An import over (refused, failed, or imported): its staged rows go, its row keeps the outcome for a late poll. */
export async function endImport(id: string, status: ContactImportStatus, result?: unknown): Promise<void> {
  await db().execute(sql`delete from contact_import_rows where import_id = ${id}`);
  if (status !== "imported") {
    await db().execute(sql`
      update contact_imports set status = ${status}, result = ${result === undefined ? null : JSON.stringify(result)}::jsonb, updated_at = now()
      where id = ${id}
    `);
  }
}

/** How far an import is, for the page's poll; undefined for an id never seen (or swept). */
export async function importProgress(id: string): Promise<ImportProgress | undefined> {
  const [row] = rowsOf<{ status: ContactImportStatus; rows_read: number; file_name: string }>(
    await db().execute(sql`select status, rows_read, file_name from contact_imports where id = ${id}`),
  );
  return row && { status: row.status, rowsRead: row.rows_read, fileName: row.file_name };
}
