/**
 * Instants as a buyer or the owner reads them: in the business's one time zone
 * (BUSINESS_TIME_ZONE), with the zone named beside the date, so the receipt, the order pages and
 * the dashboard agree on which day a payment was (decision 047). Safe in the browser: the zone
 * is a parameter, never read from the environment here.
 *
 * The text is put together from Intl's parts rather than taken whole from `format()`: ICU
 * versions differ in the joining words (" at " or ", ") and in the space before AM/PM (a
 * narrow no-break space since ICU 72), and an e-mail, a page and a test must all say the same.
 */

const LOCALE = "en-US";
const DAY_MS = 86_400_000;

type Style = "date" | "dateTime" | "wallClock" | "zoneGeneric" | "zoneLong";

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { year: "numeric", month: "long", day: "numeric" },
  dateTime: { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  // h23: some engines write midnight as "24" with hour12: false.
  wallClock: { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" },
  zoneGeneric: { timeZoneName: "longGeneric" },
  zoneLong: { timeZoneName: "long" },
};

// Building a DateTimeFormat costs far more than using one (tens of microseconds each): one per
// zone and style, kept for the life of the process or page.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, style: Style): Intl.DateTimeFormat {
  const key = `${style} ${zone}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(LOCALE, { ...OPTIONS[style], timeZone: zone });
    formatters.set(key, made);
  }
  return made;
}

function partsOf(at: Date, zone: string, style: Style): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter(zone, style).formatToParts(at)) parts[part.type] = part.value;
  return parts;
}

/** Whether Intl knows `zone` as a time zone ("America/New_York", "UTC"; not "Mars/Base"). */
export function isTimeZone(zone: string): boolean {
  // An offset ("+05:00") is not a place: it keeps no daylight saving time. Node 24's Intl takes
  // one (ECMA-402's offset time zones), Node 20's refused it: refused on both.
  if (/^[+-]/.test(zone.trim())) return false;
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's IANA name as Intl writes it ("America/New_York" from "america/new_york" or "US/Eastern"). */
export function canonicalTimeZone(zone: string): string {
  return new Intl.DateTimeFormat(LOCALE, { timeZone: zone }).resolvedOptions().timeZone;
}

const zoneNames = new Map<string, string>();

/**
 * The zone's name for people, the same all year: "Eastern Time", "Central European Time". Where
 * Intl has no generic name it writes an offset ("GMT+00:00" for UTC): the long name is kinder
 * ("Coordinated Universal Time").
 */
export function zoneName(zone: string): string {
  let name = zoneNames.get(zone);
  if (name === undefined) {
    // As the zone's rules stand now: in 1970 Berlin kept no summer time, and Intl then calls it
    // "Central European Standard Time".
    const at = new Date();
    const generic = partsOf(at, zone, "zoneGeneric").timeZoneName ?? zone;
    name = /^GMT[+-]/.test(generic) ? (partsOf(at, zone, "zoneLong").timeZoneName ?? generic) : generic;
    zoneNames.set(zone, name);
  }
  return name;
}

const toDate = (at: Date | string) => (at instanceof Date ? at : new Date(at));

/** A day, the zone named: "November 28, 2026 (Eastern Time)". */
export function formatZonedDate(at: Date | string, zone: string): string {
  const p = partsOf(toDate(at), zone, "date");
  return `${p.month} ${p.day}, ${p.year} (${zoneName(zone)})`;
}

/** A moment, the zone named as it was then: "Nov 28, 2026, 9:30 PM EST" ("EDT" in summer; "GMT+1" where there is no abbreviation). */
export function formatZonedDateTime(at: Date | string, zone: string): string {
  const p = partsOf(toDate(at), zone, "dateTime");
  return `${p.month} ${p.day}, ${p.year}, ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(at: Date, zone: string): WallClock {
  const p = partsOf(at, zone, "wallClock");
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** How far the zone's clocks are ahead of UTC at `at`, in milliseconds (negative west of Greenwich). */
export function zoneOffsetMs(at: Date, zone: string): number {
  return asUtc(wallClock(at, zone)) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The calendar day in the zone, as ISO writes it: "2026-11-28" for 02:30 UTC on Nov 29 in New York. */
export function zonedDay(at: Date, zone: string): string {
  const w = wallClock(at, zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The value of an `<input type="datetime-local">` showing `at` in the zone: "2026-11-28T21:30". */
export function toZonedInput(at: Date | string, zone: string): string {
  const w = wallClock(toDate(at), zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** What a datetime-local input sends: to the minute, or to the second. */
export const ZONED_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant a datetime-local value names in the zone; null when it is no date and time at all
 * ("2026-02-30T10:00"). Clocks changing make two cases, resolved as JavaScript's own Date and
 * Temporal's "compatible" choice do: a time that happens twice (the hour repeated when clocks go
 * back) is the first of the two; a time that never happens (the hour skipped when they go
 * forward) is moved on by the length of the gap (2:30 AM on the spring-forward day is 3:30 AM).
 */
export function fromZonedInput(value: string, zone: string): Date | null {
  const m = ZONED_INPUT.exec(value);
  if (!m) return null;
  const wall: WallClock = {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  };
  const naive = asUtc(wall);
  const check = new Date(naive);
  // Date.UTC rolls Feb 30 over to Mar 2 and hour 24 to the next day: not a time anyone typed.
  if (
    Number.isNaN(naive) ||
    check.getUTCFullYear() !== wall.year ||
    check.getUTCMonth() + 1 !== wall.month ||
    check.getUTCDate() !== wall.day ||
    check.getUTCHours() !== wall.hour
  ) {
    return null;
  }
  // No zone changes its offset twice within two days: the offsets a day either side are the only
  // two this wall time can have.
  const before = zoneOffsetMs(new Date(naive - DAY_MS), zone);
  const after = zoneOffsetMs(new Date(naive + DAY_MS), zone);
  const fits = [naive - before, naive - after].filter((t) => zoneOffsetMs(new Date(t), zone) === naive - t).sort((a, b) => a - b);
  return new Date(fits[0] ?? naive - before);
}
