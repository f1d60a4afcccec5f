import type { ReactNode } from "react";

/**
 * A region that may scroll (a wide table on a phone, a long schedule): named, and reachable and
 * scrollable by keyboard (WCAG 2.1.1; axe: scrollable-region-focusable).
 */
export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container takes focus to scroll by keyboard
      tabIndex={0}
      className={`focus-visible:outline-brand-700 ${className}`}
    >
      {children}
    </div>
  );
}
