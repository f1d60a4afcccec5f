import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  formatZonedDate,
  formatZonedDateTime,
  fromZonedInput,
  isTimeZone,
  toZonedInput,
  zonedDay,
  zoneName,
} from "~/lib/dates";

const NY = "America/New_York";

describe("a date as a buyer reads it, in the business's zone and naming it", () => {
  it("a payment at 02:30 UTC on Nov 29 was on Nov 28 in New York", () => {
    const paid = new Date("2026-11-29T02:30:00Z");
    expect(formatZonedDate(paid, NY)).toBe("November 28, 2026 (Eastern Time)");
    expect(formatZonedDateTime(paid, NY)).toBe("Nov 28, 2026, 9:30 PM EST");
    expect(zonedDay(paid, NY)).toBe("2026-11-28");
  });

  it("names summer time as such, and the zone's name stays the same all year", () => {
    const july = new Date("2026-07-04T16:05:00Z");
    expect(formatZonedDateTime(july, NY)).toBe("Jul 4, 2026, 12:05 PM EDT");
    expect(formatZonedDate(july, NY)).toBe("July 4, 2026 (Eastern Time)");
  });

  it("follows another configured zone: the same instant is already Nov 29 in Berlin and Tokyo", () => {
    const paid = new Date("2026-11-29T02:30:00Z");
    expect(formatZonedDate(paid, "Europe/Berlin")).toBe("November 29, 2026 (Central European Time)");
    expect(formatZonedDateTime(paid, "Europe/Berlin")).toBe("Nov 29, 2026, 3:30 AM GMT+1");
    expect(formatZonedDateTime(paid, "Asia/Tokyo")).toBe("Nov 29, 2026, 11:30 AM GMT+9");
    expect(formatZonedDate(paid, "America/Los_Angeles")).toBe("November 28, 2026 (Pacific Time)");
    expect(formatZonedDateTime(paid, "UTC")).toBe("Nov 29, 2026, 2:30 AM UTC");
  });

  it("gives UTC its name rather than an offset", () => {
    expect(zoneName("UTC")).toBe("Coordinated Universal Time");
    expect(zoneName(NY)).toBe("Eastern Time");
  });

  it("writes midnight and noon as people do, with plain spaces only", () => {
    expect(formatZonedDateTime(new Date("2026-01-05T05:00:00Z"), NY)).toBe("Jan 5, 2026, 12:00 AM EST");
    expect(formatZonedDateTime(new Date("2026-01-05T17:00:00Z"), NY)).toBe("Jan 5, 2026, 12:00 PM EST");
    expect(formatZonedDateTime(new Date("2026-01-05T17:00:00Z"), NY)).not.toMatch(/[\u00a0\u202f]/);
  });

  it("takes the ISO strings a loader sends as well as dates", () => {
    expect(formatZonedDateTime("2026-11-23T17:05:00.000Z", NY)).toBe("Nov 23, 2026, 12:05 PM EST");
  });

  it("does not depend on the process's own time zone", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = "Pacific/Kiritimati";
      expect(formatZonedDate(new Date("2026-11-29T02:30:00Z"), NY)).toBe("November 28, 2026 (Eastern Time)");
      expect(toZonedInput(new Date("2026-11-29T02:30:00Z"), NY)).toBe("2026-11-28T21:30");
      expect(fromZonedInput("2026-11-28T21:30", NY)?.toISOString()).toBe("2026-11-29T02:30:00.000Z");
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe("the dashboard's date-time fields, read and written in the business's zone", () => {
  it("reads a typed time as the zone's, to the minute or the second", () => {
    expect(fromZonedInput("2026-11-28T21:30", NY)?.toISOString()).toBe("2026-11-29T02:30:00.000Z");
    expect(fromZonedInput("2026-07-04T12:05:30", NY)?.toISOString()).toBe("2026-07-04T16:05:30.000Z");
    expect(fromZonedInput("2026-11-29T03:30", "Europe/Berlin")?.toISOString()).toBe("2026-11-29T02:30:00.000Z");
    expect(fromZonedInput("2026-11-29T02:30", "UTC")?.toISOString()).toBe("2026-11-29T02:30:00.000Z");
  });

  it("writes a stored time back as the field shows it", () => {
    expect(toZonedInput(new Date("2026-11-29T02:30:00Z"), NY)).toBe("2026-11-28T21:30");
    expect(toZonedInput("2026-07-04T16:05:59.999Z", NY)).toBe("2026-07-04T12:05");
    expect(toZonedInput(new Date("2026-11-29T02:30:00Z"), "Asia/Kolkata")).toBe("2026-11-29T08:00");
  });

  it("refuses what is not a date and time", () => {
    for (const value of ["", "2026-11-28", "2026-11-28 21:30", "2026-02-30T10:00", "2026-13-01T10:00", "2026-11-28T24:00", "x"]) {
      expect(fromZonedInput(value, NY), value).toBeNull();
    }
  });

  // US clocks went forward at 2:00 AM EST on 2026-03-08 (07:00 UTC) and go back at 2:00 AM EDT on
  // 2026-11-01 (06:00 UTC).
  it("across the spring-forward change: each side in its own offset, the skipped hour moved on", () => {
    expect(fromZonedInput("2026-03-08T01:59", NY)?.toISOString()).toBe("2026-03-08T06:59:00.000Z");
    expect(fromZonedInput("2026-03-08T03:00", NY)?.toISOString()).toBe("2026-03-08T07:00:00.000Z");
    // 2:30 AM never happened that night: it is read as 3:30 AM EDT, as a clock set forward shows it.
    expect(fromZonedInput("2026-03-08T02:30", NY)?.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(formatZonedDateTime(new Date("2026-03-08T06:59:00Z"), NY)).toBe("Mar 8, 2026, 1:59 AM EST");
    expect(formatZonedDateTime(new Date("2026-03-08T07:00:00Z"), NY)).toBe("Mar 8, 2026, 3:00 AM EDT");
  });

  it("across the fall-back change: the repeated hour is its first pass, and both passes are told apart", () => {
    expect(fromZonedInput("2026-11-01T01:30", NY)?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(fromZonedInput("2026-11-01T02:30", NY)?.toISOString()).toBe("2026-11-01T07:30:00.000Z");
    expect(formatZonedDateTime(new Date("2026-11-01T05:30:00Z"), NY)).toBe("Nov 1, 2026, 1:30 AM EDT");
    expect(formatZonedDateTime(new Date("2026-11-01T06:30:00Z"), NY)).toBe("Nov 1, 2026, 1:30 AM EST");
    expect(toZonedInput(new Date("2026-11-01T06:30:00Z"), NY)).toBe("2026-11-01T01:30");
  });

  it("the day in the zone turns at the zone's midnight, not at UTC's", () => {
    expect(zonedDay(new Date("2026-11-29T04:59:59Z"), NY)).toBe("2026-11-28");
    expect(zonedDay(new Date("2026-11-29T05:00:00Z"), NY)).toBe("2026-11-29");
    expect(zonedDay(new Date("2026-11-28T23:00:00Z"), "Asia/Tokyo")).toBe("2026-11-29");
  });
});

describe("which zones are accepted", () => {
  it("knows IANA names and says which one it is", () => {
    expect(isTimeZone(NY)).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Base")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(canonicalTimeZone("america/new_york")).toBe(NY);
    expect(canonicalTimeZone("US/Eastern")).toBe(NY);
  });
});
