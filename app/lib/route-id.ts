import { data } from "react-router";

/** The largest value of the database's `integer` (serial) columns: a larger id would make SQL fail. */
const MAX_ID = 2_147_483_647;

/**
 * A database id as an address, a query string or a form gives it, or null: only plain digits
 * without a leading zero, so "1e3", "-1", "0x10", " 7" and "7.0" are not ids, and none larger
 * than the column holds.
 */
export function parseId(value: unknown): number | null {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/** The id, or a 404 thrown: an id that cannot be ours is a page that does not exist, never a 500. */
export function idOr404(value: unknown): number {
  const id = parseId(value);
  if (id === null) throw notFound();
  return id;
}

/** The 404 every id check throws: the not-found page for a page route, a bare 404 for a resource route. */
export function notFound() {
  return data(null, { status: 404 });
}
