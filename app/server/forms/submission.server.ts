/**
 * Reading a form submission as browsers and scripts send it (URL-encoded, multipart or JSON),
 * with the platform's parsers (Request.formData(), Request.json()), then Conform's reading with
 * the form's schema (`parseSubmissionBody`, ~/lib/forms/public.ts, which the browser runs too), and
 * answering it. Anything that is not a well-formed, small set of text fields is refused with a
 * 4xx and a plain message; nothing here ever throws to a 500. The size of the body is limited
 * once, before any route runs (server/protections.ts: 16 KB, with a Content-Length).
 */
import { data } from "react-router";
import { z } from "zod";
import { sqlState } from "~/server/db.server";
import {
  failureOutcome,
  type FormName,
  type FormOutcome,
  HONEYPOT_FIELD,
  isBot,
  outcome,
  OUTCOME_STATUS_CODES,
  type Parsed,
  parseSubmissionBody,
  typedValues,
} from "~/lib/forms/public";
import { log } from "~/server/log.server";

/** Why a body could not be read, before any schema saw it. */
export type Unreadable = { httpStatus: 400 | 415; title: string; description: string };

const refuse = (httpStatus: 400 | 415, description: string, title = "Invalid Request") => ({
  unreadable: { httpStatus, title, description },
});

const KINDS = ["application/x-www-form-urlencoded", "multipart/form-data", "application/json"];

/**
 * What the platform's decoders put in place of bytes that are not UTF-8 (or, in a URL-encoded
 * body, of a %-escape that decodes to none): a form a person filled in never holds it.
 */
const REPLACEMENT_CHARACTER = "\uFFFD";

/**
 * Read and decode a body. Scripts may send JSON (an object); browsers send URL-encoded or
 * multipart form data, where every value must be text and each field may appear once. All text
 * must be UTF-8.
 */
async function readBody(request: Request): Promise<{ body: FormData | Record<string, unknown> } | { unreadable: Unreadable }> {
  const mediaType = (request.headers.get("content-type") ?? "").toLowerCase().split(";")[0]!.trim();
  if (!KINDS.includes(mediaType)) {
    return refuse(
      415,
      "Send the form as application/x-www-form-urlencoded, multipart/form-data or application/json.",
      "Unsupported Format",
    );
  }

  if (mediaType === "application/json") {
    let json: unknown;
    try {
      json = await request.json();
    } catch {
      return refuse(400, "The request body is not valid JSON.");
    }
    if (!json || typeof json !== "object" || Array.isArray(json)) {
      const received = json === null ? "null" : Array.isArray(json) ? "array" : typeof json;
      return refuse(400, `Send the form fields as a JSON object (expected object, received ${received}).`);
    }
    const texts = Object.entries(json).flatMap(([key, value]) => (typeof value === "string" ? [key, value] : [key]));
    return texts.some((text) => text.includes(REPLACEMENT_CHARACTER)) ? notUtf8() : { body: json as Record<string, unknown> };
  }

  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(400, mediaType === "multipart/form-data" ? "The multipart form data is malformed." : "The form data is malformed.");
  }
  const seen = new Set<string>();
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") return refuse(400, "Files are not accepted by this form.");
    if (seen.has(key)) return refuse(400, `The field ${JSON.stringify(key.slice(0, 60))} was sent more than once.`);
    seen.add(key);
    if (key.includes(REPLACEMENT_CHARACTER) || value.includes(REPLACEMENT_CHARACTER)) return notUtf8();
  }
  return { body: form };
}

const notUtf8 = () => refuse(400, "The form data is not valid UTF-8 text (or not correctly URL-encoded).");

/** What `parseSubmission` gives an action. */
export type Submission<T> =
  (Parsed<T> & { unreadable?: undefined }) | { ok: false; unreadable: Unreadable; payload?: undefined; error?: undefined };

/**
 * The one way an action reads its request: the body (refused when it is not a small set of text
 * fields, or a JSON object), then the form's schema. Either `unreadable`, or Conform's result:
 * the typed value, or each field's issues, with what was sent (`payload`: the honeypot, the
 * typed text to show again).
 */
export async function parseSubmission<S extends z.ZodType>(request: Request, schema: S): Promise<Submission<z.output<S>>> {
  const read = await readBody(request);
  if ("unreadable" in read) return { ok: false, unreadable: read.unreadable };
  try {
    return parseSubmissionBody(read.body, schema);
  } catch {
    // Conform keeps two field names for itself (__intent__, __state__) and throws on what it cannot read there.
    return {
      ok: false,
      unreadable: { httpStatus: 400, title: "Invalid Request", description: "This form could not be read. Please try again." },
    };
  }
}

