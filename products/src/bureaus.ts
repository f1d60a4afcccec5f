/**
 * The nationwide bureaus' dispute addresses as the bureaus publish them (Equifax's mail-in dispute
 * page; Experian and TransUnion dispute pages; CFPB sample letter). Every letter prints these, and
 * a test checks the guide agrees. Addresses change: the files tell the buyer to check first.
 */
export const BUREAUS = [
  {
    name: "Equifax Information Services LLC",
    lines: ["Equifax Information Services LLC", "P.O. Box 740256", "Atlanta, GA 30374-0256"],
    website: "https://www.equifax.com/personal/credit-report-services/credit-dispute/",
  },
  {
    name: "Experian",
    lines: ["Experian", "P.O. Box 4500", "Allen, TX 75013"],
    website: "https://www.experian.com/disputes/main.html",
  },
  {
    name: "TransUnion Consumer Solutions",
    lines: ["TransUnion Consumer Solutions", "P.O. Box 2000", "Chester, PA 19016"],
    // Its dispute page moves; the home page is the address we can stand behind.
    website: "https://www.transunion.com",
  },
] as const;

export const CHECK_ADDRESS_NOTE = "Addresses change: check the bureau's website for its current dispute address before you mail anything.";
