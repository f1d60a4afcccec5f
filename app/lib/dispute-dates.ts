/**
 * The clock of a credit dispute (issue 54, decision 074): when an answer is due, by which rule,
 * and where a dispute stands on a given day. Pure and safe in the browser: days are ISO strings
 * ("2026-03-02") in the buyer's own calendar, never instants, so no time zone enters here.
 *
 * The rules, as the statutes word them:
 * - A bureau: "before the end of the 30-day period beginning on the date on which the agency
 *   receives the notice of the dispute" (15 U.S.C. 1681i(a)(1)(A)). The period begins on the day
 *   of receipt, so its last day is the receipt day plus 29.
 * - "may be extended for not more than 15 additional days if the consumer reporting agency
 *   receives information from the consumer during that 30-day period" (1681i(a)(1)(B)): the
 *   receipt day plus 44.
 * - After the free annual report, a nationwide bureau's reinvestigation "shall be completed not
 *   later than 45 days after the date on which the request is received" (1681j(a)(3)): the
 *   receipt day plus 45. It is written for the bureaus (1681j(a)(1)(A)), not for lenders.
 * - The results: "not later than 5 business days after the completion" (1681i(a)(6)(A)).
 * - A lender or collector disputed directly must finish and report the results to the consumer
 *   within the period a bureau would have under 1681i(a)(1) (12 CFR 1022.43(e)(3)): the same 30
 *   (or 45 with more information) days, the results inside them.
 * - Business days: Monday to Friday except the federal holidays of 5 U.S.C. 6103(a), observed
 *   on the Friday before or the Monday after when they fall on a weekend (6103(b)).
 * - A mailed dispute whose delivery day is unknown is taken to arrive 5 business days after it
 *   was sent: the one assumption federal rules make about mail (12 CFR 1006.34(b)(5)).
 */

export const BUREAUS = ["equifax", "experian", "transunion"] as const;
export type Bureau = (typeof BUREAUS)[number];
export const SENT_VIA = ["mail", "online", "phone"] as const;
export type SentVia = (typeof SENT_VIA)[number];

/** An ISO calendar day, "2026-03-02". */
export type Day = string;

export const MAIL_DAYS = 5;
export const RESULTS_BUSINESS_DAYS = 5;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day as a UTC midnight, null for no day ("2026-02-30"). */
function toUtc(day: Day): number | null {
  const m = ISO_DAY.exec(day);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === day ? t : null;
}

export const isDay = (value: string): boolean => toUtc(value) !== null;

function utc(day: Day): number {
  const t = toUtc(day);
  if (t === null) throw new RangeError(`Not a day: ${day}`);
  return t;
}

const fromUtc = (t: number): Day => new Date(t).toISOString().slice(0, 10);

export const addDays = (day: Day, days: number): Day => fromUtc(utc(day) + days * DAY_MS);

/** Calendar days from `a` to `b` (negative when b is earlier). */
export const daysBetween = (a: Day, b: Day): number => Math.round((utc(b) - utc(a)) / DAY_MS);

/** 0 Sunday ... 6 Saturday. */
const weekday = (day: Day) => new Date(utc(day)).getUTCDay();

const dayOf = (year: number, month: number, date: number): Day => fromUtc(Date.UTC(year, month - 1, date));

/** The nth (1-based) given weekday of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, wd: number, n: number): Day {
  if (n === -1) {
    const last = Date.UTC(year, month, 0);
    const back = (new Date(last).getUTCDay() - wd + 7) % 7;
    return fromUtc(last - back * DAY_MS);
  }
  const first = Date.UTC(year, month - 1, 1);
  const ahead = (wd - new Date(first).getUTCDay() + 7) % 7;
  return fromUtc(first + (ahead + (n - 1) * 7) * DAY_MS);
}

/** A fixed-date holiday moved off a weekend: Saturday to the Friday before, Sunday to the Monday after (5 U.S.C. 6103(b)). */
function observed(day: Day): Day {
  const wd = weekday(day);
  return wd === 6 ? addDays(day, -1) : wd === 0 ? addDays(day, 1) : day;
}

export type Holiday = { day: Day; name: string };