/** An outcome as the action's answer, with the status code that goes with it. */
export function formResponse(result: FormOutcome) {
  const headers: HeadersInit = result.status === "unavailable" ? { "Retry-After": "30" } : {};
  return data(result, { status: OUTCOME_STATUS_CODES[result.status], headers });
}

/** On a failure the page rendered without JavaScript shows the typed text again. */
export function failedKeepsValues(result: FormOutcome, values: Record<string, string>): FormOutcome {
  return result.status === "success" ? result : { ...result, values };
}

/** A body that could not be read, as an outcome the form can show. */
export function unreadableBody(form: FormName, body: Unreadable) {
  const result: FormOutcome = { form, status: "rejected", title: body.title, description: body.description };
  return data(result, { status: body.httpStatus });
}

/** What a form's action answers: its outcome, with the status (and Retry-After) that go with it. */
type FormAnswer = ReturnType<typeof formResponse>;

/**
 * A form's answer for a script (the resource routes under api/forms/, decision 068): the outcome
 * its page's action gives, as JSON with the same status and headers, never stored by a cache. An
 * address with no form (the action throws a 404: an unknown article) says so.
 */
export async function formJson(answer: Promise<FormAnswer | Response>): Promise<Response> {
  try {
    const answered = await answer;
    // A handler's own answer (a redirect) goes as it is.
    if (answered instanceof Response) return answered;
    const { data: result, init } = answered;
    const headers = new Headers(init?.headers);
    headers.set("Cache-Control", "no-store");
    return Response.json(result, { status: init?.status ?? 200, headers });
  } catch (thrown) {
    if ((thrown as { init?: ResponseInit | null } | null)?.init?.status !== 404) throw thrown;
    const noForm = { status: "rejected", title: "Not Found", description: "There is no form at this address." };
    return Response.json(noForm, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
}

/** A GET to a form's address for scripts, which takes only POSTs (React Router would log it as an error). */
export function formJsonNotGet(): Response {
  const refusal = { status: "rejected", title: "Method Not Allowed", description: "Post the form's fields to this address." };
  return Response.json(refusal, { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}

export type StoreResult = "created" | "duplicate" | "unavailable";

/**
 * Run an `INSERT ... ON CONFLICT DO NOTHING RETURNING id`: no row back means the unique rule
 * already holds that value. A unique violation (SQLSTATE 23505) that still escapes means the
 * same; any other database failure is "unavailable" (logged without the visitor's data).
 */
export async function storeOnce(what: string, insert: () => Promise<readonly unknown[]>): Promise<StoreResult> {
  try {
    const rows = await insert();
    return rows.length > 0 ? "created" : "duplicate";
  } catch (error) {
    if (sqlState(error) === "23505") return "duplicate";
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    log.error(`Could not store ${what}: ${cause ?? (error as Error).message ?? error}`);
    return "unavailable";
  }
}

/**
 * The one pipeline of every public form: parse the body, answer a bot as if it worked (a form
 * whose schema has the hidden field), check the form's schema, then `handle` the checked data
 * (store it, refuse with an outcome of its own, or answer itself: the checkout's redirect), and
 * answer in the visitor's words, with the typed values kept on a failure.
 */
export async function submitPublicForm<S extends z.ZodType>(
  request: Request,
  form: FormName,
  schema: S,
  handle: (data: z.output<S>) => Promise<StoreResult | FormOutcome | Response>,
  /** The success answer when it says more than the form's usual one (the lead form names its guide); a bot gets the same. */
  success: FormOutcome = outcome(form, "success"),
) {
  const submission = await parseSubmission(request, schema);
  if (submission.unreadable) return unreadableBody(form, submission.unreadable);
  const trapped = schema instanceof z.ZodObject && HONEYPOT_FIELD in schema.shape;
  if (trapped && isBot(submission.payload)) return formResponse(success);
  if (!submission.ok) return formResponse(failureOutcome(form, submission.error, submission.payload));
  const result = await handle(submission.value);
  if (result instanceof Response) return result;
  if (typeof result === "object") return formResponse(result);
  return formResponse(result === "created" ? success : failedKeepsValues(outcome(form, result), typedValues(submission.payload) ?? {}));
}
