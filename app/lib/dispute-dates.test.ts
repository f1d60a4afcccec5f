import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  dueDate,
  disputeState,
  federalHolidays,
  formatDayLong,
  isBusinessDay,
  receivedDay,
  reminderDays,
  type DisputeFacts,
} from "~/lib/dispute-dates";

const dispute = (over: Partial<DisputeFacts> = {}): DisputeFacts => ({
  recipient: "equifax",
  sentVia: "mail",
  sentOn: "2026-03-02",
  receivedOn: "2026-03-05",
  afterAnnualReport: false,
  moreInfoOn: null,
  answered: false,
  ...over,
});

describe("federal holidays (5 U.S.C. 6103), computed by rule for any year", () => {
  it("lists 2026's eleven, with Independence Day (a Saturday) observed on Friday July 3", () => {
    expect(federalHolidays(2026).map((h) => h.day)).toEqual([
      "2026-01-01",
      "2026-01-19",
      "2026-02-16",
      "2026-05-25",
      "2026-06-19",
      "2026-07-03",
      "2026-09-07",
      "2026-10-12",
      "2026-11-11",
      "2026-11-26",
      "2026-12-25",
    ]);
  });

  it("moves a Sunday holiday to the Monday after: Christmas 2022 observed December 26, Juneteenth 2022 on June 20", () => {
    const days = federalHolidays(2022).map((h) => h.day);
    expect(days).toContain("2022-12-26");
    expect(days).toContain("2022-06-20");
    expect(days).not.toContain("2022-12-25");
  });

  it("observes New Year's Day 2022 (a Saturday) on Friday December 31, 2021, in 2021's list", () => {
    expect(federalHolidays(2021).map((h) => h.day)).toContain("2021-12-31");
    expect(federalHolidays(2022).map((h) => h.day)).not.toContain("2022-01-01");
    expect(federalHolidays(2022)).toHaveLength(10);
  });

  it("has no Juneteenth before 2021, and Thanksgiving is the fourth Thursday even when November has five", () => {
    expect(federalHolidays(2019).some((h) => h.name.startsWith("Juneteenth"))).toBe(false);
    expect(federalHolidays(2029).find((h) => h.name === "Thanksgiving Day")?.day).toBe("2029-11-22");
    expect(federalHolidays(2040).find((h) => h.name === "Memorial Day")?.day).toBe("2040-05-28");
  });
});

describe("business days: Monday to Friday except federal holidays", () => {
  it("skips weekends", () => {
    expect(isBusinessDay("2026-03-07")).toBe(false);
    expect(isBusinessDay("2026-03-09")).toBe(true);
    // Friday + 5 business days = the next Friday.
    expect(addBusinessDays("2026-03-06", 5)).toBe("2026-03-13");
  });

  it("skips an observed holiday: Thanksgiving week 2026", () => {
    expect(isBusinessDay("2026-11-26")).toBe(false);
    expect(addBusinessDays("2026-11-24", 5)).toBe("2026-12-02");
  });

  it("skips Christmas and New Year's Day across the year's end", () => {
    // Thursday Dec 24: Christmas (Fri) skipped, then Dec 28, 29, 30, 31, New Year (Fri) skipped, Jan 4.
    expect(addBusinessDays("2026-12-24", 5)).toBe("2027-01-04");
  });
});

