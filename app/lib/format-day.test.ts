import { describe, expect, it } from "vitest";
import { formatDay } from "~/lib/site";

describe("the short date a reader sees", () => {
  it("is the calendar day written, whatever the server's time zone", () => {
    expect(formatDay("2025-01-15")).toBe("Jan 15, 2025");
    expect(formatDay("2024-12-31")).toBe("Dec 31, 2024");
    expect(formatDay("2026-01-05")).toBe("Jan 5, 2026");
    expect(formatDay("2026-03-01")).toBe("Mar 1, 2026");
  });

  it("stays right when the process runs in a time zone far from UTC", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ["Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
        process.env.TZ = tz;
        expect(formatDay("2025-01-01")).toBe("Jan 1, 2025");
        expect(formatDay("2025-01-01")).toBe("Jan 1, 2025");
      }
    } finally {
      process.env.TZ = zone;
    }
  });
});
