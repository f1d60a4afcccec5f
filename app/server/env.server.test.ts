import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";

describe("BUSINESS_TIME_ZONE", () => {
  it("is New York's unless set", () => {
    expect(parseEnv({}).BUSINESS_TIME_ZONE).toBe("America/New_York");
    expect(parseEnv({ BUSINESS_TIME_ZONE: "" }).BUSINESS_TIME_ZONE).toBe("America/New_York");
  });

  it("takes any zone Intl knows, under its IANA name", () => {
    expect(parseEnv({ BUSINESS_TIME_ZONE: "America/Chicago" }).BUSINESS_TIME_ZONE).toBe("America/Chicago");
    expect(parseEnv({ BUSINESS_TIME_ZONE: " US/Pacific " }).BUSINESS_TIME_ZONE).toBe("America/Los_Angeles");
    expect(parseEnv({ BUSINESS_TIME_ZONE: "UTC" }).BUSINESS_TIME_ZONE).toBe("UTC");
  });

  it("stops the server on a zone Intl does not know, naming the variable and the value", () => {
    expect(() => parseEnv({ BUSINESS_TIME_ZONE: "Eastern" })).toThrow(/BUSINESS_TIME_ZONE: is not a time zone \(Eastern\)/);
    expect(() => parseEnv({ BUSINESS_TIME_ZONE: "+05:00" })).toThrow(/BUSINESS_TIME_ZONE: is not a time zone/);
  });
});
