/**
 * Importing contacts from a CSV file (/admin/contacts). Each row needs an address and where its
 * consent was given (the `consent_source` column): the row becomes a contact (one per address,
 * any case; an existing one is updated, never duplicated) with a newsletter consent recorded as
 * `import: <source>`, wording version `import`. Nothing here writes to the outbox: an import
 * never sends e-mail. A suppressed address keeps its suppression and gets no consent (an import
 * is not the person asking again). An optional `tags` column tags each row (comma-separated), and
 * every imported contact is tagged "imported". All or nothing: one bad row and no row is imported.
 * The consents, events and tags are written by the audience module's one statement.
 */
import { sql } from "drizzle-orm";
import { CsvError, parse } from "csv-parse/sync";
import type { SuppressionReason } from "../../../db/schema";
import { CONTACT_IMPORT_MAX_ROWS } from "~/lib/admin-forms";
import { SUPPRESSION_LABELS } from "~/lib/audience-labels";
import { emailField, FIELD_LIMITS } from "~/lib/forms";
import { IMPORTED_TAG, TAG_MESSAGE, tagList } from "~/lib/tags";
import { consentStatements } from "~/server/audience/contacts.server";
import { db, rowsOf } from "~/server/db.server";
import { log } from "~/server/log.server";

/** The consent's shape every import writes (the broadcasts' audience counts these as confirmed newsletter subscribers). */
export const IMPORT_CONSENT = { purpose: "newsletter", sourcePrefix: "import: ", wordingVersion: "import" } as const;

const SOURCE_MAX = 200;

/** Header names as people write them ("E-mail", "Consent source") to the columns we read. */
const COLUMN_NAMES: Record<"email" | "name" | "consent_source" | "tags", readonly string[]> = {
  email: ["email", "e_mail", "email_address"],
  name: ["name", "first_name", "full_name"],
  consent_source: ["consent_source"],
  tags: ["tags", "tag"],
};

export type ImportRowError = { row: number; reason: string };

export type ImportResult =
  /** `unavailable`: the database failed (nothing was written); the same file may be sent again. */
  | { ok: false; message: string; errors: ImportRowError[]; unavailable?: true }
  | {
      ok: true;
      rows: number;
      created: number;
      updated: number;
      /** Rows whose address appeared earlier in the same file: merged into that one. */
      duplicatesInFile: number;
      consentsRecorded: number;
      /** Addresses that stay suppressed (no consent recorded for them). */
      keptSuppressed: { email: string; suppression: SuppressionReason }[];
    };

type ImportRow = { email: string; name: string | null; source: string; tags: string[] };

const headerKey = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

function refuse(message: string, errors: ImportRowError[] = []): { ok: false; message: string; errors: ImportRowError[] } {
  return { ok: false, message, errors };
}

/** Read and check the whole file; the rows to import (one per address), or why nothing can be. */
export type ImportRefusal = Extract<ImportResult, { ok: false }>;

export function readImportFile(text: string): { contacts: ImportRow[]; total: number; duplicates: number } | ImportRefusal {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      return refuse(`The file is not valid CSV${line ? ` (near line ${line})` : ""}: ${error.message}. Nothing was imported.`);
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return refuse("The file is empty. Nothing was imported.");
  const keys = header.map(headerKey);
  const index = (column: keyof typeof COLUMN_NAMES) => keys.findIndex((k) => COLUMN_NAMES[column].includes(k));
  const at = { email: index("email"), name: index("name"), source: index("consent_source"), tags: index("tags") };
  const missing = [at.email === -1 ? "email" : null, at.source === -1 ? "consent_source" : null].filter(Boolean);
  if (missing.length > 0) {
    return refuse(
      `The file has no ${missing.join(" or ")} column. The first row must name the columns: email, consent_source (where each person agreed to hear from you, e.g. "2025 workshop sign-up sheet") and optionally name. Nothing was imported.`,
    );
  }
  if (body.length === 0) return refuse("The file has a header row but no contacts. Nothing was imported.");
  if (body.length > CONTACT_IMPORT_MAX_ROWS) {
    return refuse(
      `The file has ${body.length.toLocaleString("en-US")} rows; import at most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString("en-US")} at a time (split the file). Nothing was imported.`,
    );
  }

  const errors: ImportRowError[] = [];
  const byAddress = new Map<string, ImportRow>();
  let duplicates = 0;
  body.forEach((cells, i) => {
    const row = i + 2; // as a spreadsheet numbers it: the header is row 1
    if (cells.length !== header.length) {
      errors.push({ row, reason: `it has ${cells.length} columns; the header has ${header.length}` });
      return;
    }
    const email = emailField.safeParse(cells[at.email] ?? "");
    const name = at.name === -1 ? "" : (cells[at.name] ?? "");
    const source = cells[at.source] ?? "";
    const tags = tagList(at.tags === -1 ? "" : (cells[at.tags] ?? ""));
    if (!email.success) errors.push({ row, reason: `"${(cells[at.email] ?? "").slice(0, 80)}" is not a valid e-mail address` });
    else if (!source) errors.push({ row, reason: "its consent_source is empty (say where this person agreed to hear from you)" });
    else if (source.length > SOURCE_MAX) errors.push({ row, reason: `its consent_source is longer than ${SOURCE_MAX} characters` });
    else if (name.length > FIELD_LIMITS.name) errors.push({ row, reason: `its name is longer than ${FIELD_LIMITS.name} characters` });
    else if ("bad" in tags) errors.push({ row, reason: `its tag “${tags.bad}” is not one: ${TAG_MESSAGE}` });
    else {
      const earlier = byAddress.get(email.data);
      if (earlier) {
        duplicates += 1;
        earlier.name ||= name || null;
        for (const tag of tags.tags) if (!earlier.tags.includes(tag)) earlier.tags.push(tag);
      } else byAddress.set(email.data, { email: email.data, name: name || null, source, tags: [IMPORTED_TAG, ...tags.tags] });
    }
  });
  if (errors.length > 0) {
    const rows = errors.length === 1 ? "1 row is" : `${errors.length} rows are`;
    return refuse(
      `${rows} not right, so nothing was imported. Fix ${errors.length === 1 ? "it" : "them"} and upload the file again.`,
      errors,
    );
  }
  return { contacts: [...byAddress.values()], total: body.length, duplicates };
}

