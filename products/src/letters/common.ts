/** Lines every bureau letter of both products shares: the proof of identity, and how to send it. */
export const bureauIdEnclosures = [
  "A copy of my driver's license or state ID",
  "A copy of a recent utility bill or bank statement showing my current address",
];

export const bureauHowToSend = [
  "Before mailing, check the bureau's website for its current dispute mailing address; addresses change.",
  "Send the letter by certified mail, return receipt requested, and keep the receipt.",
  "Keep a copy of the signed letter and of everything you enclose. Send copies, never originals.",
  "Write the date the bureau received it (from the return receipt or USPS tracking) in your dispute tracker, and count 30 days from that date (up to 45 if you send more information during those 30 days).",
  "You can also dispute online or by phone, but a mailed letter gives you a dated record of exactly what you sent.",
];
