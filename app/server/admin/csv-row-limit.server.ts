/**
 * A byte limit per CSV row, applied to the bytes before the CSV parser sees them. The parser
 * (csv-parse) holds a row whole until it ends, and its own `max_record_size` counts only the
 * characters inside fields: a 45 MB file that is one line of commas has none, so the parser held
 * 45 million empty fields and the server grew from 0.70 GB to 2.58 GB (the live review, issue 51).
 * This counts every byte of the row instead, commas and quotes included, and stops the stream at
 * the first row past the limit, with the row's number, so nothing past that many bytes is held.
 *
 * A row ends at a line break outside quotes (CR, LF or both: the parser takes all three). A quote
 * toggles "inside quotes"; a doubled quote inside a quoted field toggles twice and so stays
 * inside, which is exactly how the parser reads it. A quote where the parser does not allow one
 * is the parser's error to give, a moment later; this only counts. Empty lines are not rows
 * (the importer's parser skips them), so the row numbers are the ones the importer says.
 */
import { Transform, type TransformCallback } from "node:stream";

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** A row longer than the limit: `row` is its number as a spreadsheet shows it (the header is row 1). */
export class RowTooLongError extends Error {
  constructor(
    readonly row: number,
    readonly maxBytes: number,
  ) {
    super(`row ${row} is longer than ${maxBytes} bytes`);
    this.name = "RowTooLongError";
  }
}

/** A pass-through stream that fails with RowTooLongError at the first row longer than `maxBytes`. */
export function csvRowLimit(maxBytes: number): Transform {
  let quoted = false;
  let rowBytes = 0;
  let rowsEnded = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i]!;
        if (byte === QUOTE) quoted = !quoted;
        else if ((byte === LF || byte === CR) && !quoted) {
          if (rowBytes > 0) rowsEnded += 1;
          rowBytes = 0;
          continue;
        }
        if (++rowBytes > maxBytes) return done(new RowTooLongError(rowsEnded + 1, maxBytes));
      }
      done(null, chunk);
    },
  });
}
