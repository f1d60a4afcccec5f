import { describe, expect, it } from "vitest";
import { NewsletterSchema } from "~/lib/forms/public";
import { jsonActionAnswer, parseSubmission, prefersJson } from "~/server/forms/submission.server";

const req = (headers: Record<string, string>, method = "POST") => new Request("http://localhost/contact", { method, headers });

describe("answering scripts in JSON", () => {
  it.each([
    [{ accept: "application/json" }, true],
    [{ "content-type": "application/json" }, true],
    [{ "content-type": "application/json", accept: "*/*" }, true],
    [{ accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" }, false],
    [{ "content-type": "application/x-www-form-urlencoded" }, false],
    [{ "content-type": "application/json", accept: "text/html" }, false],
  ])("%j prefers JSON: %s", (headers, expected) => {
    expect(prefersJson(req(headers))).toBe(expected);
  });

  it("turns the action's outcome into JSON with the action's status", async () => {
    const outcome = { form: "contact", status: "unavailable", title: "Oops!", description: "Something went wrong. Please try again." };
    const res = jsonActionAnswer(req({ accept: "application/json" }), 503, new Headers(), { "routes/contact": outcome });
    expect(res?.status).toBe(503);
    expect(res?.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res?.headers.get("retry-after")).toBe("30");
    expect(await res?.json()).toEqual(outcome);
  });

  it("leaves pages, GETs and other failures to the renderer", () => {
    expect(jsonActionAnswer(req({ accept: "text/html" }), 200, new Headers(), { "routes/contact": {} })).toBeUndefined();
    expect(jsonActionAnswer(req({ accept: "application/json" }, "GET"), 200, new Headers(), { x: {} })).toBeUndefined();
    expect(jsonActionAnswer(req({ accept: "application/json" }), 500, new Headers(), null)).toBeUndefined();
  });

  it("tells a script there is no form at an unknown address (404) or on a page without one (405)", async () => {
    const notFound = jsonActionAnswer(req({ accept: "application/json" }), 404, new Headers(), null);
    expect(notFound?.status).toBe(404);
    expect(await notFound?.json()).toMatchObject({ title: "Not Found", description: "There is no form at this address." });
    expect(jsonActionAnswer(req({ accept: "application/json" }), 405, new Headers(), undefined)?.status).toBe(405);
  });
});

describe("parseSubmission", () => {
  const post = (body: string, contentType = "application/x-www-form-urlencoded") =>
    new Request("http://localhost/blog", { method: "POST", headers: { "content-type": contentType }, body });

  it("gives the checked value and what was sent", async () => {
    const submission = await parseSubmission(post("email=+Ann%40Example.com&website="), NewsletterSchema);
    expect(submission).toMatchObject({
      ok: true,
      value: { email: "ann@example.com" },
      payload: { email: " Ann@Example.com", website: "" },
    });
  });

  it("refuses the field names Conform keeps for itself instead of throwing", async () => {
    for (const body of [
      "email=a%40b.co&__intent__=%7Bnot+json",
      "email=a%40b.co&__intent__=validate%2Femail",
      "email=a%40b.co&__state__=%7B",
    ]) {
      const submission = await parseSubmission(post(body), NewsletterSchema);
      expect(submission.unreadable).toMatchObject({ httpStatus: 400, description: "This form could not be read. Please try again." });
    }
  });

  it("names what a JSON body was instead of an object", async () => {
    const submission = await parseSubmission(post("[1]", "application/json"), NewsletterSchema);
    expect(submission.unreadable).toEqual({
      httpStatus: 400,
      title: "Invalid Request",
      description: "Send the form fields as a JSON object (expected object, received array).",
    });
  });
});
