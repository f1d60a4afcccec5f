/**
 * The CSV row limit counts a row's bytes as the parser reads the row (quotes, doubled quotes, line
 * breaks inside quotes, CR, LF or CRLF, empty lines not counted as rows) however the bytes are
 * split into chunks, and fails at the first row past the limit with that row's number.
 */
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { csvRowLimit, RowTooLongError } from "~/server/admin/csv-row-limit.server";

/** What comes out of the limit for this CSV fed in chunks of `size` bytes, or the row it stopped at. */
async function through(csv: string, maxBytes: number, size = 3): Promise<string | { tooLong: number }> {
  const bytes = Buffer.from(csv);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
  try {
    return await text(Readable.from(chunks).pipe(csvRowLimit(maxBytes)));
  } catch (error) {
    if (error instanceof RowTooLongError) return { tooLong: error.row };
    throw error;
  }
}

describe("csvRowLimit", () => {
  it("passes rows up to the limit through unchanged, with any line ending", async () => {
    const csv = "email,name\r\nab@x.io,Ann\nbc@x.io,Bo\rcd@x.io,Cy\r\n";
    expect(await through(csv, 11)).toBe(csv);
    expect(await through(csv, 11, 1000)).toBe(csv);
  });

  it("stops at the first row past the limit, numbered as a spreadsheet shows it (empty lines are not rows)", async () => {
    expect(await through("email,name\n\n\r\nab@x.io,Ann\n" + ",".repeat(12) + "\nlast@x.io,Z\n", 11)).toEqual({ tooLong: 3 });
    expect(await through(",".repeat(45_000), 8192, 64 * 1024)).toEqual({ tooLong: 1 });
  });

  it("counts a line break inside quotes, and a doubled quote, as part of the row", async () => {
    const quoted = 'email,name\nab@x.io,"A ""quoted""\nname"\n';
    expect(await through(quoted, 27)).toBe(quoted);
    expect(await through(quoted, 26)).toEqual({ tooLong: 2 });
    // An unclosed quote holds the rest of the file in one row: stopped at the limit, not at the end.
    expect(await through('email,name\nab@x.io,"' + "x\n".repeat(100), 50)).toEqual({ tooLong: 2 });
  });
});
