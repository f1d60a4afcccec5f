/**
 * Reading a form submission as browsers and scripts send it (URL-encoded, multipart or JSON),
 * and answering it. Anything that is not a well-formed, small set of text fields is refused with
 * a 4xx and a plain message; nothing here ever throws to a 500.
 */
import { data } from "react-router";
import { sqlState } from "~/server/db.server";
import {
  checkForm,
  FORM_BODY_LIMIT_BYTES,
  type FormName,
  type FormOutcome,
  isBot,
  outcome,
  OUTCOME_STATUS_CODES,
  type Schema,
  typedValues,
} from "~/lib/forms";

export type BodyResult =
  { ok: true; fields: Record<string, unknown> } | { ok: false; httpStatus: 400 | 413 | 415; title: string; description: string };

const refuse = (httpStatus: 400 | 413 | 415, description: string, title = "Invalid Request"): BodyResult => ({
  ok: false,
  httpStatus,
  title,
  description,
});

const TOO_LARGE = () => refuse(413, `The form is too large: send at most ${FORM_BODY_LIMIT_BYTES / 1024} KB.`, "Request Too Large");

/** The body's bytes, refusing more than the limit even when no Content-Length announced them. */
async function readBytes(request: Request, limit: number): Promise<Uint8Array | "too-large" | "unreadable"> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return "too-large";
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Stop reading, but don't cancel: cancelling destroys the connection before the 413 is sent.
        reader.releaseLock();
        return "too-large";
      }
      chunks.push(value);
    }
  } catch {
    return "unreadable";
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Strict application/x-www-form-urlencoded: bad percent-escapes are refused, not guessed at. */
function parseUrlEncoded(text: string): Record<string, string> | string {
  const fields: Record<string, string> = {};
  if (text === "") return fields;
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const eq = pair.indexOf("=");
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? "" : pair.slice(eq + 1);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replaceAll("+", " "));
      value = decodeURIComponent(rawValue.replaceAll("+", " "));
    } catch {
      return "The form data is not correctly URL-encoded.";
    }
    if (Object.hasOwn(fields, key)) return `The field ${JSON.stringify(key.slice(0, 60))} was sent more than once.`;
    fields[key] = value;
  }
  return fields;
}

/**
 * Read and decode a submission. Scripts may send JSON; browsers send URL-encoded or multipart
 * form data. Every value must be text, and each field may appear once.
 */
export async function readFormBody(request: Request): Promise<BodyResult> {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  const mediaType = contentType.split(";")[0]!.trim();
  const kinds = ["application/x-www-form-urlencoded", "multipart/form-data", "application/json"];
  if (!kinds.includes(mediaType)) {
    return refuse(
      415,
      "Send the form as application/x-www-form-urlencoded, multipart/form-data or application/json.",
      "Unsupported Format",
    );
  }

  const bytes = await readBytes(request, FORM_BODY_LIMIT_BYTES);
  if (bytes === "too-large") return TOO_LARGE();
  if (bytes === "unreadable") return refuse(400, "The request body could not be read.");

  if (mediaType === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(bytes as BodyInit, { headers: { "content-type": contentType } }).formData();
    } catch {
      return refuse(400, "The multipart form data is malformed.");
    }
    const fields: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value !== "string") return refuse(400, "Files are not accepted by this form.");
      if (Object.hasOwn(fields, key)) return refuse(400, `The field ${JSON.stringify(key.slice(0, 60))} was sent more than once.`);
      fields[key] = value;
    }
    return { ok: true, fields };
  }

  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return refuse(400, "The request body is not valid UTF-8 text.");
  }

  if (mediaType === "application/json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return refuse(400, "The request body is not valid JSON.");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      return refuse(400, "Send the form fields as a JSON object.");
    }
    return { ok: true, fields: parsed as Record<string, unknown> };
  }

  const fields = parseUrlEncoded(text);
  if (typeof fields === "string") return refuse(400, fields);
  return { ok: true, fields };
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
export function unreadableBody(form: FormName, body: Extract<BodyResult, { ok: false }>) {
  const result: FormOutcome = { form, status: "rejected", title: body.title, description: body.description };
  return data(result, { status: body.httpStatus });
}

/**
 * Scripts that ask for JSON get the action's outcome as JSON instead of a rendered page. Called
 * by the document renderer (app/entry.server.tsx) for POSTs that prefer JSON.
 */
export function jsonActionAnswer(
  request: Request,
  statusCode: number,
  responseHeaders: Headers,
  actionData: Record<string, unknown> | null | undefined,
): Response | undefined {
  if (request.method === "GET" || request.method === "HEAD" || !prefersJson(request)) return undefined;
  const answer = actionData ? Object.values(actionData)[0] : NO_FORM_HERE[statusCode];
  if (answer === undefined) return undefined;
  const headers = new Headers(responseHeaders);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  if (statusCode === 503 && !headers.has("Retry-After")) headers.set("Retry-After", "30");
  return new Response(JSON.stringify(answer), { status: statusCode, headers });
}

/** A POST to an address with no form (an unknown article, a page without an action). */
const NO_FORM_HERE: Record<number, { status: "rejected"; title: string; description: string }> = {
  404: { status: "rejected", title: "Not Found", description: "There is no form at this address." },
  405: { status: "rejected", title: "Method Not Allowed", description: "This page does not accept form submissions." },
};

/** A client that asked for JSON, or sent JSON without asking for a page. */
export function prefersJson(request: Request): boolean {
  const accept = (request.headers.get("accept") ?? "").toLowerCase();
  if (accept.includes("text/html")) return false;
  if (accept.includes("application/json")) return true;
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json");
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
    console.error(`Could not store ${what}: ${cause ?? (error as Error).message ?? error}`);
    return "unavailable";
  }
}

/**
 * The one pipeline of every public form: read the body, answer a bot as if it worked, check the
 * form's schema, then `handle` the checked data (store it, or refuse with an outcome of its own),
 * and answer in the visitor's words, with the typed values kept on a failure.
 */
export async function submitPublicForm<T>(
  request: Request,
  form: FormName,
  schema: Schema<T>,
  handle: (data: T) => Promise<StoreResult | FormOutcome>,
) {
  const body = await readFormBody(request);
  if (!body.ok) return unreadableBody(form, body);
  if (isBot(body.fields)) return formResponse(outcome(form, "success"));
  const checked = checkForm(form, schema, body.fields);
  if (!checked.ok) return formResponse(checked.outcome);
  const result = await handle(checked.data);
  if (typeof result === "object") return formResponse(result);
  return formResponse(failedKeepsValues(outcome(form, result === "created" ? "success" : result), typedValues(body.fields) ?? {}));
}
