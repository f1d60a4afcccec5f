import { bureauHowToSend, bureauIdEnclosures } from "./common";
import type { LetterContent } from "./types";

/**
 * The core dispute letters of the $7 Credit Repair Toolkit (general-purpose versions).
 * Every legal statement here follows shared/reference/credit-law-facts.md.
 */

const ifVerifiedTip =
  "If the answer comes back “verified” and you still believe the item is wrong, you can send the method-of-verification letter, dispute again with any new documents, add a short statement of dispute to your file, or file a complaint with the CFPB at https://www.consumerfinance.gov/complaint/.";

export const toolkitLetters = {
  "bureau-inaccurate-item": {
    whenToUse: [
      "Use this letter when an account on your credit report is yours but something about it is wrong: the balance, the payment status, a date or the credit limit.",
      "If the account is not yours, use the “not mine or mixed file” letter; if the item is too old to be reported, use the outdated-item letter.",
      "If someone opened the account using your identity, report it at IdentityTheft.gov and ask the bureau for an identity theft block (FCRA § 605B) instead.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Dispute of inaccurate information, [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I am writing to dispute information in my credit file that is not accurate. The item is circled on the enclosed copy of my credit report.",
      "- Creditor: [CREDITOR NAME], account ending [LAST 4 DIGITS]",
      "- What the report shows: [WHAT IS WRONG, E.G. A BALANCE OF $1,850 OR 30 DAYS LATE IN MARCH 2025]",
      "- What is correct: [WHAT IS CORRECT, E.G. A $0 BALANCE OR PAID ON TIME]",
      "This is wrong because [WHY, IN YOUR OWN WORDS, E.G. I PAID THE ACCOUNT IN FULL ON JUNE 3, 2025]. I have enclosed copies of [DOCUMENTS THAT PROVE IT, E.G. MY FINAL STATEMENT SHOWING A $0 BALANCE].",
      "Please investigate this item and pass my documents on to the company that reported it. Please correct the item, or delete it if it cannot be verified.",
      "Please send me the results in writing, with a copy of my updated credit report. Thank you for your help.",
    ],
    laws: [
      {
        cite: "FCRA § 611(a)(1)(A), 15 U.S.C. § 1681i(a)(1)(A)",
        says: "The bureau must investigate free of charge and record the current status or delete the item within 30 days of receiving your dispute (up to 15 more days if you send more information during that time).",
      },
      {
        cite: "FCRA § 611(a)(2), 15 U.S.C. § 1681i(a)(2)",
        says: "Within 5 business days of receiving your dispute, the bureau must notify the company that reported the item and pass on all the relevant information you sent.",
      },
      {
        cite: "FCRA § 611(a)(5)(A), 15 U.S.C. § 1681i(a)(5)(A)",
        says: "If the item is found to be inaccurate or incomplete, or cannot be verified, the bureau must promptly delete or correct it and tell the company that reported it.",
      },
      {
        cite: "FCRA § 611(a)(6), 15 U.S.C. § 1681i(a)(6)",
        says: "Within 5 business days after finishing, the bureau must send you the results in writing, with a credit report based on your corrected file and a notice that you can ask how the item was checked.",
      },
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with the disputed item circled",
      ...bureauIdEnclosures,
      "[COPIES OF THE DOCUMENTS THAT PROVE THE ERROR, E.G. A STATEMENT, A PAYMENT CONFIRMATION OR A LETTER FROM THE CREDITOR]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "Dispute only what is actually wrong, and explain why in your own words. A dispute with too little information can be set aside as frivolous; the bureau must then tell you within 5 business days what it needs.",
      "An error can appear at one, two or all three bureaus. Check all three reports and send a separate letter to each bureau that shows it.",
      "You can also dispute directly with the lender or collector (the furnisher letter). Doing both can get the error fixed at its source, for every bureau the company reports to.",
      ifVerifiedTip,
    ],
  },

  "bureau-not-mine-mixed": {
    whenToUse: [
      "Use this letter when your report shows an account you never had, or information that belongs to someone else, such as a relative or a person with a similar name (a “mixed file”).",
      "If someone used your identity to open the account, report it at IdentityTheft.gov and ask for an identity theft block (FCRA § 605B) instead.",
      "If the account is yours but some details are wrong, use the inaccurate-item letter.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Information in my file that does not belong to me, report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "My credit file contains information that does not belong to me. Each item is circled on the enclosed copy of my credit report.",
      "- [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS]: [WHY IT IS NOT YOURS, E.G. I HAVE NEVER HAD AN ACCOUNT WITH THIS COMPANY]",
      "- [OTHER ITEM THAT IS NOT YOURS, E.G. A NAME, ADDRESS OR SSN VARIATION]: [WHY, E.G. I HAVE NEVER LIVED AT THIS ADDRESS]",
      "[IF YOU KNOW WHO IT BELONGS TO, SAY SO, E.G. I BELIEVE THIS INFORMATION BELONGS TO MY FATHER, WHO HAS THE SAME NAME. OTHERWISE DELETE THIS PARAGRAPH.]",
      "My correct name, address, date of birth and Social Security number are shown above and on the enclosed proof of identity and address.",
      "Please investigate and remove from my file any information that is not mine or that cannot be verified as mine. Please send me the results in writing, with a copy of my updated credit report.",
    ],
    laws: [
      {
        cite: "FCRA § 611(a)(1)(A), 15 U.S.C. § 1681i(a)(1)(A)",
        says: "You can dispute any item in your file, and the bureau must investigate free of charge and record the current status or delete the item within 30 days of receiving your dispute (up to 15 more days if you send more information during that time).",
      },
      {
        cite: "FCRA § 611(a)(5)(A), 15 U.S.C. § 1681i(a)(5)(A)",
        says: "Information that is inaccurate or incomplete, or cannot be verified, must be promptly deleted or corrected, and the company that reported it must be told.",
      },
      {
        cite: "FCRA § 611(a)(5)(C), 15 U.S.C. § 1681i(a)(5)(C)",
        says: "The bureau must have reasonable procedures to keep deleted information from reappearing in your file.",
      },
      {
        cite: "FCRA § 611(a)(6), 15 U.S.C. § 1681i(a)(6)",
        says: "Within 5 business days after finishing, the bureau must send you the results in writing, with a credit report based on your corrected file.",
      },
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with the items that are not mine circled",
      ...bureauIdEnclosures,
      "[ANY DOCUMENT SHOWING THE ITEM IS NOT YOURS, E.G. A LETTER FROM THE CREDITOR SAYING IT HAS NO ACCOUNT IN YOUR NAME]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "Check first that the account really is not yours: a collection account appears under the collector's name, not the original lender's, and the original lender may be listed next to it.",
      "Lenders and collectors do not have to handle direct disputes about names, addresses or other identifying information unless it concerns whether you owe the account (12 CFR § 1022.43(b)), so send these to the bureau.",
      "Never send another person's Social Security number or documents. Show what is yours and point to what is not.",
      ifVerifiedTip,
    ],
  },

  "bureau-outdated-item": {
    whenToUse: [
      "Use this letter when a negative item is still on your report after the time the law allows: generally 7 years for late payments, collections, charge-offs and most other negative items, and 10 years for a bankruptcy.",
      "For a collection or charge-off, the 7 years start 180 days after the delinquency began, so find the month the account first went past due and was never brought current.",
      "If the item is recent but wrong, use the inaccurate-item letter instead.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Outdated negative item, [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "My credit report still shows a negative item that I believe is too old to be reported. It is circled on the enclosed copy of my report.",
      "- Item: [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], reported as [TYPE OF ITEM, E.G. A COLLECTION, A CHARGE-OFF OR LATE PAYMENTS]",
      "- Date of the negative information: [MONTH AND YEAR, E.G. THE MONTH THE ACCOUNT FIRST WENT PAST DUE AND WAS NEVER BROUGHT CURRENT]",
      "Based on that date, I believe the reporting period under 15 U.S.C. § 1681c ended in [MONTH AND YEAR YOU WORKED OUT]. [HOW YOU KNOW THE DATE, E.G. MY LAST PAYMENT WAS IN FEBRUARY 2018, AS SHOWN ON THE ENCLOSED STATEMENT.]",
      "Please review this item and remove it from my credit report if its reporting period has ended. If your records show a different date, please tell me what it is.",
      "Please send me the results in writing, with a copy of my updated credit report.",
    ],
    laws: [
      {
        cite: "FCRA § 605(a), 15 U.S.C. § 1681c(a)",
        says: "Collections, charge-offs and most other negative items may not be reported once they are more than 7 years old, and a bankruptcy once it is more than 10 years old (counted from the bankruptcy court's order for relief).",
      },
      {
        cite: "FCRA § 605(c)(1), 15 U.S.C. § 1681c(c)(1)",
        says: "For a collection or charge-off, the 7 years begin 180 days after the start of the delinquency that led to the collection or charge-off.",
      },
      {
        cite: "FCRA § 611(a)(1)(A), 15 U.S.C. § 1681i(a)(1)(A)",
        says: "The bureau must investigate free of charge and record the current status or delete the item within 30 days of receiving your dispute (up to 15 more days if you send more information during that time).",
      },
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with the outdated item circled",
      ...bureauIdEnclosures,
      "[ANY DOCUMENT SHOWING WHEN THE DELINQUENCY BEGAN, E.G. AN OLD STATEMENT OR A COLLECTION LETTER]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "Under the wording of the law, paying the debt or its sale to a collector does not restart the 7 years: the start is fixed by the original delinquency.",
      "The reporting period and the time a creditor has to sue you (the statute of limitations) are separate clocks; one ending does not end the other.",
      "These limits do not apply to reports used for credit or life insurance of $150,000 or more, or for a job paying $75,000 or more a year.",
      "Bankruptcy: the law allows 10 years; the bureaus' own policy (not law) is to remove a Chapter 13 bankruptcy 7 years after filing.",
    ],
  },

  "bureau-method-of-verification": {
    whenToUse: [
      "Use this letter after a bureau finished investigating your dispute and kept the item as “verified”, to ask how it checked the item.",
      "The bureau must describe its procedure and tell you which company it contacted; it does not have to send you the original contract or account documents.",
      "If you have new proof that the item is wrong, also send a new dispute with that proof.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine:
      "Re: Request for a description of your reinvestigation procedure, [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I recently disputed the [CREDITOR NAME] account ending [LAST 4 DIGITS] in my credit file. Your results letter dated [DATE ON THE RESULTS LETTER] says the information was verified.",
      "Under 15 U.S.C. § 1681i(a)(7), please send me a description of the procedure you used to determine that this information is accurate and complete, including the business name and address of any company you contacted about it, and its telephone number if reasonably available.",
      "I still believe this item is wrong because [WHY, IN ONE OR TWO SENTENCES IN YOUR OWN WORDS].",
      "Please send your reply to my address above. Thank you.",
    ],
    laws: [
      {
        cite: "FCRA § 611(a)(7), 15 U.S.C. § 1681i(a)(7)",
        says: "When you ask, the bureau must describe how it checked the item, including the business name and address of any company it contacted (and its phone number if reasonably available), within 15 days of receiving your request.",
      },
      {
        cite: "FCRA § 611(a)(6), 15 U.S.C. § 1681i(a)(6)",
        says: "The bureau's written results must tell you that you can ask for this description.",
      },
      {
        cite: "FCRA § 611(b), 15 U.S.C. § 1681i(b)",
        says: "If the investigation does not resolve your dispute, you can add a brief statement of dispute to your file (the bureau may limit it to 100 words).",
      },
    ],
    enclosures: [
      "A copy of the results letter you sent me, dated [DATE ON THE RESULTS LETTER]",
      "A copy of my dispute letter dated [DATE OF YOUR DISPUTE LETTER]",
      ...bureauIdEnclosures,
    ],
    howToSend: [
      "Before mailing, check the bureau's website for its current dispute mailing address; addresses change.",
      "Send the letter by certified mail, return receipt requested, and keep the receipt.",
      "Keep a copy of the signed letter and of everything you enclose. Send copies, never originals.",
      "Write the date the bureau received it in your dispute tracker and count 15 days: that is the deadline for this request.",
    ],
    tips: [
      "Some websites sell “method of verification” letters as a way to force the bureau to produce your signed contract or delete the item. The law requires only a description of the procedure, and this letter asks for exactly that.",
      "The reply gives you the reporting company's name and address, so you can also dispute directly with it (the furnisher letter), enclosing your proof.",
      "If the item stays and you still believe it is wrong, you can add a statement of dispute or file a complaint with the CFPB at https://www.consumerfinance.gov/complaint/.",
    ],
  },

  "furnisher-direct-dispute": {
    whenToUse: [
      "Use this letter to dispute an error directly with the lender or collector that reports your account, such as a wrong balance, limit, status, payment history or date, or an account you are not responsible for.",
      "Send a dispute to each bureau that shows the error at the same time, because the duties you can enforce against the company start only with a bureau dispute.",
      "Do not use it for inquiries, names, addresses or other personal details, or information another company reported; dispute those with the bureau.",
    ],
    recipient: {
      kind: "other",
      lines: ["[LENDER OR COLLECTOR NAME]", "[DISPUTE ADDRESS FROM THE COMPANY OR FROM YOUR CREDIT REPORT]", "[CITY, STATE ZIP]"],
    },
    identifyWithDobAndSsn: false,
    reLine: "Re: Dispute of information you report to the credit bureaus, account number [ACCOUNT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I am disputing information your company reports to the credit bureaus about my account.",
      "- Name on the account: [YOUR NAME AS IT APPEARS ON THE ACCOUNT]",
      "- Account number: [ACCOUNT NUMBER]",
      "- My phone number: [YOUR PHONE NUMBER]",
      "- Reported to: [EQUIFAX, EXPERIAN AND/OR TRANSUNION]",
      "Your company reports [WHAT IS REPORTED, E.G. A 60-DAY LATE PAYMENT IN APRIL 2025]. This is wrong: [WHAT IS CORRECT, E.G. I PAID ON APRIL 10, BEFORE THE DUE DATE]. [WHY, IN YOUR OWN WORDS.]",
      "I have enclosed the page of my credit report that shows the error and copies of [DOCUMENTS THAT SUPPORT YOUR DISPUTE, E.G. MY BANK STATEMENT SHOWING THE PAYMENT].",
      "Please investigate, send me the results, and if the information is inaccurate, correct it with every credit bureau you reported it to.",
    ],
    laws: [
      {
        cite: "FCRA § 623(a)(8), 15 U.S.C. § 1681s-2(a)(8); Regulation V, 12 CFR § 1022.43(a), (d)",
        says: "You can dispute errors about your account (whether you owe it, its terms, balance, limit, status or payment history) directly with the company that reports it, by identifying the account, saying what is wrong and why, and including supporting documents.",
      },
      {
        cite: "Regulation V, 12 CFR § 1022.43(e)",
        says: "The company must investigate, review what you sent, report the results to you within the time a bureau would have (generally 30 days, or up to 45 if you send more information during that time), and if the information is wrong, promptly correct it with every bureau it reported to.",
      },
      {
        cite: "FCRA § 623(a)(3), 15 U.S.C. § 1681s-2(a)(3)",
        says: "Once you dispute with the company, it may not report the information to a bureau without noting that you dispute it.",
      },
      {
        cite: "Regulation V, 12 CFR § 1022.43(f)",
        says: "If the company decides your dispute is frivolous or irrelevant, it must tell you within 5 business days, with its reasons and what information it needs.",
      },
    ],
    enclosures: [
      "A copy of the credit report page showing the account, with the error circled",
      "[COPIES OF THE DOCUMENTS THAT PROVE THE ERROR, E.G. STATEMENTS, PAYMENT CONFIRMATIONS OR A LETTER FROM THE COMPANY]",
    ],
    howToSend: [
      "Mail it to the address the company gives for credit reporting disputes (on your statement, its website or your credit report); if it gives none, use any business address of the company.",
      "Send the letter by certified mail, return receipt requested, and keep the receipt.",
      "Keep a copy of the signed letter and of everything you enclose. Send copies, never originals.",
      "Write the date the company received it in your dispute tracker and count 30 days from that date (up to 45 if you send more information during those 30 days).",
      "Send a dispute to each bureau that shows the error at the same time (see the tips).",
    ],
    tips: [
      "Write this letter in your own words. A company does not have to investigate a direct dispute prepared by a credit repair organization or “submitted on a form supplied to the consumer by a credit repair organization” (12 CFR § 1022.43(b)(2)). Use this template as a starting point: reword it and describe your situation yourself.",
      "Pair it with a bureau dispute. You cannot sue over how a company handles a direct dispute (15 U.S.C. § 1681s-2(c)); the duties you can enforce (15 U.S.C. § 1681s-2(b)) start only when a bureau passes your dispute to the company.",
      "If the company is a debt collector and the validation end date on its notice has not passed, this written dispute can also count as a dispute of the debt: the collector must pause collecting it until it sends you verification (15 U.S.C. § 1692g(b)). Do not say you owe an old debt or promise to pay it (see the guide, chapter 14).",
      "If the account came from identity theft, send the company a copy of your identity theft report from IdentityTheft.gov at its designated address; it may then not report those items (15 U.S.C. § 1681s-2(a)(6)(B)).",
    ],
  },
} satisfies Record<string, LetterContent>;
