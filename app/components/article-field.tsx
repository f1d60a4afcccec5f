import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "~/components/ui/field";

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
  const error = meta.errors?.[0];
  return (
    <Field id={meta.id} label={label} hint={hint} error={error} errorId={meta.errorId}>
      {(control) =>
        children({ ...control, name: meta.name, defaultValue: typeof meta.initialValue === "string" ? meta.initialValue : undefined })
      }
    </Field>
  );
}
