import type { ReactNode } from "react";
import { fieldErrorId } from "~/lib/tools/query";
import { inputClass } from "~/components/ui/input";

/**
 * One field of a calculator's GET form. Its message slot is always there (empty when there is no
 * message), so the page script can refresh it while the visitor types (data-live-slot).
 */
export function ToolField({
  id,
  name,
  label,
  value,
  error,
  prefix,
  suffix,
  hint,
  kind = "number",
  type,
  focusOnLoad,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  prefix?: string;
  suffix?: string;
  hint?: ReactNode;
  kind?: "number" | "text";
  type?: "month";
  /** Focused after the page loads (the row "Add another" just added). */
  focusOnLoad?: boolean;
}) {
  const errorId = fieldErrorId(id);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-bold text-slate-900">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <div className="relative mt-1">
        {prefix && (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
            {prefix}
          </span>
        )}
        <input
          id={id}
          name={name}
          type={type ?? "text"}
          inputMode={kind === "number" ? "decimal" : undefined}
          autoComplete="off"
          defaultValue={value}
          maxLength={kind === "number" ? 40 : 60}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
          data-autofocus={focusOnLoad ? "" : undefined}
          className={inputClass({ block: false, className: `block ${prefix ? "pl-7" : ""} ${suffix ? "pr-8" : ""}` })}
        />
        {suffix && (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-600">
            {suffix}
          </span>
        )}
      </div>
      <p id={errorId} data-live-slot="" className="mt-1 text-sm text-red-800 empty:hidden">
        {error}
      </p>
    </div>
  );
}

/** The props of a form's single (not repeated) fields: `field("pay")` gives its id, name, value as typed and message. */
export function singleFields<K extends string>(values: Record<K, string>, errors: Record<string, string>) {
  return (name: K) => ({ id: name, name, value: values[name], error: errors[name] });
}