/** The holidays of 5 U.S.C. 6103(a) as their dates fall in `year` (New Year's Day only from the year's own January). */
function holidaysNamedFor(year: number): Holiday[] {
  const list: Holiday[] = [
    { day: observed(dayOf(year, 1, 1)), name: "New Year's Day" },
    { day: nthWeekday(year, 1, 1, 3), name: "Birthday of Martin Luther King, Jr." },
    { day: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { day: nthWeekday(year, 5, 1, -1), name: "Memorial Day" },
    { day: observed(dayOf(year, 7, 4)), name: "Independence Day" },
    { day: nthWeekday(year, 9, 1, 1), name: "Labor Day" },
    { day: nthWeekday(year, 10, 1, 2), name: "Columbus Day" },
    { day: observed(dayOf(year, 11, 11)), name: "Veterans Day" },
    { day: nthWeekday(year, 11, 4, 4), name: "Thanksgiving Day" },
    { day: observed(dayOf(year, 12, 25)), name: "Christmas Day" },
  ];
  // Juneteenth became a legal public holiday on June 17, 2021 (Pub. L. 117-17).
  if (year >= 2021) list.push({ day: observed(dayOf(year, 6, 19)), name: "Juneteenth National Independence Day" });
  return list;
}

const holidayCache = new Map<number, Holiday[]>();

/**
 * The federal holidays observed in `year`, in date order. New Year's Day on a Saturday is
 * observed on December 31 of the year before, so that day belongs to the earlier year's list.
 */
export function federalHolidays(year: number): Holiday[] {
  let list = holidayCache.get(year);
  if (!list) {
    list = [...holidaysNamedFor(year), ...holidaysNamedFor(year + 1)]
      .filter((h) => h.day.startsWith(`${year}-`))
      .sort((a, b) => a.day.localeCompare(b.day));
    holidayCache.set(year, list);
  }
  return list;
}

export function holidayOn(day: Day): Holiday | undefined {
  return federalHolidays(Number(day.slice(0, 4))).find((h) => h.day === day);
}

export function isBusinessDay(day: Day): boolean {
  const wd = weekday(day);
  return wd !== 0 && wd !== 6 && !holidayOn(day);
}

/** The nth business day after `day` (not counting `day` itself). */
export function addBusinessDays(day: Day, n: number): Day {
  let at = day;
  for (let left = n; left > 0;) {
    at = addDays(at, 1);
    if (isBusinessDay(at)) left--;
  }
  return at;
}

export type DisputeFacts = {
  /** A bureau, or "furnisher" for a lender or collector disputed directly. */
  recipient: Bureau | "furnisher";
  sentVia: SentVia;
  sentOn: Day;
  /** The certified-mail receipt or the online confirmation; null when unknown. */
  receivedOn: Day | null;
  afterAnnualReport: boolean;
  /** When the reader sent more information, if she did. */
  moreInfoOn: Day | null;
  /** Whether an answer (or "no answer") has been recorded. */
  answered: boolean;
};

export type Received = { day: Day; assumed: boolean; why: string };

/** The day the dispute reached them: as recorded, or assumed (mail 5 business days, online and phone the same day). */
export function receivedDay(facts: Pick<DisputeFacts, "sentVia" | "sentOn" | "receivedOn">): Received {
  if (facts.receivedOn) return { day: facts.receivedOn, assumed: false, why: "the day you recorded that they received it" };
  if (facts.sentVia === "mail") {
    return {
      day: addBusinessDays(facts.sentOn, MAIL_DAYS),
      assumed: true,
      why: `assumed: mail is taken to arrive ${MAIL_DAYS} business days after it is sent (the assumption of 12 CFR 1006.34(b)(5)); enter the date on your certified-mail receipt to be exact`,
    };
  }
  return {
    day: facts.sentOn,
    assumed: true,
    why: `assumed: sent ${facts.sentVia === "online" ? "online" : "by phone"}, taken as received the same day; enter the date on the confirmation if it differs`,
  };
}

export type DueRule = "30-days" | "45-days-more-info" | "45-days-annual-report";

export type Due = {
  received: Received;
  /** The last day to finish (a bureau) or to finish and answer (a lender). */
  day: Day;
  rule: DueRule;
  /** The rule in words, for the page. */
  explanation: string;
  statute: string;
  /** The last day the answer may be sent: a bureau's 5 business days after finishing, a lender's the same day. */
  resultsBy: Day;
  resultsExplanation: string;
  resultsStatute: string;
};

const isBureau = (r: DisputeFacts["recipient"]): r is Bureau => r !== "furnisher";

/** Whether more information came within the 30-day period that begins on the day of receipt. */
export function moreInfoInTime(received: Day, moreInfoOn: Day | null): boolean {
  if (!moreInfoOn) return false;
  const offset = daysBetween(received, moreInfoOn);
  return offset >= 0 && offset <= 29;
}

/** The due date, the rule that set it, and when the results must be sent. Never a promise of a result. */
export function dueDate(facts: DisputeFacts): Due {
  const received = receivedDay(facts);
  const bureau = isBureau(facts.recipient);
  const extended = moreInfoInTime(received.day, facts.moreInfoOn);
  let day: Day;
  let rule: DueRule;
  let explanation: string;
  let statute: string;
  if (bureau && facts.afterAnnualReport) {
    day = addDays(received.day, 45);
    rule = "45-days-annual-report";
    explanation = "A dispute made after your free annual report must be finished no later than 45 days after the bureau received it.";
    statute = "15 U.S.C. 1681j(a)(3)";
  } else if (extended) {
    day = addDays(received.day, 44);
    rule = "45-days-more-info";
    explanation =
      "You sent more information within the first 30 days, so they may take up to 15 more days: 45 days counting the day they received your dispute.";
    statute = bureau ? "15 U.S.C. 1681i(a)(1)(B)" : "12 CFR 1022.43(e)(3), with 15 U.S.C. 1681i(a)(1)(B)";
  } else {
    day = addDays(received.day, 29);
    rule = "30-days";
    explanation = "They have 30 days, counting the day they received your dispute as the first.";
    statute = bureau ? "15 U.S.C. 1681i(a)(1)(A)" : "12 CFR 1022.43(e)(3), with 15 U.S.C. 1681i(a)(1)(A)";
  }
  if (!bureau && facts.afterAnnualReport && rule === "30-days") {
    explanation += " The 45 days after a free annual report apply to the credit bureaus, not to a lender or collector.";
  }
  return bureau
    ? {
        received,
        day,
        rule,
        explanation,
        statute,
        resultsBy: addBusinessDays(day, RESULTS_BUSINESS_DAYS),
        resultsExplanation: `The bureau must send you the results within ${RESULTS_BUSINESS_DAYS} business days of finishing.`,
        resultsStatute: "15 U.S.C. 1681i(a)(6)(A)",
      }
    : {
        received,
        day,
        rule,
        explanation,
        statute,
        resultsBy: day,
        resultsExplanation: "A lender or collector must report the results to you within the same period.",
        resultsStatute: "12 CFR 1022.43(e)(3)",
      };
}

export const DISPUTE_STATES = ["waiting", "answer-due", "overdue", "answered"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];

export const STATE_LABELS: Record<DisputeState, string> = {
  waiting: "Waiting",
  "answer-due": "Answer due",
  overdue: "Overdue",
  answered: "Answered",
};

/**
 * Where a dispute stands on `today`: answered once an answer is recorded; before the due date
 * waiting; from the due date until the results must have been sent, answer due; after, overdue.
 */
export function disputeState(facts: DisputeFacts, today: Day): DisputeState {
  if (facts.answered) return "answered";
  const due = dueDate(facts);
  if (today < due.day) return "waiting";
  if (today <= due.resultsBy) return "answer-due";
  return "overdue";
}

/** The two reminder days: the due date, and 5 business days after it (sent only if no answer is recorded by then). */
export function reminderDays(facts: DisputeFacts): { due: Day; followUp: Day } {
  const due = dueDate(facts).day;
  return { due, followUp: addBusinessDays(due, RESULTS_BUSINESS_DAYS) };
}

/** "March 2, 2026": a day as a reader reads it, with no zone (it is already the reader's own day). */
export function formatFullDay(day: Day): string {
  return new Date(utc(day)).toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });
}

/** "Monday, March 2, 2026". */
export function formatDayLong(day: Day): string {
  return new Date(utc(day)).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}
