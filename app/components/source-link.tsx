import type { ReactNode } from "react";

/** A link to a primary source (CFPB, FTC, myFICO...): a new tab, no referrer, and it says so to screen readers. */
export function SourceLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="font-bold text-brand-800 underline underline-offset-2">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
