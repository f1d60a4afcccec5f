import type { LabelHTMLAttributes } from "react";

/** A field's name above its control: `sm` in the dashboard's dense forms, `md` in the public ones. */
export function labelClass({ size = "sm", className = "" }: { size?: "sm" | "md"; className?: string } = {}): string {
  return `${size === "sm" ? "text-sm" : "block"} font-bold text-slate-900 ${className}`.trim();
}

/** A label with the site's look (`htmlFor` ties it to its control). */
export function Label({ size, className, ...props }: { size?: "sm" | "md" } & LabelHTMLAttributes<HTMLLabelElement>) {
  // The caller ties it to its control with htmlFor, which the rule cannot see through the spread.
  // eslint-disable-next-line jsx-a11y/label-has-associated-control
  return <label className={labelClass({ size, className })} {...props} />;
}
