import { bureauHowToSend, bureauIdEnclosures } from "./common";
import type { LetterContent } from "./types";

/**
 * Dispute Letter Power Pack, part A: letters for specific situations, more detailed than the
 * core toolkit letters. Every legal statement here follows shared/reference/credit-law-facts.md.
 */

const investigate30Days = {
  cite: "FCRA § 611(a)(1)(A), 15 U.S.C. § 1681i(a)(1)(A)",
  says: "The bureau must investigate free of charge and record the current status or delete the item within 30 days of receiving your dispute (up to 15 more days if you send more information during that time).",
};

const deleteOrCorrect = {
  cite: "FCRA § 611(a)(5)(A), 15 U.S.C. § 1681i(a)(5)(A)",
  says: "If the item is found to be inaccurate or incomplete, or cannot be verified, the bureau must promptly delete or correct it and tell the company that reported it.",
};

const resultsInWriting = {
  cite: "FCRA § 611(a)(6), 15 U.S.C. § 1681i(a)(6)",
  says: "Within 5 business days after finishing, the bureau must send you the results in writing, with a credit report based on your corrected file and a notice that you can ask how the item was checked.",
};

const ifVerifiedTip =
  "If the answer comes back “verified” and you still believe the item is wrong, you can send the method-of-verification letter, dispute again with new documents, add a short statement of dispute to your file, or file a complaint with the CFPB at https://www.consumerfinance.gov/complaint/.";