describe("the due date, as the statutes word it", () => {
  it("a bureau: before the end of the 30-day period beginning on the day it received the dispute (1681i(a)(1)(A))", () => {
    const due = dueDate(dispute());
    expect(due.day).toBe("2026-04-03");
    expect(due.rule).toBe("30-days");
    expect(due.statute).toBe("15 U.S.C. 1681i(a)(1)(A)");
  });

  it("up to 15 more days when the reader sent relevant information within the 30 days (1681i(a)(1)(B))", () => {
    const due = dueDate(dispute({ moreInfoOn: "2026-03-20" }));
    expect(due.day).toBe("2026-04-18");
    expect(due.rule).toBe("45-days-more-info");
    expect(due.statute).toBe("15 U.S.C. 1681i(a)(1)(B)");
  });

  it("information sent after the 30th day extends nothing; on the 30th day it still does", () => {
    expect(dueDate(dispute({ moreInfoOn: "2026-04-04" })).rule).toBe("30-days");
    expect(dueDate(dispute({ moreInfoOn: "2026-04-03" })).rule).toBe("45-days-more-info");
  });

  it("after the free annual report: no later than 45 days after the bureau received it (1681j(a)(3))", () => {
    const due = dueDate(dispute({ afterAnnualReport: true, moreInfoOn: "2026-03-20" }));
    expect(due.day).toBe("2026-04-19");
    expect(due.rule).toBe("45-days-annual-report");
    expect(due.statute).toBe("15 U.S.C. 1681j(a)(3)");
  });

  it("results within 5 business days of finishing (1681i(a)(6)(A)): a Friday due date answers by the next Friday", () => {
    const due = dueDate(dispute());
    expect(formatDayLong(due.day)).toBe("Friday, April 3, 2026");
    expect(due.resultsBy).toBe("2026-04-10");
    expect(due.resultsStatute).toBe("15 U.S.C. 1681i(a)(6)(A)");
  });

  it("the results notice crosses Independence Day observed (Friday July 3, 2026) and the weekend", () => {
    // Received June 2 (a Tuesday): day 30 is Wednesday July 1; then Jul 2, 6, 7, 8, 9.
    const due = dueDate(dispute({ sentOn: "2026-05-29", receivedOn: "2026-06-02" }));
    expect(due.day).toBe("2026-07-01");
    expect(due.resultsBy).toBe("2026-07-09");
  });

  it("a lender or collector disputed directly: the same 30 days, the results inside them (12 CFR 1022.43(e)(3))", () => {
    const due = dueDate(dispute({ recipient: "furnisher" }));
    expect(due.day).toBe("2026-04-03");
    expect(due.resultsBy).toBe("2026-04-03");
    expect(due.statute).toContain("12 CFR 1022.43(e)(3)");
    expect(dueDate(dispute({ recipient: "furnisher", moreInfoOn: "2026-03-10" })).day).toBe("2026-04-18");
  });

  it("the annual-report rule is the bureaus': a lender keeps 30 days, and the page says why", () => {
    const due = dueDate(dispute({ recipient: "furnisher", afterAnnualReport: true }));
    expect(due.day).toBe("2026-04-03");
    expect(due.explanation).toContain("apply to the credit bureaus");
  });
});

describe("a received date that is unknown", () => {
  it("mail is taken to arrive 5 business days after it was sent, and the page says it was assumed", () => {
    // Sent Friday March 13, 2026: Mon 16 .. Fri 20.
    const received = receivedDay({ sentVia: "mail", sentOn: "2026-03-13", receivedOn: null });
    expect(received).toMatchObject({ day: "2026-03-20", assumed: true });
    expect(received.why).toContain("5 business days");
    expect(dueDate(dispute({ sentOn: "2026-03-13", receivedOn: null })).day).toBe("2026-04-18");
  });

  it("mail sent before Thanksgiving takes the holiday into account", () => {
    expect(receivedDay({ sentVia: "mail", sentOn: "2026-11-23", receivedOn: null }).day).toBe("2026-12-01");
  });

  it("online or by phone it is received the day it was sent", () => {
    expect(receivedDay({ sentVia: "online", sentOn: "2026-03-13", receivedOn: null })).toMatchObject({ day: "2026-03-13", assumed: true });
    expect(receivedDay({ sentVia: "phone", sentOn: "2026-03-13", receivedOn: null }).day).toBe("2026-03-13");
  });

  it("a known receipt date is used as recorded", () => {
    expect(receivedDay({ sentVia: "mail", sentOn: "2026-03-13", receivedOn: "2026-03-16" })).toMatchObject({
      day: "2026-03-16",
      assumed: false,
    });
  });
});

describe("the state on a given day", () => {
  const facts = dispute();
  it("waiting before the due date, answer due from it until the results must be sent, overdue after", () => {
    expect(disputeState(facts, "2026-03-05")).toBe("waiting");
    expect(disputeState(facts, "2026-04-02")).toBe("waiting");
    expect(disputeState(facts, "2026-04-03")).toBe("answer-due");
    expect(disputeState(facts, "2026-04-10")).toBe("answer-due");
    expect(disputeState(facts, "2026-04-11")).toBe("overdue");
  });

  it("answered once an answer is recorded, whatever the day", () => {
    expect(disputeState({ ...facts, answered: true }, "2026-05-01")).toBe("answered");
  });

  it("a lender is overdue the day after its due date", () => {
    expect(disputeState(dispute({ recipient: "furnisher" }), "2026-04-04")).toBe("overdue");
  });

  it("reminds on the due date and 5 business days later", () => {
    expect(reminderDays(facts)).toEqual({ due: "2026-04-03", followUp: "2026-04-10" });
  });
});
