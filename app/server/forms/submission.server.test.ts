import { describe, expect, it } from "vitest";
import { data } from "react-router";
import { type FormOutcome, NewsletterSchema } from "~/lib/forms/public";
import { formJson, formResponse, parseSubmission } from "~/server/forms/submission.server";

describe("answering scripts in JSON (formJson)", () => {
  it("turns the action's outcome into JSON with the action's status and headers, never stored", async () => {
    const outcome: FormOutcome = {
      form: "contact",
      status: "unavailable",
      title: "Oops!",
      description: "Something went wrong. Please try again.",
    };
    const res = await formJson(Promise.resolve(formResponse(outcome)));
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(res.headers.get("retry-after")).toBe("30");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual(outcome);
  });

  it("tells a script there is no form at an unknown address (the action's 404), and lets other throws through", async () => {
    const notFound = await formJson(Promise.reject(data(null, { status: 404 })));
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ status: "rejected", title: "Not Found", description: "There is no form at this address." });
    await expect(formJson(Promise.reject(new Error("database")))).rejects.toThrow("database");
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
