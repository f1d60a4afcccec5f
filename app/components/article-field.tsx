import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

export const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-700";

/** What ties a control to its label, hint and error: spread on the control (no `key`: React wants it apart). */
export type ControlProps = {
  id: string;
  name: string;
  defaultValue: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * One field of the article form: its label, an optional hint, the control, and the field's first
 * error beside it, tied to the control by aria-describedby (Conform's ids, so the error the
 * browser finds and the one the server answers land in the same place).
 */
export function ArticleField({
  meta,
  label,
  hint,
  children,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  hint?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const error = meta.errors?.[0];
  const describedBy = [hintId, error ? meta.errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={meta.id} className="text-sm font-bold text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children({
        id: meta.id,
        name: meta.name,
        defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {error ? (
        <p id={meta.errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
