import { describe, expect, it } from "vitest";
import { BUSINESS_MESSAGES, BusinessSettingsSchema } from "./business-settings";

const GOOD = {
  businessName: "Bright Path Money LLC",
  supportEmail: "Help@BrightPath.example",
  postalAddress: " PO Box 42 \r\n\r\n Springfield,   IL 62701 ",
  signedBy: "",
  timeZone: "america/los_angeles",
  saleEmails: "on",
};

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = BusinessSettingsSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("BusinessSettingsSchema", () => {
  it("tidies what the owner typed: the address lower-cased, the postal address's lines trimmed, the zone's own spelling, an empty signature none", () => {
    expect(BusinessSettingsSchema.parse(GOOD)).toEqual({
      businessName: "Bright Path Money LLC",
      supportEmail: "help@brightpath.example",
      postalAddress: "PO Box 42\nSpringfield, IL 62701",
      signedBy: null,
      timeZone: "America/Los_Angeles",
      saleEmails: true,
    });
    // An unticked box is not sent at all.
    const { saleEmails: _ticked, ...unticked } = GOOD;
    expect(BusinessSettingsSchema.parse(unticked).saleEmails).toBe(false);
  });

  it("refuses an address with a name, a missing or too short postal address, a zone that is not one, and an offset", () => {
    expect(errorsOf({ ...GOOD, supportEmail: "Support <help@brightpath.example>" })).toEqual({
      supportEmail: BUSINESS_MESSAGES.emailShape,
    });
    expect(errorsOf({ ...GOOD, postalAddress: undefined })).toEqual({ postalAddress: BUSINESS_MESSAGES.addressMissing });
    expect(errorsOf({ ...GOOD, postalAddress: "  \n " })).toEqual({ postalAddress: BUSINESS_MESSAGES.addressMissing });
    expect(errorsOf({ ...GOOD, postalAddress: "Box 4" })).toEqual({ postalAddress: BUSINESS_MESSAGES.addressShort });
    expect(errorsOf({ ...GOOD, timeZone: "Mars/Olympus" })).toEqual({ timeZone: BUSINESS_MESSAGES.zoneUnknown });
    expect(errorsOf({ ...GOOD, timeZone: "+05:00" })).toEqual({ timeZone: BUSINESS_MESSAGES.zoneUnknown });
  });

  it("bounds every length and keeps the one-line fields on one line", () => {
    expect(errorsOf({ ...GOOD, businessName: "x".repeat(101) })).toEqual({ businessName: BUSINESS_MESSAGES.nameLong });
    expect(errorsOf({ ...GOOD, businessName: "Bright\r\nBcc: x@evil.example" })).toEqual({ businessName: BUSINESS_MESSAGES.oneLine });
    expect(errorsOf({ ...GOOD, signedBy: "y".repeat(81) })).toEqual({ signedBy: BUSINESS_MESSAGES.signedByLong });
    expect(errorsOf({ ...GOOD, postalAddress: `PO Box 1\n${"z".repeat(300)}` })).toEqual({ postalAddress: BUSINESS_MESSAGES.addressLong });
    expect(errorsOf({ ...GOOD, supportEmail: `${"a".repeat(250)}@b.example` })).toMatchObject({
      supportEmail: BUSINESS_MESSAGES.emailLong,
    });
  });
});
