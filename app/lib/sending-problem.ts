/**
 * The words of the dashboard's banner while sending is paused (issue 51, decision 065): which step
 * of the mail server's conversation refused us, and what the owner checks for each. One list,
 * shared by the database's CHECK (db/schema.ts) and the banner.
 */
export const SENDING_STAGES = ["connection", "login", "sender", "message", "recipients"] as const;
export type SendingStage = (typeof SENDING_STAGES)[number];

/** The refused step, as the owner reads it. */
export const STAGE_NAMES: Record<SendingStage, string> = {
  connection: "the connection to the mail server",
  login: "the login (user name, password or API key)",
  sender: "the sender address",
  message: "the message itself",
  recipients: "several readers in a row, with the same answer",
};

/** What to check for each refused step. */
export const WHAT_TO_CHECK: Record<SendingStage, string> = {
  connection: "Check the server's address and port in SMTP_URL, and that the mail account is active.",
  login: "Check the user name and password or API key in SMTP_URL: a key that was revoked, expired or mistyped is refused.",
  sender:
    "Check that the sender address in MAIL_FROM is verified with your mail provider (a single sender or the whole domain), and that the account is not suspended.",
  message: "Check your mail provider's dashboard: the account may be suspended, over its sending limit, or the sender not verified.",
  recipients:
    "The same refusal for different readers is almost never about them: check the sender address in MAIL_FROM, your mail provider's account and its sending limits.",
};
