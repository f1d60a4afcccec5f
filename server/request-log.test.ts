import { describe, expect, it } from "vitest";
import { newToken } from "../app/server/tokens.server.ts";
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

  it("redacts the guide link's token", () => {
    const { token } = newToken();
    expect(loggablePath(`/guide/${token}`)).toBe("/guide/:token");
    expect(loggablePath(`/%67uide/${token}?utm_source=mail`)).toBe("/guide/:token");
    expect(loggablePath("/guide/tok123")).toBe("/guide/:token");
  });

  it("redacts anything shaped like one of our tokens, wherever it is", () => {
    const { token } = newToken();
    for (const [path, logged] of [
      [`/somewhere/new/${token}`, "/somewhere/new/:token"],
      [`/${token}`, "/:token"],
      [`/a/${token}/b`, "/a/:token/b"],
      [`/files/${token}.pdf`, "/files/:token.pdf"],
      [`/x/${encodeURIComponent(`${token}"`)}`, '/x/:token"'],
      [`/orders/${token}/files/${token}`, "/orders/:token/files/:token"],
    ]) {
      expect(loggablePath(path)).toBe(logged);
      expect(loggablePath(path)).not.toContain(token);
    }
    // Every freshly minted token, not one lucky one.
    for (let i = 0; i < 200; i++) expect(loggablePath(`/unknown/${newToken().token}`)).toBe("/unknown/:token");
  });

  it("keeps ordinary paths as they are", () => {
    expect(loggablePath("/blog/dispute-credit-errors")).toBe("/blog/dispute-credit-errors");
    expect(loggablePath("/blog/understanding-credit-reports")).toBe("/blog/understanding-credit-reports");
    expect(loggablePath("/tools/debt-snowball-vs-avalanche-calculator")).toBe("/tools/debt-snowball-vs-avalanche-calculator");
    expect(loggablePath("/blog/budgeting-tips-that-work")).toBe("/blog/budgeting-tips-that-work");
    expect(loggablePath(undefined)).toBe("/");
  });
});
