/**
 * One way to build a dashboard form: Conform's useForm checking with the page's one Zod schema
 * (the same the action parses with) as the owner types, the server's answer (submission.reply())
 * shown on the form that posted, and each field's message beside it.
 */
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** A dashboard form under its schema; `last` is the action's reply when this form posted it. */
export function useDashboardForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: Schema,
  last: SubmissionResult<string[]> | undefined,
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: last,
    // Until React has hydrated, the browser's own checks (required, maxlength) stand in.
    defaultNoValidate: false,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/** A field's state from its form (Conform's field metadata has these). */
export type FieldState = { id: string; name: string; errorId: string; errors?: string[] };

/** The attributes tying a field to its message (read by screen readers with the field). */
export function fieldAria(state: FieldState | undefined) {
  return state?.errors?.length ? { "aria-invalid": true, "aria-describedby": state.errorId } : {};
}

/** A field's message from the form's schema, beside it (the same words the server gives). */
export function FieldMessage({ state }: { state: FieldState | undefined }) {
  if (!state?.errors?.length) return null;
  return (
    <p id={state.errorId} className="mt-1 text-sm font-bold text-red-800">
      {state.errors.join(" ")}
    </p>
  );
}
