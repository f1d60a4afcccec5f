import { env } from "../env.server";
import { log } from "~/server/log.server";

/**
 * A line for a missing page while developing. In production the request log (server/request-log.ts)
 * already has the 404 as JSON, and a plain line beside it would break the log's one-JSON-per-line shape.
 */
export function warnNotFound(request: Request): void {
  if (env().NODE_ENV !== "production") log.warn(`404: ${new URL(request.url).pathname}`);
}
