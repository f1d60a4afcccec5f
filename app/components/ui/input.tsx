import type { InputHTMLAttributes } from "react";

/**
 * The site's text inputs, selects and textareas, in two sizes: `md` for the dashboard's and the
 * calculators' compact forms, `lg` for the public forms a reader fills on a phone (larger type and
 * touch target). A field the browser or the server found wrong (aria-invalid) gets a red border.
 */
const base =
  "rounded-lg border border-slate-400 bg-white text-slate-900 focus-visible:outline-3 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-700";

const sizes = {
  md: "px-3 py-2",
  lg: "px-4 py-3 text-base placeholder:text-slate-500 focus-visible:outline-offset-1 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700",
} as const;

export type InputSize = keyof typeof sizes;

/** Class names for a control: `block` (the default) sets it on its own line below its label, `full` as wide as its column. */
export function inputClass({
  size = "md",
  block = true,
  full = true,
  className = "",
}: { size?: InputSize; block?: boolean; full?: boolean; className?: string } = {}): string {
  return `${block ? "mt-1 block" : ""} ${full ? "w-full" : ""} ${base} ${sizes[size]} ${className}`.replace(/\s+/g, " ").trim();
}

/** A text input with the site's look. */
export function Input({
  size,
  block,
  full,
  className,
  ...props
}: { size?: InputSize; block?: boolean; full?: boolean } & InputHTMLAttributes<HTMLInputElement>) {
  return <input className={inputClass({ size, block, full, className })} {...props} />;
}
