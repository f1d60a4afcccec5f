/**
 * What to do next after a dispute's answer (decision 074), as a counsellor would put it: each step
 * with the statute it rests on and the toolkit letter that fits, when the buyer owns one. Words
 * only, no promise of a result. Safe in the browser.
 */
import type { DisputeOutcomeChoice } from "~/lib/forms/dispute";

export type NextStep = {
  text: string;
  statute?: string;
  /** Letters that fit, best first: the page links the first the buyer owns. */
  letters: readonly string[];
  /** A link away from the site (the CFPB's complaint form). */
  link?: { href: string; label: string };
};

export const CFPB_COMPLAINT = { href: "https://www.consumerfinance.gov/complaint/", phone: "(855) 411-2372" } as const;

const complaint: NextStep = {
  text: `File a complaint with the Consumer Financial Protection Bureau, online or at ${CFPB_COMPLAINT.phone}. Attach a copy of your dispute letter, the certified-mail receipt or online confirmation that shows when it was received, the page of your report with the item, and any letter you got back.`,
  letters: [],
  link: { href: CFPB_COMPLAINT.href, label: "consumerfinance.gov/complaint" },
};

/** The steps for an answer; `bureau` is false for a lender or collector disputed directly. */
export function nextSteps(outcome: DisputeOutcomeChoice, bureau: boolean): NextStep[] {
  switch (outcome) {
    case "verified":
      return bureau
        ? [
            {
              text: "Ask how it was verified. On request the bureau must describe how it checked the item, with the name, address and (if reasonably available) phone number of anyone it contacted, within 15 days of your request.",
              statute: "15 U.S.C. 1681i(a)(6)(B)(iii), (a)(7)",
              letters: ["bureau-method-of-verification", "pp-method-of-verification"],
            },
            {
              text: "Add a statement of dispute to your file: your side, in your own words (the bureau may limit it to 100 words). Later reports must show that the item is disputed.",
              statute: "15 U.S.C. 1681i(b), (c)",
              letters: ["pp-statement-of-dispute"],
            },
            {
              text: "If you have new documents, dispute again with them. A repeat with nothing new may be set aside as frivolous.",
              statute: "15 U.S.C. 1681i(a)(3)",
              letters: ["bureau-inaccurate-item"],
            },
          ]
        : [
            {
              text: "Dispute the item with each credit bureau that reports it. The lender must then investigate again on the bureau's notice, and that duty, unlike a direct dispute, is one you can enforce.",
              statute: "15 U.S.C. 1681s-2(b), (c)",
              letters: ["bureau-inaccurate-item"],
            },
          ];
    case "no-answer":
      return [
        {
          text: bureau
            ? "Send a follow-up: the due date passed without the results the law requires. Name the day they received your dispute, and send it by certified mail."
            : "Send a follow-up: the lender must report its results to you within the same period a bureau has. Name the day it received your dispute.",
          statute: bureau ? "15 U.S.C. 1681i(a)(1)(A), (a)(6)(A)" : "12 CFR 1022.43(e)(3)",
          letters: bureau
            ? ["pp-no-response-follow-up", "bureau-inaccurate-item"]
            : ["pp-furnisher-direct-dispute", "furnisher-direct-dispute"],
        },
        ...(bureau
          ? []
          : [
              {
                text: "Dispute it with the credit bureaus too: a bureau's notice starts the lender's duty you can enforce.",
                statute: "15 U.S.C. 1681s-2(b)",
                letters: ["bureau-inaccurate-item"],
              },
            ]),
        complaint,
      ];
    case "deleted":
      return bureau
        ? [
            {
              text: "Check that it stays off: look at your report again in a month or two. If the bureau puts the item back, it must tell you in writing within 5 business days, with the furnisher's name and address and your right to add a statement.",
              statute: "15 U.S.C. 1681i(a)(5)(B)",
              letters: ["pp-reinsertion-without-notice"],
            },
          ]
        : [
            {
              text: "Check your reports from all three bureaus: a lender that finds its information wrong must correct it with every bureau it reported to.",
              statute: "12 CFR 1022.43(e)(4)",
              letters: [],
            },
          ];
    case "corrected":
      return [
        {
          text: "Check the correction on a fresh copy of your report. If it is still wrong, dispute again with the new report and the answer you got.",
          statute: bureau ? "15 U.S.C. 1681i(a)(6)(B)(ii)" : "12 CFR 1022.43(e)(4)",
          letters: ["bureau-inaccurate-item"],
        },
      ];
  }
}
