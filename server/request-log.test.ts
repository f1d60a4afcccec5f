import { describe, expect, it } from "vitest";
import { loggablePath } from "./request-log";

describe("loggablePath", () => {
  it("never keeps a query string: a tool page's inputs stay out of the log", () => {
    expect(loggablePath("/tools/budget?income=4200&rent=1500")).toBe("/tools/budget");
    expect(loggablePath("/contact?email=ann%40example.com#x")).toBe("/contact");
  });

  it("replaces the tokens of secret links", () => {
    expect(loggablePath("/orders/AbCdEf0123456789xyz/files/workbook")).toBe("/orders/:token/files/workbook");
    expect(loggablePath("/newsletter/confirm/tok123")).toBe("/newsletter/confirm/:token");
    expect(loggablePath("/unsubscribe/tok123?x=1")).toBe("/unsubscribe/:token");
    expect(loggablePath("/orders/lookup")).toBe("/orders/lookup");
  });

  it("redacts a token however the path to it is spelled (percent-encoding, doubled slashes, dot segments, backslashes)", () => {
    const token = "AbCdEf0123456789xyz";
    for (const spelling of [
      `/%6Frders/${token}/files/workbook`,
      `/%6f%72%64%65%72%73/${token}/files/workbook`,
      `//orders/${token}/files/workbook`,
      `/x/../orders/${token}/files/workbook`,
      `/x\\..\\orders/${token}/files/workbook`,
      `/orders%2F${token}/files/workbook`,
    ]) {
      const logged = loggablePath(spelling);
      expect(logged).not.toContain(token);
      expect(logged).toBe("/orders/:token/files/workbook");
    }
    expect(loggablePath(`/unsubscribe%2F${token}`)).toBe("/unsubscribe/:token");
    expect(loggablePath(`/newsletter/%63onfirm/${token}`)).toBe("/newsletter/confirm/:token");
  });

  it("keeps ordinary paths as they are", () => {
    expect(loggablePath("/blog/budgeting-tips-that-work")).toBe("/blog/budgeting-tips-that-work");
    expect(loggablePath(undefined)).toBe("/");
  });
});