/** Import a CSV file's text in one transaction; see the module's comment for the rules. */
export async function importContacts(text: string, fileName: string): Promise<ImportResult> {
  const read = readImportFile(text);
  if (!("contacts" in read)) return read;
  const input = JSON.stringify(read.contacts);
  const file = fileName.slice(0, 120) || "upload";
  try {
    return await db().transaction(async (tx) => {
      const rowsIn = sql`(select * from jsonb_to_recordset(${input}::jsonb) as r(email text, name text, source text, tags text[]))`;
      const before = rowsOf<{ email: string; suppression: SuppressionReason | null }>(
        await tx.execute(sql`select email, suppression from contacts where email in (select email from ${rowsIn} i)`),
      );
      const [recorded] = rowsOf<{ consents: number | string }>(
        await tx.execute(sql`
          with ${consentStatements(
            "import",
            {
              each: sql`select i.email, i.name, ${IMPORT_CONSENT.sourcePrefix} || i.source as source, i.tags,
              ${`from ${file}: newsletter consent from `} || ${IMPORT_CONSENT.sourcePrefix} || i.source as detail,
              ${`from ${file}: kept suppressed`} as kept_detail
            from ${rowsIn} i`,
            },
            { purpose: IMPORT_CONSENT.purpose, wordingVersion: IMPORT_CONSENT.wordingVersion, skipSuppressed: true, eventKind: "import" },
          )}
          select count(*) as consents from "import_consent"
        `),
      );
      const keptSuppressed = before
        .filter((b): b is { email: string; suppression: SuppressionReason } => b.suppression !== null)
        .sort((a, b) => a.email.localeCompare(b.email));
      const result = {
        ok: true as const,
        rows: read.total,
        created: read.contacts.length - before.length,
        updated: before.length,
        duplicatesInFile: read.duplicates,
        consentsRecorded: Number(recorded?.consents ?? 0),
        keptSuppressed,
      };
      await tx.execute(sql`
        insert into admin_audit_log (action, target, detail) values ('contact-import', ${`import:${file}`},
          ${`${result.rows} rows: ${result.created} new, ${result.updated} updated, ${result.duplicatesInFile} duplicates merged, ${keptSuppressed.length} kept suppressed`})
      `);
      return result;
    });
  } catch (error) {
    log.error({ err: error }, "Contacts import failed");
    return { ...refuse("The database could not be reached, so nothing was imported. Try again in a minute."), unavailable: true };
  }
}

/** What a successful import did, in the sentence the page shows after it (nobody was e-mailed). */
export function importNotice(result: Extract<ImportResult, { ok: true }>): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const said = [
    `Imported ${plural(result.rows, "row", "rows")}: ${result.created} new, ${result.updated} already known (updated), ${result.duplicatesInFile} repeated in the file (merged).`,
    `${result.consentsRecorded} newsletter ${result.consentsRecorded === 1 ? "consent" : "consents"} recorded. No e-mail was sent.`,
  ];
  if (result.keptSuppressed.length > 0) {
    const shown = result.keptSuppressed.slice(0, 20).map((s) => `${s.email} (${SUPPRESSION_LABELS[s.suppression].toLowerCase()})`);
    const more = result.keptSuppressed.length - shown.length;
    said.push(
      `These addresses stay suppressed, with no consent recorded (only the person can ask again): ${shown.join(", ")}${more > 0 ? ` and ${more} more` : ""}.`,
    );
  }
  return said.join(" ");
}
