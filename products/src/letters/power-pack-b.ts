import type { LetterContent } from "./types";

/**
 * Dispute Letter Power Pack, part B: follow-ups, furnisher and collector letters, identity theft,
 * statement of dispute. Every legal statement follows /work/shared/reference/credit-law-facts.md.
 */
export const powerPackLettersB = {
  "pp-no-response-follow-up": {
    whenToUse: [
      "Use when a credit bureau has not sent you results more than 30 days after it received your dispute (45 days if you sent more information during those 30 days, or if your dispute followed a free annual report from AnnualCreditReport.com).",
      "Count from the date received on your return receipt, not the date you mailed it.",
      "Do not use it if the bureau has answered, including a letter saying your dispute was frivolous or asking for more information; reply to that letter instead.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine:
      "Re: No response to my dispute received [DATE RECEIVED, FROM THE RETURN RECEIPT], [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "On [DATE YOU MAILED YOUR DISPUTE], I mailed you a dispute about the item below. The return receipt shows you received it on [DATE RECEIVED, FROM THE RETURN RECEIPT]. I have not received the results of your reinvestigation.",
      "- Creditor: [CREDITOR NAME], account ending [LAST 4 DIGITS]",
      "- What is wrong: [WHAT IS WRONG]",
      "- What is correct: [WHAT IS CORRECT]",
      "I enclose copies of my original dispute letter and the return receipt.",
      "The law gives you 30 days after receiving a dispute to complete a reinvestigation (45 days in some cases). If the information could not be verified, I ask that you promptly delete it, as section 611(a)(5)(A) of the Fair Credit Reporting Act requires. Please send me the results in writing, with an updated copy of my credit report, as section 611(a)(6) provides.",
      "If I still do not hear from you, my next step will be to file a complaint with the Consumer Financial Protection Bureau. I would prefer to resolve this directly with you.",
      "Thank you for your help.",
    ],
    laws: [
      {
        cite: "FCRA § 611(a)(1), 15 U.S.C. § 1681i(a)(1)",
        says: "The bureau must complete a free, reasonable reinvestigation within 30 days of receiving your dispute, extended by up to 15 days only if you send relevant information during those 30 days.",
      },
      {
        cite: "FCRA § 612(a)(3), 15 U.S.C. § 1681j(a)(3)",
        says: "If you dispute after getting your free annual report through AnnualCreditReport.com, the bureau has 45 days.",
      },
      {
        cite: "FCRA § 611(a)(5)(A), 15 U.S.C. § 1681i(a)(5)(A)",
        says: "Information found inaccurate or incomplete, or that cannot be verified, must be promptly deleted or modified, and the furnisher told.",
      },
      {
        cite: "FCRA § 611(a)(6), 15 U.S.C. § 1681i(a)(6)",
        says: "The bureau must send you the results in writing within 5 business days after completing the reinvestigation, with a report based on your revised file.",
      },
    ],
    enclosures: [
      "A copy of my proof of identity (for example, driver's license or state ID)",
      "A copy of my proof of address (for example, a recent utility bill or bank statement)",
      "A copy of my original dispute letter",
      "A copy of the return receipt or USPS tracking page showing the date received",
      "A copy of the credit report page with the disputed item marked",
    ],
    howToSend: [
      "Check the bureau's website for its current dispute mailing address before you mail.",
      "Send it by certified mail, return receipt requested.",
      "Keep copies of everything you send and receive.",
      "Write the date it was received in your dispute tracker. If there is still no answer, file a complaint with the CFPB.",
    ],
    tips: [
      "The law does not promise automatic deletion when a deadline passes. It requires the bureau to finish on time and to delete or correct information that is inaccurate, incomplete or cannot be verified.",
      "CFPB complaints: consumerfinance.gov/complaint or (855) 411-2372. Keep it factual and attach your letters and receipts.",
      "If the results say the item was verified and you still believe it is wrong, you can ask how it was verified, dispute directly with the lender, or add a statement of dispute (see those letters).",
    ],
  },

  "pp-reinsertion-without-notice": {
    whenToUse: [
      "Use when an item a bureau deleted after your dispute has come back on your report and you never received a written notice that it was put back.",
      "A bureau may put a deleted item back only if the furnisher certifies that it is complete and accurate, and it must then notify you in writing within 5 business days. Check your mail and online account for that notice before sending this.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine:
      "Re: Reinsertion of a deleted item without notice, [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "On [DATE OF YOUR DELETION LETTER], you told me that this item had been deleted from my file after my dispute: [CREDITOR NAME], account ending [LAST 4 DIGITS].",
      "On [DATE YOU SAW IT AGAIN], I found the item back on my credit report. I have not received any written notice from you that it was reinserted.",
      "I understand that a deleted item may be put back only if the company that furnished it certifies that the information is complete and accurate, and that you must notify me in writing within 5 business days after putting it back. Please tell me:",
      "- The date the item was reinserted",
      "- Whether the furnisher certified that the information is complete and accurate, and on what date",
      "- The furnisher's business name, address and telephone number",
      "If the furnisher did not certify the information as complete and accurate, please delete it again and send me an updated copy of my credit report. If it did, please send me the written notice the law requires.",
      "[ONLY IF TRUE: I ALSO STILL DISPUTE THIS ITEM BECAUSE (SAY WHY IT IS WRONG). MY PROOF IS ENCLOSED. OTHERWISE DELETE THIS PARAGRAPH.]",
      "Thank you for your help.",
    ],
    laws: [
      {
        cite: "FCRA § 611(a)(5)(B), 15 U.S.C. § 1681i(a)(5)(B)",
        says: "A deleted item may be reinserted only if the furnisher certifies it is complete and accurate, and the bureau must notify you in writing within 5 business days after reinsertion, with the furnisher's name, address and phone (if reasonably available) and your right to add a statement.",
      },
      {
        cite: "FCRA § 611(a)(5)(C), 15 U.S.C. § 1681i(a)(5)(C)",
        says: "Bureaus must keep reasonable procedures to stop deleted information from reappearing, other than a proper reinsertion.",
      },
    ],
    enclosures: [
      "A copy of my proof of identity (for example, driver's license or state ID)",
      "A copy of my proof of address (for example, a recent utility bill or bank statement)",
      "A copy of the bureau's letter or results showing the item was deleted",
      "A copy of my current credit report page with the reinserted item marked",
      "[IF I STILL DISPUTE THE ITEM: COPIES OF MY PROOF THAT IT IS WRONG, OR DELETE THIS LINE]",
    ],
    howToSend: [
      "Check the bureau's website for its current dispute mailing address before you mail.",
      "Send it by certified mail, return receipt requested.",
      "Keep copies of everything you send and receive.",
      "Write the date received in your dispute tracker and follow up if you get no answer within 30 days (45 if you sent more information during that time).",
    ],
    tips: [
      "If the furnisher did certify the item and you were notified, the reinsertion is allowed. If you still believe the item is wrong, dispute it again with new information, dispute with the lender directly, or add a statement of dispute.",
      "Do not ask to remove an item you know is accurate; this letter is about whether the reinsertion rules were followed.",
    ],
  },

  "pp-furnisher-direct-dispute": {
    whenToUse: [
      "Use to dispute a lender's or creditor's own reporting about your account, such as a late payment that was on time or a wrong account status, directly with that company.",
      "It is not for errors in your name, address, birth date or Social Security number, or for inquiries or fraud alerts; dispute those with the credit bureau.",
    ],
    recipient: {
      kind: "other",
      lines: ["[LENDER OR CREDITOR NAME]", "[DISPUTE ADDRESS FROM YOUR CREDIT REPORT OR THE LENDER'S WEBSITE OR STATEMENT]"],
    },
    identifyWithDobAndSsn: false,
    reLine: "Re: Direct dispute of [PAYMENT HISTORY OR ACCOUNT STATUS], account number [ACCOUNT NUMBER], name on account [NAME ON ACCOUNT]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I am disputing information your company reports to the credit bureaus about my account. I am writing to you directly under section 623(a)(8) of the Fair Credit Reporting Act and Regulation V, 12 CFR 1022.43.",
      "- Name on the account: [NAME ON ACCOUNT]",
      "- Account number: [ACCOUNT NUMBER]",
      "- Address and phone on the account: [ADDRESS ON ACCOUNT], [PHONE NUMBER]",
      "The information I dispute is the [PAYMENT HISTORY OR ACCOUNT STATUS] shown on my [BUREAU NAME] report dated [REPORT DATE]: [EXACTLY WHAT IS REPORTED, E.G. 30 DAYS LATE IN MARCH].",
      "This is wrong because [WHY IT IS WRONG, E.G. MY MARCH PAYMENT POSTED ON MARCH 3, BEFORE THE DUE DATE]. It should be reported as [WHAT IS CORRECT].",
      "I enclose copies of [YOUR SUPPORTING DOCUMENTS, E.G. BANK STATEMENT SHOWING THE PAYMENT] and the report page with the item marked.",
      "Please investigate, review the documents I sent, and send me your results in writing. If the information is wrong, please correct it with every credit bureau you reported it to. While this dispute is open, please report the information as disputed by me.",
      "Thank you for your help.",
    ],
    laws: [
      {
        cite: "FCRA § 623(a)(8), 15 U.S.C. § 1681s-2(a)(8); Regulation V, 12 CFR § 1022.43(a)",
        says: "You can dispute information about your account, such as payment history or account status, directly with the company that reported it.",
      },
      {
        cite: "Regulation V, 12 CFR § 1022.43(d)",
        says: "Your notice must identify the account, the specific information and why it is wrong, with the supporting documents the furnisher reasonably needs.",
      },
      {
        cite: "Regulation V, 12 CFR § 1022.43(e)",
        says: "The furnisher must investigate, review what you sent and report results to you within the same 30 days (45 if extended) a bureau would have, and if the information is wrong, promptly correct it with every bureau it reported to.",
      },
      {
        cite: "FCRA § 623(a)(3), 15 U.S.C. § 1681s-2(a)(3)",
        says: "After you dispute with the furnisher, it may not report the information to a bureau without noting that you dispute it.",
      },
    ],
    enclosures: [
      "A copy of the credit report page with the disputed item marked",
      "Copies of my proof: [FOR EXAMPLE BANK STATEMENTS, PAYMENT CONFIRMATIONS OR YOUR OWN STATEMENTS]",
      "A copy of any letter from the lender confirming the correct information, if you have one",
    ],
    howToSend: [
      "Send it to the dispute address the lender gives or the one on your credit report; if there is none, use any business address of the lender.",
      "Send it by certified mail, return receipt requested.",
      "Keep copies of everything you send and receive.",
      "Write the date received in your dispute tracker and watch the deadline: 30 days, or up to 45 if you send more information during those 30 days (12 CFR 1022.43(e)).",
    ],
    tips: [
      "Also dispute the item with the credit bureau. You cannot sue over a direct dispute to the lender; a private claim exists only under 15 U.S.C. 1681s-2(b), which is triggered by a dispute filed with a bureau.",
      "Write the letter in your own words. A furnisher does not have to investigate a dispute submitted by a credit repair organization or on a form it supplied to you (12 CFR 1022.43(b)(2)).",
      "A dispute with too little information, or a repeat without new information, can be treated as frivolous; the furnisher must tell you within 5 business days and say what it needs (12 CFR 1022.43(f)).",
    ],
  },

  "pp-debt-validation": {
    whenToUse: [
      "Use before the validation end date printed on a third-party debt collector's validation notice (about 30 days after you receive it), to dispute the debt and ask for verification and the original creditor's name and address.",
      "You can still send it after the 30 days, but the legal pause on collection applies only to a dispute sent within the validation period.",
      "It does not erase the debt or stop a lawsuit.",
    ],
    recipient: { kind: "other", lines: ["[COLLECTOR NAME]", "[COLLECTOR ADDRESS FROM ITS LETTER]"] },
    identifyWithDobAndSsn: false,
    reLine: "Re: Request for validation of debt, [COLLECTOR'S REFERENCE NUMBER], original creditor [ORIGINAL CREDITOR NAME, IF KNOWN]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I received your letter dated [DATE OF COLLECTOR'S LETTER] about an account you say I owe, reference number [COLLECTOR'S REFERENCE NUMBER], for [AMOUNT IN ITS LETTER].",
      "I dispute this debt. Please send me verification of it, and please send me the name and address of the original creditor.",
      "I understand that, because I am writing within the validation period, you must stop collecting the disputed debt until you send me the information the law requires.",
      "If you have reported this account to a credit bureau, please report it as disputed.",
      "Please send your reply in writing to the address above.",
      "This letter is not an admission that I owe this debt and is not a promise to pay it.",
    ],
    laws: [
      {
        cite: "FDCPA § 809(b), 15 U.S.C. § 1692g(b)",
        says: "If you dispute the debt or ask for the original creditor in writing within the validation period, the collector must stop collecting the disputed debt until it mails you verification or the original creditor's name and address.",
      },
      {
        cite: "Regulation F, 12 CFR § 1006.34",
        says: "The collector must give you validation information, including the amount, the creditor and the date your validation period ends, which is 30 days after you receive it.",
      },
      {
        cite: "Regulation F, 12 CFR § 1006.38",
        says: "A written dispute or original-creditor request within the validation period pauses collection of the disputed debt until the collector responds, and nothing the collector does may overshadow these rights.",
      },
      {
        cite: "FDCPA § 807(8), 15 U.S.C. § 1692e(8)",
        says: "A collector may not report credit information it knows or should know is false, including failing to say that a disputed debt is disputed.",
      },
    ],
    enclosures: [
      "A copy of the collector's letter or validation notice",
      "A copy of the credit report page showing the collection, if it appears there",
    ],
    howToSend: [
      "Mail it early enough to reach the collector before the validation end date printed on its notice.",
      "Send it by certified mail, return receipt requested, to the address in the collector's letter.",
      "Keep copies of everything you send and receive.",
      "Write the date received in your dispute tracker, and note the date of any reply.",
    ],
    tips: [
      "Be careful with old debts. In some states, a payment or an acknowledgment of the debt can restart the time limit for a lawsuit (CFPB). Do not pay or promise anything on an old debt until you know where it stands.",
      "A collector may not sue or threaten to sue on a debt that is past the time limit (12 CFR 1006.26(b)), but it can still appear on your credit report until its reporting period ends; the two clocks are separate.",
      "If you are served with court papers, respond by the deadline even if you have disputed the debt.",
      "If you are past the validation end date, you can still send this letter, but delete the sentence about stopping collection.",
      "You can also use the tear-off form in the notice, or an email or portal the collector accepts; certified mail gives you proof of the date.",
    ],
  },

  "pp-goodwill-adjustment": {
    whenToUse: [
      "Use when a late payment on your report is accurate, the account is now in good standing, and you want to ask the lender, as a courtesy, to remove it.",
      "This is a request, not a right, and the lender may say no.",
      "If the late payment is actually wrong, use a dispute letter instead.",
    ],
    recipient: {
      kind: "other",
      lines: ["[CREDITOR NAME]", "[CUSTOMER SERVICE ADDRESS FROM YOUR STATEMENT OR THE CREDITOR'S WEBSITE]"],
    },
    identifyWithDobAndSsn: false,
    reLine: "Re: Goodwill adjustment request, account ending [LAST 4 DIGITS], late payment in [MONTH AND YEAR OF LATE PAYMENT]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I am writing about my account ending [LAST 4 DIGITS]. I have been a customer since [YEAR YOU OPENED THE ACCOUNT].",
      "In [MONTH AND YEAR OF LATE PAYMENT], I paid late because [BRIEF, HONEST REASON, E.G. I WAS IN THE HOSPITAL]. I take responsibility for it. Since then, I have [WHAT YOU HAVE DONE, E.G. PAID ON TIME FOR 14 MONTHS AND SET UP AUTOPAY], and the account is in good standing.",
      "I am not disputing the accuracy of your reporting. I am asking, as a courtesy, whether you would consider removing this late payment from what you report to the credit bureaus. [OPTIONAL: WHY IT MATTERS TO YOU NOW, E.G. I AM SAVING TO BUY A HOME.]",
      "I understand this is your decision and that you may not be able to do it. Thank you for considering my request.",
    ],
    laws: [
      {
        cite: "No legal requirement",
        says: "No law requires a creditor to remove an accurately reported late payment; this letter asks for a courtesy, and the creditor may say no.",
      },
    ],
    enclosures: [
      "[OPTIONAL] A copy of a recent statement showing the account is current",
      "[OPTIONAL] A copy of my credit report page with the late payment marked",
    ],
    howToSend: [
      "Send it by certified mail, return receipt requested, to the customer service address on your statement or the creditor's website.",
      "Keep a copy of the letter and any reply.",
      "Write the date received in your dispute tracker. There is no legal deadline for a reply; a polite follow-up after about 30 days is fine.",
    ],
    tips: [
      "Never dispute an accurate late payment as inaccurate. A goodwill request is honest; a false dispute is not, and it can be rejected as frivolous.",
      "Some creditors do not make goodwill changes as a policy. If the answer is no, accept it; the late payment will stop being reported after its reporting period ends.",
      "If the creditor agrees, ask for written confirmation and check your reports from each bureau a month or two later.",
    ],
  },

  "pp-identity-theft-block": {
    whenToUse: [
      "Use when accounts, inquiries or other items on your report came from someone else using your identity, and you have an identity theft report: the FTC report from IdentityTheft.gov or a police report.",
      "Use it only for real identity theft. Filing a false report to remove debts that are yours is illegal, the FTC report is signed under penalty of perjury, and the bureau can rescind a block obtained by misrepresentation.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine:
      "Re: Request to block information resulting from identity theft, identity theft report number [FTC OR POLICE REPORT NUMBER], credit report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I am a victim of identity theft. Under section 605B of the Fair Credit Reporting Act, I ask that you block the following information in my credit file. These items resulted from identity theft and are not mine:",
      "- [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], [WHAT IT IS, E.G. CREDIT CARD OPENED IN MAY]",
      "- [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], [WHAT IT IS]",
      "I did not open or authorize these accounts, and I did not receive any money, goods or services from them.",
      "I enclose proof of my identity, a copy of my identity theft report, and my credit report with each item marked.",
      "Please block these items, notify the companies that furnished them, and send me written confirmation and an updated copy of my credit report.",
      "Thank you for your help.",
    ],
    laws: [
      {
        cite: "FCRA § 605B(a)-(b), 15 U.S.C. § 1681c-2(a)-(b)",
        says: "Within 4 business days after receiving proof of your identity, a copy of your identity theft report, the items you identify and your statement that they are not yours, the bureau must block them and notify the furnisher.",
      },
      {
        cite: "FCRA § 605B(c), 15 U.S.C. § 1681c-2(c)",
        says: "The bureau may refuse or rescind a block made in error, based on a material misrepresentation, or where you received goods, services or money, and must tell you if it does.",
      },
      {
        cite: "FCRA § 603(q)(4), 15 U.S.C. § 1681a(q)(4); 12 CFR § 1022.3(i)",
        says: "An identity theft report is a report to a law enforcement agency, including the FTC report filed at IdentityTheft.gov or a police report.",
      },
    ],
    enclosures: [
      "A copy of my proof of identity (for example, driver's license or state ID)",
      "A copy of my proof of address (for example, a recent utility bill or bank statement)",
      "A copy of my identity theft report (FTC report from IdentityTheft.gov or police report)",
      "A copy of the credit report pages with each fraudulent item marked",
    ],
    howToSend: [
      "Send a separate letter to each bureau that shows the fraudulent items.",
      "Check the bureau's website for its current mailing address before you mail.",
      "Send it by certified mail, return receipt requested, and keep copies of everything.",
      "Write the date received in your dispute tracker. The bureau has 4 business days from then to block the items; check your report after that.",
    ],
    tips: [
      "Companion steps: place a free fraud alert (an initial alert lasts at least 1 year; placing it with one bureau notifies the others; with an identity theft report you can get a 7-year extended alert), and freeze your credit for free at each bureau separately.",
      "Send a copy of your identity theft report to each company's designated address too; after that it may not report the items (15 U.S.C. 1681s-2(a)(6)(B)). You can also ask it for the fraudulent application and transaction records (15 U.S.C. 1681g(e)).",
      'Ignore anyone selling a "605B" trick for debts that are really yours. It is illegal, and the block can be rescinded.',
    ],
  },

  "pp-statement-of-dispute": {
    whenToUse: [
      "Use after a bureau's reinvestigation did not resolve your dispute (for example, the item was verified and you still believe it is wrong), to add your side to your file.",
      "The bureau may limit your statement to 100 words, so keep it short and factual. A statement does not change or remove the item.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Request to add a statement of dispute, [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "On [DATE YOU SENT YOUR DISPUTE], I disputed this item on my credit report: [CREDITOR NAME], account ending [LAST 4 DIGITS]. Your results dated [DATE OF RESULTS LETTER] did not resolve my dispute.",
      "Please add the following statement of dispute to my file for this item, and include it, or a clear and accurate summary of it, in any report that includes the item:",
      "Statement: [YOUR STATEMENT, UP TO 100 WORDS: WHAT IS WRONG AND WHAT IS CORRECT, E.G. I DISPUTE THE LATE PAYMENT REPORTED FOR JUNE; MY BANK STATEMENT SHOWS I PAID ON TIME.]",
      "Please also send notice of my statement to the following companies, which received my credit report in the past 2 years for employment purposes or in the past 6 months for any other purpose:",
      "- [COMPANY NAME AND ADDRESS, FROM THE INQUIRIES SECTION OF YOUR REPORT]",
      "- [COMPANY NAME AND ADDRESS]",
      "Please send me an updated copy of my credit report showing the statement. Thank you.",
    ],
    laws: [
      {
        cite: "FCRA § 611(b), 15 U.S.C. § 1681i(b)",
        says: "If a reinvestigation does not resolve your dispute, you may file a brief statement; the bureau may limit it to 100 words if it helps you write a clear summary.",
      },
      {
        cite: "FCRA § 611(c), 15 U.S.C. § 1681i(c)",
        says: "Later reports that include the disputed item must note that you dispute it and include your statement or a clear and accurate summary of it.",
      },
      {
        cite: "FCRA § 611(d), 15 U.S.C. § 1681i(d)",
        says: "On your request, the bureau must notify anyone you name who received your report in the past 2 years for employment or the past 6 months for any other purpose.",
      },
    ],
    enclosures: [
      "A copy of my proof of identity (for example, driver's license or state ID)",
      "A copy of my proof of address (for example, a recent utility bill or bank statement)",
      "A copy of the bureau's reinvestigation results",
      "A copy of the credit report page with the disputed item marked",
    ],
    howToSend: [
      "Check the bureau's website for its current dispute mailing address before you mail.",
      "Send it by certified mail, return receipt requested.",
      "Keep copies of everything you send and receive.",
      "Write the date received in your dispute tracker and check your next report for the statement.",
    ],
    tips: [
      "Stick to facts a reader can check. Leave out details you would not want a lender or employer to read, such as medical details.",
      "List only the companies you want notified; find them in the inquiries section of your report.",
      "If you have new proof, you can also dispute the item again, or dispute it directly with the lender.",
    ],
  },

  "pp-cease-contact": {
    whenToUse: [
      "Use to ask a third-party debt collector to stop contacting you; after it, the collector may contact you only to say collection is ending or to name a specific remedy it may or will use, such as a lawsuit.",
      "The debt does not go away: it may still be reported, and you can still be sued.",
      "If you think the debt is wrong or not yours, consider sending the validation letter first.",
    ],
    recipient: { kind: "other", lines: ["[COLLECTOR NAME]", "[COLLECTOR ADDRESS FROM ITS LETTER]"] },
    identifyWithDobAndSsn: false,
    reLine: "Re: Request to stop communication, reference number [COLLECTOR'S REFERENCE NUMBER], creditor [CREDITOR NAME IN ITS LETTER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I am writing about the account you have contacted me about, reference number [COLLECTOR'S REFERENCE NUMBER], which you say is owed to [CREDITOR NAME IN ITS LETTER].",
      "Please stop communicating with me about this account.",
      "If you need to tell me that you are ending your collection efforts, or that you may or will take a specific action, please do so in writing at the address above.",
      "This letter is not an admission that I owe this debt.",
    ],
    laws: [
      {
        cite: "FDCPA § 805(c), 15 U.S.C. § 1692c(c)",
        says: "After you tell a collector in writing to stop contacting you, it may contact you only to say it is ending its efforts or that it may or will use a specific remedy, such as a lawsuit.",
      },
      {
        cite: "FDCPA § 803(6), 15 U.S.C. § 1692a(6)",
        says: "The FDCPA covers third-party debt collectors; it generally does not cover original creditors collecting their own debts.",
      },
    ],
    enclosures: ["A copy of the collector's most recent letter"],
    howToSend: [
      "Send it by certified mail, return receipt requested, to the address in the collector's letter.",
      "Keep copies of the letter and the receipt.",
      "Write the date received in your dispute tracker, and log any contact after that date.",
    ],
    tips: [
      "Once the collector stops contacting you, you may not hear about its plans until it names a remedy. Watch your mail for court papers and respond by the deadline.",
      "If you also dispute the debt, say so in writing or send the validation letter; a collector may not report a debt it knows is disputed without saying so (15 U.S.C. 1692e(8)).",
      "Be careful with old debts: in some states a payment or acknowledgment can restart the time limit for a lawsuit (CFPB).",
    ],
  },
} satisfies Record<string, LetterContent>;
