import { zoneName } from "~/lib/dates";
import { formatCents } from "~/lib/site";

type Point = { day: string; revenueCents: number; leads: number };

const W = 640;
const H = 160;
const PAD = 4;

/**
 * Daily revenue (bars) and leads (line) as one small SVG, drawn on the server: no script, no
 * chart library. Each has its own scale; the numbers themselves are in the table beside it. The
 * days are the business's (`zone`), and the caption says so.
 */
export function DailyChart({ points, zone }: { points: Point[]; zone: string }) {
  const maxRevenue = Math.max(1, ...points.map((p) => p.revenueCents));
  const maxLeads = Math.max(1, ...points.map((p) => p.leads));
  const step = (W - PAD * 2) / Math.max(1, points.length);
  const y = (value: number, max: number) => H - PAD - (value / max) * (H - PAD * 2);
  const line = points.map((p, i) => `${(PAD + step * i + step / 2).toFixed(1)},${y(p.leads, maxLeads).toFixed(1)}`).join(" ");
  const total = points.reduce((n, p) => n + p.revenueCents, 0);
  const leads = points.reduce((n, p) => n + p.leads, 0);
  return (
    <figure className="mt-4">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Daily revenue and leads over ${points.length} days: ${formatCents(total)} and ${leads} leads in all`}
        className="h-40 w-full"
        preserveAspectRatio="none"
      >
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="#cbd5e1" strokeWidth="1" />
        {points.map((p, i) =>
          p.revenueCents > 0 ? (
            <rect
              key={p.day}
              x={PAD + step * i + step * 0.15}
              width={Math.max(1, step * 0.7)}
              y={y(p.revenueCents, maxRevenue)}
              height={H - PAD - y(p.revenueCents, maxRevenue)}
              fill="#047857"
            >
              <title>{`${p.day}: ${formatCents(p.revenueCents)}`}</title>
            </rect>
          ) : null,
        )}
        <polyline points={line} fill="none" stroke="#b45309" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-brand-700" /> Revenue per day (max{" "}
          {formatCents(maxRevenue === 1 ? 0 : maxRevenue)})
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-0.5 w-4 bg-amber-700" /> Leads per day (max{" "}
          {maxLeads === 1 && leads === 0 ? 0 : maxLeads})
        </span>
        <span>
          {points[0]?.day} to {points.at(-1)?.day}, days in {zoneName(zone)}
        </span>
      </figcaption>
    </figure>
  );
}
