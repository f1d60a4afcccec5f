import type { ReactNode } from "react";
import { Label } from "~/components/ui/label";

/** What ties a control to its label, hint and error: spread on the control. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * One labelled control: its label, an optional hint, the control, and its error beside it, the
 * hint and the error tied to the control by aria-describedby (a screen reader reads them with it).
 * Knows nothing of the form library: the caller gives the ids and the error.
 */
export function Field({
  id,
  label,
  hint,
  error,
  errorId = `${id}-error`,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  errorId?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
