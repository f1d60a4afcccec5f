/**
 * What a dashboard action answers, in one shape for every page (issue 52): a post it did not
 * redirect comes back as the form that posted and Conform's reply, which that form shows beside
 * itself (a page has several forms; each shows only its own answer). A post that worked redirects
 * with a notice instead (app/server/admin/dashboard-route.server.ts).
 */
import type { SubmissionResult } from "@conform-to/react";

export type DashboardAnswer = { form: string; result: SubmissionResult<string[]> };

/** What `run` of a dashboard action says happened. */
export type DashboardOutcome =
  /** It worked: `done` is the notice shown on `to` (the page that posted, without its query, unless said). */
  | { done: string; to?: string }
  /** It worked, and `go` is a page that says so itself (an article's ?saved=). */
  | { go: string }
  /** Nothing changed, for this reason, said on the form with `status` (a 4xx, or 503); `fieldErrors` beside its fields. */
  | { refused: string; status: number; fieldErrors?: Record<string, string[]> };