export const powerPackLettersA = {
  "pp-wrong-balance": {
    whenToUse: [
      "Use this letter when an account that is yours shows the wrong balance, credit limit or high balance, for example a paid-off loan still showing money owed, or a card showing a lower limit than you have.",
      "Reports show the balance as of the lender's last update, so check the date reported first: a recent payment may simply not have been reported yet.",
      "For a wrong late payment or account status, use the wrong-status letter instead.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine:
      "Re: Wrong [BALANCE, CREDIT LIMIT OR HIGH BALANCE], [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "The [CREDITOR NAME] account ending [LAST 4 DIGITS] in my credit file is mine, but the amounts reported for it are wrong. I have circled them on the enclosed copy of my report.",
      "- [BALANCE, CREDIT LIMIT OR HIGH BALANCE]: reported as [$ AMOUNT SHOWN]; the correct figure is [$ CORRECT AMOUNT] as of [DATE]",
      "- [ANY OTHER AMOUNT THAT IS WRONG, OR DELETE THIS LINE]: reported as [$ AMOUNT SHOWN]; the correct figure is [$ CORRECT AMOUNT]",
      "[EXPLAIN IN YOUR OWN WORDS, E.G. I PAID THIS LOAN OFF ON MAY 2, 2025, AND THE LENDER'S PAYOFF LETTER CONFIRMS A $0 BALANCE; OR MY CREDIT LIMIT WAS RAISED TO $3,000 IN JANUARY 2025, AS MY STATEMENT SHOWS.]",
      "The enclosed [DOCUMENT, E.G. STATEMENT DATED JUNE 1, 2025] shows the correct figures. Please consider it in your investigation and send it to the company that reported the account.",
      "Please correct the amounts, or delete the information if it cannot be verified, and send me the results in writing with a copy of my updated credit report.",
    ],
    laws: [
      investigate30Days,
      {
        cite: "FCRA § 611(a)(4), 15 U.S.C. § 1681i(a)(4)",
        says: "The bureau must review and consider all relevant information you send with your dispute.",
      },
      deleteOrCorrect,
      resultsInWriting,
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with the wrong amounts circled",
      ...bureauIdEnclosures,
      "[A DOCUMENT SHOWING THE CORRECT AMOUNT, E.G. A RECENT STATEMENT, A PAYOFF OR PAID-IN-FULL LETTER, OR A LETTER OR SCREENSHOT CONFIRMING YOUR CREDIT LIMIT]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "A missing or too-low credit limit can make your card use look higher than it is. A statement showing the limit is good proof.",
      "Contact the lender too (the furnisher letter): a correction at the source reaches every bureau the lender reports to.",
      ifVerifiedTip,
    ],
  },

  "pp-wrong-status-late-payment": {
    whenToUse: [
      "Use this letter when an account that is yours shows a late payment you actually made on time, or a wrong status, such as “charged off” on an account you paid in full, or “open” on an account that was closed.",
      "If you really were late, this letter is not for you: an accurate late payment can be reported for 7 years, and you can ask the lender for a goodwill adjustment, but it does not have to agree.",
      "For a wrong balance or credit limit, use the wrong-balance letter instead.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Wrong payment history or status, [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "My [CREDITOR NAME] account ending [LAST 4 DIGITS] is reported with a payment history or status that is not correct. The entries are circled on the enclosed copy of my report.",
      "- Reported: [WHAT THE REPORT SHOWS, E.G. 30 DAYS LATE IN AUGUST 2025, OR STATUS: CHARGED OFF]",
      "- Correct: [WHAT IS TRUE, E.G. PAID ON AUGUST 12, 2025, BEFORE THE AUGUST 15 DUE DATE, OR STATUS: PAID IN FULL, CLOSED]",
      "[EXPLAIN IN YOUR OWN WORDS, E.G. MY BANK STATEMENT SHOWS THE PAYMENT LEFT MY ACCOUNT ON AUGUST 12; OR THE LENDER AGREED TO DEFER MY PAYMENTS FROM MAY TO JULY 2025, SO NO PAYMENT WAS DUE; OR THE ENCLOSED LETTER FROM THE LENDER SAYS THE LATE MARK WAS ITS ERROR.]",
      "Please investigate and correct the account to show [THE CORRECT PAYMENT HISTORY OR STATUS], or delete the late payment or status if it cannot be verified.",
      "Please send me the results in writing, with a copy of my updated credit report.",
    ],
    laws: [
      investigate30Days,
      {
        cite: "FCRA § 611(a)(2), 15 U.S.C. § 1681i(a)(2)",
        says: "Within 5 business days of receiving your dispute, the bureau must notify the company that reported the item and pass on all the relevant information you sent, including your proof of payment.",
      },
      deleteOrCorrect,
      resultsInWriting,
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with the wrong entries circled",
      ...bureauIdEnclosures,
      "[PROOF OF THE ON-TIME PAYMENT OR CORRECT STATUS, E.G. A BANK STATEMENT SHOWING THE PAYMENT DATE, A PAYMENT CONFIRMATION, A PAID-IN-FULL LETTER, OR A DEFERRAL OR FORBEARANCE AGREEMENT]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "Compare the month marked late with your statements and bank records: the proof that matters is the date your payment was made or posted and the due date.",
      "If the lender admits the mistake, ask it for a letter saying so and enclose a copy; it is strong proof.",
      "Settled is not the same as paid in full: if you settled for less than you owed, a “settled” status may be accurate.",
      ifVerifiedTip,
    ],
  },

  "pp-account-not-mine": {
    whenToUse: [
      "Use this letter when an account on your report is not yours and is not the result of identity theft, for example an account of someone with a similar name, or a relative's account placed in your file by mistake.",
      "If someone opened the account using your personal information, do not use this letter: report it at IdentityTheft.gov and send the identity theft block (605B) letter instead.",
      "If your file also shows another person's names, addresses or Social Security number, use the mixed-file letter.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Account that is not mine, [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "Your report lists an account that is not mine. I never applied for, opened or used this account, and I am not responsible for it. It is circled on the enclosed copy of my report.",
      "- Company: [CREDITOR OR COLLECTOR NAME]",
      "- Account number: ending [LAST 4 DIGITS]",
      "- Date opened and balance shown: [DATE OPENED], [$ BALANCE]",
      "I believe it was placed in my file by mistake because [REASON, E.G. IT IS UNDER THE NAME JON A. SMITH AND AN ADDRESS WHERE I HAVE NEVER LIVED; OR IT BELONGS TO MY FATHER, WHO HAS THE SAME NAME].",
      "I am not reporting identity theft. I am asking you to check with the company that reported this account whether it belongs to me, and to remove it from my file if it does not or if that cannot be verified.",
      "Please send me the results in writing, with a copy of my updated credit report.",
    ],
    laws: [
      investigate30Days,
      deleteOrCorrect,
      {
        cite: "FCRA § 611(a)(5)(B), 15 U.S.C. § 1681i(a)(5)(B)",
        says: "A deleted item can be put back only if the company that reported it certifies that it is complete and accurate, and the bureau must tell you in writing within 5 business days after putting it back.",
      },
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with the account circled",
      ...bureauIdEnclosures,
      "[ANY PROOF THAT THE ACCOUNT IS NOT YOURS, E.G. A LETTER FROM THE COMPANY, OR A LEASE OR BILLS SHOWING YOU LIVED ELSEWHERE WHEN IT WAS OPENED]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "Check first: collection accounts appear under the collector's name and some store cards under the bank's name, so an account can look unfamiliar and still be yours. Calling the number shown on the report can clear this up.",
      "If it turns out to be identity theft, switch to the identity theft steps: a report at IdentityTheft.gov (1-877-438-4338) and a block request under FCRA § 605B. Use them only for real identity theft: the FTC report is made under penalty of perjury, and a false report is illegal.",
      ifVerifiedTip,
    ],
  },

  "pp-duplicate-account": {
    whenToUse: [
      "Use this letter when one debt is counted twice on your report: for example, the original lender and a collector both show a balance for it, two collectors show it after it was sold, or the same account appears twice.",
      "An original account that shows as sold or transferred with a $0 balance is normally reported correctly; this letter asks for the duplicate balance to be fixed, not for accurate history to be removed.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: One debt reported twice, [FIRST CREDITOR OR COLLECTOR] and [SECOND CREDITOR OR COLLECTOR], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "My credit report lists the same debt twice, so it looks as if I owe it twice. Both entries are circled on the enclosed copy of my report.",
      "- Entry 1: [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], balance [$ AMOUNT]",
      "- Entry 2: [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], balance [$ AMOUNT]",
      "These are the same debt because [HOW YOU KNOW, E.G. THE COLLECTOR'S LETTER NAMES THE ORIGINAL CREDITOR AND THE SAME ACCOUNT NUMBER; OR THE LENDER'S LETTER SAYS IT SOLD THE ACCOUNT ON MARCH 1, 2025; OR BOTH ENTRIES HAVE THE SAME ACCOUNT NUMBER AND OPENING DATE].",
      "Only one of these entries can show a balance for this debt. Please investigate and correct my file so the debt is reported once: [WHAT SHOULD CHANGE, E.G. SHOW THE ORIGINAL ACCOUNT AS SOLD OR TRANSFERRED WITH A $0 BALANCE; OR REMOVE THE SECOND COPY OF THE SAME ACCOUNT].",
      "If either entry cannot be verified, please delete it. Please send me the results in writing, with a copy of my updated credit report.",
    ],
    laws: [
      {
        cite: "FCRA § 611(a)(1)(A), 15 U.S.C. § 1681i(a)(1)(A)",
        says: "You can dispute the completeness or accuracy of any item in your file, and the bureau must investigate free of charge and record the current status or delete the item within 30 days of receiving your dispute (up to 15 more days if you send more information during that time).",
      },
      deleteOrCorrect,
      resultsInWriting,
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with both entries circled",
      ...bureauIdEnclosures,
      "[PROOF THAT THE ENTRIES ARE THE SAME DEBT, E.G. THE COLLECTOR'S NOTICE NAMING THE ORIGINAL CREDITOR AND ACCOUNT NUMBER, OR THE LENDER'S LETTER SAYING THE ACCOUNT WAS SOLD OR TRANSFERRED]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "A debt collector's validation notice lists the creditor and the account number; it is often the best proof that two entries are the same debt.",
      "If both entries still show a balance after the investigation, send the furnisher letter to the company that no longer owns the debt and ask it to report a $0 balance.",
      ifVerifiedTip,
    ],
  },

  "pp-mixed-file": {
    whenToUse: [
      "Use this letter when your file mixes in another person's information: names, addresses, Social Security number variations, or accounts that belong to a relative or someone with a similar name.",
      "List everything that is not yours in one letter, and check all three bureaus, since a mix-up can appear at one and not the others.",
      "If someone used your identity on purpose, use the identity theft steps (IdentityTheft.gov and the 605B block letter) instead.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Mixed file: another person's information in my credit file, report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "My credit file contains information about another person. I believe it has been mixed with the file of [WHO, IF YOU KNOW, E.G. MY SON, WHO HAS THE SAME NAME, OR A PERSON WITH A SIMILAR NAME]. Each item is circled on the enclosed copy of my report.",
      "Personal information that is not mine:",
      "- Names: [NAMES OR SPELLINGS THAT ARE NOT YOURS]",
      "- Addresses: [ADDRESSES WHERE YOU HAVE NEVER LIVED]",
      "- Social Security number: [DESCRIBE THE VARIATION, E.G. A NUMBER ENDING IN 4412; MINE ENDS IN 4421]",
      "- Other: [DATE OF BIRTH, PHONE NUMBER OR EMPLOYER THAT IS NOT YOURS, OR DELETE THIS LINE]",
      "Accounts that are not mine:",
      "- [CREDITOR NAME], account ending [LAST 4 DIGITS]",
      "- [CREDITOR NAME], account ending [LAST 4 DIGITS]",
      "My correct full name is [YOUR FULL NAME, WITH JR. OR SR. IF ANY]. My current address is shown above, and in the last two years I have also lived at [PREVIOUS ADDRESSES, OR NONE].",
      "Please remove the other person's information and accounts from my file and keep them from being mixed in again. Please send me the results in writing, with a copy of my updated credit report.",
    ],
    laws: [
      {
        cite: "FCRA § 611(a)(1)(A), 15 U.S.C. § 1681i(a)(1)(A)",
        says: "You can dispute any item in your file, and the bureau must investigate free of charge and record the current status or delete the item within 30 days of receiving your dispute (up to 15 more days if you send more information during that time).",
      },
      deleteOrCorrect,
      {
        cite: "FCRA § 611(a)(5)(C), 15 U.S.C. § 1681i(a)(5)(C)",
        says: "The bureau must have reasonable procedures to keep deleted information from reappearing in your file.",
      },
      resultsInWriting,
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with each item that is not mine circled",
      ...bureauIdEnclosures,
      "[IF YOUR SSN IS SHOWN WRONG: A DOCUMENT SHOWING YOUR SSN, E.G. A W-2 OR SSA-1099]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "Lenders and collectors do not have to handle direct disputes about names, addresses, Social Security numbers or other identifying information unless it concerns whether you owe the account (12 CFR § 1022.43(b)), so the bureau is the place to fix a mixed file.",
      "Never send the other person's Social Security number, date of birth or documents. Show what is yours and point to what is not.",
      "Check your reports again a few months after the fix. If the information comes back, dispute again and consider a CFPB complaint at https://www.consumerfinance.gov/complaint/.",
      "If you were turned down for credit because of the mixed file, you are entitled to a free report from the bureau named in the denial notice if you ask within 60 days.",
    ],
  },

  "pp-outdated-item": {
    whenToUse: [
      "Use this letter when a collection or charge-off is still on your report after its 7-year reporting period, which starts 180 days after the delinquency began (about 7½ years after the first missed payment that was never made up).",
      "Work out the date first (see the tips), because an item still inside its period can stay on your report whether it is paid or not.",
      "For an old late payment or a bankruptcy, use the same letter but replace the calculation paragraph with the date of the item.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine:
      "Re: Negative item past its reporting period, [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "I am asking you to review a negative item that I believe is past the period the law allows it to be reported. It is circled on the enclosed copy of my report.",
      "- Item: [CREDITOR OR COLLECTOR NAME], account ending [LAST 4 DIGITS], shown as [A COLLECTION OR A CHARGE-OFF]",
      "- Original creditor: [ORIGINAL CREDITOR NAME, IF DIFFERENT]",
      "- Delinquency began: [MONTH AND YEAR OF THE FIRST MISSED PAYMENT THAT WAS NEVER MADE UP]",
      "My calculation: under 15 U.S.C. § 1681c(c)(1), the 7-year period began 180 days after the delinquency began, in about [MONTH AND YEAR, 6 MONTHS LATER]. Seven years after that is [MONTH AND YEAR, 7 YEARS LATER], so this item should no longer appear on my report.",
      "[HOW YOU KNOW THE DATE, E.G. MY LAST STATEMENT FROM THE ORIGINAL CREDITOR, ENCLOSED, SHOWS THE ACCOUNT PAST DUE SINCE MARCH 2018, AND I MADE NO PAYMENTS AFTER THAT.] As I understand the law, the sale of the debt to a collector does not change this date.",
      "Please check the delinquency date the company reported and remove this item if its reporting period has ended. If your records show a different date, please tell me what it is. Please send me the results in writing, with a copy of my updated credit report.",
    ],
    laws: [
      {
        cite: "FCRA § 605(a)(4)-(5), 15 U.S.C. § 1681c(a)(4)-(5)",
        says: "Collection accounts, charge-offs and other negative items (other than criminal convictions) may not be reported once they are more than 7 years old.",
      },
      {
        cite: "FCRA § 605(c)(1), 15 U.S.C. § 1681c(c)(1)",
        says: "For a collection or charge-off, the 7 years begin 180 days after the start of the delinquency that led to the collection or charge-off.",
      },
      {
        cite: "FCRA § 623(a)(5), 15 U.S.C. § 1681s-2(a)(5)",
        says: "A company reporting a collection or charge-off must report the month and year the delinquency began.",
      },
      investigate30Days,
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with the item circled",
      ...bureauIdEnclosures,
      "[A DOCUMENT SHOWING WHEN THE DELINQUENCY BEGAN, E.G. AN OLD STATEMENT FROM THE ORIGINAL CREDITOR OR A COLLECTION NOTICE]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "How to work out the date: find the month of the first missed payment that was never made up (your old statements, or the delinquency date on your report if shown). Add 180 days (about 6 months), then 7 years. Example: first missed payment in March 2018, plus 180 days is about September 2018, plus 7 years is about September 2025.",
      "Other items: a late payment on an account you brought current can be reported for 7 years from when it happened; a bankruptcy for 10 years from the order for relief (the bureaus' own policy, not law, removes a Chapter 13 after 7 years from filing). Positive information has no federal time limit.",
      "Under the wording of the law, paying the debt or its sale to another collector does not restart the clock. The reporting period is also separate from the time a creditor has to sue you (the statute of limitations).",
      "These limits do not apply to reports used for credit or life insurance of $150,000 or more, or for a job paying $75,000 or more a year.",
    ],
  },

  "pp-unauthorized-inquiry": {
    whenToUse: [
      "Use this letter for a hard inquiry from a company you never applied to and never gave permission to check your credit.",
      "If you did apply, even through a car dealer or a loan-shopping website that sent your application to several lenders, the inquiry is probably accurate and this letter does not fit.",
      "If someone used your identity to apply, also report it at IdentityTheft.gov (see the tips).",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Hard inquiry I did not authorize, [COMPANY NAME], dated [INQUIRY DATE], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "Your report shows a hard inquiry that I did not authorize. It is circled on the enclosed copy of my report.",
      "- Company: [COMPANY NAME AS SHOWN ON THE REPORT]",
      "- Date of inquiry: [DATE]",
      "I did not apply for credit, insurance, a job, an apartment or any other service with this company, and I did not give it permission to get my credit report. I have no account or other business with it that I know of. [ANYTHING ELSE THAT HELPS, E.G. I CALLED THE COMPANY ON JUNE 5, 2026, AND IT FOUND NO APPLICATION IN MY NAME.]",
      "A company may get a credit report only for a purpose allowed by 15 U.S.C. § 1681b. Please confirm with [COMPANY NAME] that it had such a purpose, and remove this inquiry from my file if that cannot be verified.",
      "Please send me the results in writing, with a copy of my updated credit report.",
    ],
    laws: [
      {
        cite: "FCRA § 604(a), (f), 15 U.S.C. § 1681b(a), (f)",
        says: "A bureau may give out your report, and a company may get it, only for a purpose the law lists, such as credit you applied for, reviewing or collecting an account you have, insurance, employment, or your written instructions.",
      },
      investigate30Days,
      deleteOrCorrect,
    ],
    enclosures: [
      "A copy of my credit report, report number [REPORT NUMBER], with the inquiry circled",
      ...bureauIdEnclosures,
      "[ANY LETTER OR EMAIL FROM THE COMPANY SAYING IT HAS NO APPLICATION OR ACCOUNT IN YOUR NAME, IF YOU HAVE ONE]",
    ],
    howToSend: bureauHowToSend,
    tips: [
      "Hard inquiries stay on your report for 2 years, and FICO scores count them for 12 months. Checking your own credit, prescreened offers and account reviews by your lenders are soft inquiries, which need no dispute.",
      "Before disputing, search the company name or call it: an inquiry can appear under a bank's name when you applied through a store, a dealer or an app.",
      "The rules for disputing directly with a lender or collector do not cover inquiries (12 CFR § 1022.43(b)), so dispute with the bureau. You can still write to the company and ask why it pulled your report.",
      "If it was fraud: report it at IdentityTheft.gov (1-877-438-4338), consider a free credit freeze at each bureau or a fraud alert (placing one with one bureau covers all three), and use the identity theft block (605B) letter for anything the thief opened.",
    ],
  },

  "pp-method-of-verification": {
    whenToUse: [
      "Use this letter after a bureau's results letter says it “verified” an item you disputed, to ask exactly how it checked the item and which company it contacted.",
      "It asks for a description of the procedure only: no law requires the bureau to send you the original contract or signed application, and this letter does not ask for them.",
      "If you have new proof that the item is wrong, send a new dispute with that proof as well.",
    ],
    recipient: { kind: "bureau" },
    identifyWithDobAndSsn: true,
    reLine: "Re: Request under 15 U.S.C. § 1681i(a)(7), [CREDITOR NAME], account ending [LAST 4 DIGITS], report number [REPORT NUMBER]",
    salutation: "Dear Sir or Madam:",
    body: [
      "On [DATE YOU MAILED YOUR DISPUTE], I disputed the item below in my credit file. Your results letter dated [DATE ON THE RESULTS LETTER], reference number [REFERENCE OR CONFIRMATION NUMBER, IF ANY], said the item was verified.",
      "- Creditor: [CREDITOR NAME], account ending [LAST 4 DIGITS]",
      "- What I disputed: [WHAT YOU DISPUTED, E.G. THE 60-DAY LATE PAYMENT REPORTED FOR APRIL 2025]",
      "- Result in your letter: [RESULT, E.G. VERIFIED, NO CHANGE]",
      "Under 15 U.S.C. § 1681i(a)(7), I request a description of the procedure you used to determine the accuracy and completeness of this item. Please include:",
      "- how the item was checked, for example whether my dispute and documents were sent to the company that reported it, and what it answered",
      "- the business name and address of each company you contacted about this item",
      "- that company's telephone number, if reasonably available",
      "The law requires this description within 15 days of receiving my request. I still believe the item is [INACCURATE OR INCOMPLETE] because [ONE OR TWO SENTENCES IN YOUR OWN WORDS].",
      "[IF YOU HAVE NEW DOCUMENTS: I HAVE ENCLOSED NEW INFORMATION AND ASK YOU TO REINVESTIGATE THE ITEM WITH IT. OTHERWISE DELETE THIS PARAGRAPH.]",
    ],
    laws: [
      {
        cite: "FCRA § 611(a)(6), 15 U.S.C. § 1681i(a)(6)",
        says: "Within 5 business days after finishing an investigation, the bureau must send you written results, including a notice that you can ask for a description of how it checked the item.",
      },
      {
        cite: "FCRA § 611(a)(7), 15 U.S.C. § 1681i(a)(7)",
        says: "When you ask, the bureau must describe how it checked the item, including the business name and address of any company it contacted (and its phone number if reasonably available), within 15 days of receiving your request.",
      },
      {
        cite: "FCRA § 611(b)-(c), 15 U.S.C. § 1681i(b)-(c)",
        says: "If the investigation does not resolve your dispute, you can file a brief statement of dispute (the bureau may limit it to 100 words), and later reports must note the dispute and include your statement or a summary of it.",
      },
      {
        cite: "FCRA § 611(d), 15 U.S.C. § 1681i(d)",
        says: "After a deletion or a statement of dispute, you can ask the bureau to notify anyone you name who got your report in the past 2 years for employment or 6 months for other purposes.",
      },
    ],
    enclosures: [
      "A copy of the results letter you sent me, dated [DATE ON THE RESULTS LETTER]",
      "A copy of my dispute letter dated [DATE OF YOUR DISPUTE LETTER] and its certified mail receipt",
      ...bureauIdEnclosures,
      "[ANY NEW DOCUMENTS, IF YOU ARE ASKING FOR A NEW INVESTIGATION, OR DELETE THIS LINE]",
    ],
    howToSend: [
      "Before mailing, check the bureau's website for its current dispute mailing address; addresses change.",
      "Send the letter by certified mail, return receipt requested, and keep the receipt.",
      "Keep a copy of the signed letter and of everything you enclose. Send copies, never originals.",
      "Write the date the bureau received it in your dispute tracker and count 15 days for the description (30 days, or up to 45 if you send more information, if you also asked for a new investigation).",
    ],
    tips: [
      "Some websites sell “method of verification” letters as a way to force the bureau to produce your signed contract or delete the item. The law requires only a description of the procedure and the contact details of the company it checked with; this letter asks for exactly that.",
      "Use the answer: with the reporting company's name and address, you can dispute directly with it (the furnisher letter), enclosing your proof.",
      "If no answer arrives within 15 days, send a short follow-up with a copy of this letter and your delivery receipt, and consider a complaint to the CFPB at https://www.consumerfinance.gov/complaint/ or (855) 411-2372.",
      "If the item stays and you still believe it is wrong, you can add a statement of dispute; the bureau must include it, or a summary, in later reports.",
    ],
  },
} satisfies Record<string, LetterContent>;
