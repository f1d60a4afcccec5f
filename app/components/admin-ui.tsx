import { createContext, useContext, type ReactNode } from "react";
import { Link } from "react-router";
import { DashboardShell } from "~/components/dashboard-shell";
import { formatZonedDateTime } from "~/lib/dates";
import { ScrollRegion } from "~/components/ui/scroll-region";

/**
 * The business's time zone (BUSINESS_TIME_ZONE) for a dashboard page's dates and date-time
 * fields. The layout's loader reads it and AdminFrame provides it; the pages are rendered on the
 * server and in the browser with the same zone, so a date reads the same before and after hydration.
 */
export const TimeZoneContext = createContext<string | null>(null);

/** The zone to write a dashboard date in: formatWhen(at, useTimeZone()). */
export function useTimeZone(): string {
  const zone = useContext(TimeZoneContext);
  if (!zone) throw new Error("useTimeZone() needs the dashboard's AdminFrame (or a TimeZoneContext) around the page");
  return zone;
}

/** The dashboard's frame (components/dashboard-shell.tsx) around a logged-in page, with the business's time zone. */
export function AdminFrame({ children, timeZone }: { children: ReactNode; timeZone: string }) {
  return (
    <DashboardShell loggedIn>
      <TimeZoneContext value={timeZone}>{children}</TimeZoneContext>
    </DashboardShell>
  );
}

export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h1 className="min-w-0 text-2xl font-bold tracking-tight [overflow-wrap:anywhere] text-slate-900 sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

export function Panel({ title, children, id }: { title?: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={title ? id : undefined} className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {title ? (
        <h2 id={id} className="text-lg font-bold text-slate-900">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

/** A result of an action, said where the owner looks. */
export function Notice({ ok, children }: { ok: boolean; children: ReactNode }) {
  return (
    <p
      role={ok ? "status" : "alert"}
      className={`mt-4 rounded-lg border p-3 text-sm ${ok ? "border-brand-300 bg-brand-50 text-brand-900" : "border-red-300 bg-red-50 text-red-800"}`}
    >
      {children}
    </p>
  );
}

/** A column heading; `numeric` right-aligns it (and its cells use `num`); `hidden` is for screen readers only. */
export type Column = string | { label: string; numeric?: boolean; hidden?: boolean };

/** A table under its column headings; a wide one scrolls sideways on a phone instead of overflowing the page. */
export function DataTable({
  label,
  columns,
  narrow = false,
  children,
}: {
  label: string;
  columns: readonly Column[];
  /** Few columns: fit a phone's width instead of scrolling. */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    // relative: a screen-reader-only heading (absolutely placed) stays inside the scrolling box instead of widening the page.
    <ScrollRegion label={label} className="relative mt-4 overflow-x-auto focus-visible:outline-3">
      <table className={`w-full border-collapse text-left text-sm ${narrow ? "" : "min-w-[36rem]"}`}>
        <thead>
          <tr>
            {columns.map((column) => {
              const c = typeof column === "string" ? { label: column } : column;
              return (
                <th key={c.label} scope="col" className={`${th} ${c.numeric ? "text-right" : ""}`}>
                  {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

const th = "border-b-2 border-slate-200 px-2 py-2 font-bold text-slate-900";
export const td = "border-b border-slate-100 px-2 py-2 align-top text-slate-800";
/** A numeric cell. */
export const num = `${td} text-right tabular-nums`;
/** The row's heading cell. */
export const rowHead = `${td} font-normal`;

/** Newer / older links; `query` keeps the page's other parameters (a search) on them. */
export function Pager({ page, pages, path, query = {} }: { page: number; pages: number; path: string; query?: Record<string, string> }) {
  if (pages <= 1) return null;
  const to = (n: number) => `${path}?${new URLSearchParams({ ...query, page: String(n) })}`;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className="font-bold text-brand-800 underline underline-offset-2">
          Newer
        </Link>
      ) : null}
      <span className="text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} className="font-bold text-brand-800 underline underline-offset-2">
          Older
        </Link>
      ) : null}
    </nav>
  );
}

const TONES: Record<string, string> = {
  paid: "bg-brand-100 text-brand-900",
  approved: "bg-brand-100 text-brand-900",
  sent: "bg-brand-100 text-brand-900",
  confirmed: "bg-brand-100 text-brand-900",
  refunded: "bg-slate-200 text-slate-900",
  disputed: "bg-red-100 text-red-900",
  failed: "bg-red-100 text-red-900",
  pending: "bg-accent-100 text-slate-900",
};

/** A status badge's classes (a page script that changes a badge's status takes them from the server). */
export function statusBadgeClass(status: string): string {
  return `inline-block rounded-full px-2 py-0.5 text-xs font-bold ${TONES[status] ?? "bg-slate-100 text-slate-900"}`;
}

export function StatusBadge({ status, ...data }: { status: string } & Record<`data-${string}`, string>) {
  return (
    <span className={statusBadgeClass(status)} {...data}>
      {status}
    </span>
  );
}

/**
 * "Nov 23, 2026, 12:05 PM EST": every moment in the dashboard, in the business's time zone with
 * the zone named, as the e-mails write it (app/lib/dates.ts; the zone: useTimeZone() in the
 * dashboard's layout).
 */
export function formatWhen(at: Date | string | null, zone: string): string {
  return at ? formatZonedDateTime(at, zone) : "-";
}

export function WindowChooser({ days, path }: { days: number; path: string }) {
  return (
    <nav aria-label="Period" className="flex gap-2 text-sm">
      {[7, 30, 90].map((d) => (
        <Link
          key={d}
          to={`${path}?days=${d}`}
          aria-current={d === days ? "page" : undefined}
          className={`rounded-lg border px-3 py-1.5 font-bold ${d === days ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800"}`}
        >
          {d} days
        </Link>
      ))}
    </nav>
  );
}
