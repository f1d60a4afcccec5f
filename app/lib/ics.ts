/**
 * One all-day calendar event as an iCalendar file (RFC 5545), written by hand: a few lines, no
 * dependency. A date-only event (VALUE=DATE) is the day itself on any phone, in whatever zone it
 * is in, which is what a due date is: no time, so no time-zone conversion can move it.
 * Lines end with CRLF and are folded at 75 octets (3.1); text is escaped (3.3.11).
 */

export type CalendarEvent = {
  /** Globally unique and stable: the same event downloaded twice replaces itself. */
  uid: string;
  /** The day, "2026-04-03". */
  day: string;
  summary: string;
  description: string;
  url?: string;
  /** When the file was made (DTSTAMP). */
  stamp: Date;
};

/** Backslash, semicolon and comma escaped, line breaks as \n (RFC 5545 3.3.11). */
export function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

const encoder = new TextEncoder();

/** A content line folded so no line is longer than 75 octets, never inside a UTF-8 character (3.1). */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines begin with a space, which counts toward their 75.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(piece);
      piece = "";
      octets = 0;
    }
    piece += char;
    octets += size;
  }
  pieces.push(piece);
  return pieces.join("\r\n ");
}

const basicDate = (day: string) => day.replaceAll("-", "");
const basicStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function nextDay(day: string): string {
  const t = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

export function calendarFile(event: CalendarEvent, productId = "-//Fresh Start Money//Dispute tracker//EN"): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${productId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${basicStamp(event.stamp)}`,
    `DTSTART;VALUE=DATE:${basicDate(event.day)}`,
    `DTEND;VALUE=DATE:${basicDate(nextDay(event.day))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
