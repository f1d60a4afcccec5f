import { useId } from "react";

export type ChartSeries = { name: string; values: number[]; dashed?: boolean };

// Small user units, so the labels stay readable on a phone; the figure is capped in width on wide screens.
const WIDTH = 480;
const HEIGHT = 270;
const MARGIN = { top: 12, right: 16, bottom: 36, left: 76 };
const FONT = 14;
/** Series told apart by colour and by line style (never by colour alone), named in the legend. */
const STROKES = ["#047857", "#1d4ed8"];

/**
 * A line chart in SVG, drawn by the page (no chart library): a title and a description for
 * screen readers, the series named in a legend, solid and dashed lines. The page shows the same
 * points as a table next to it.
 */
export function LineChart({
  title,
  description,
  labels,
  series,
  format,
}: {
  title: string;
  description: string;
  /** One label per point (the x axis): the first and the last are printed. */
  labels: string[];
  series: ChartSeries[];
  format: (value: number) => string;
}) {
  const id = useId();
  const step = niceStep(Math.max(1, ...series.flatMap((s) => s.values)) / 4);
  const max = step * 4;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (i: number) => MARGIN.left + (labels.length > 1 ? (i / (labels.length - 1)) * plotW : plotW / 2);
  const y = (v: number) => MARGIN.top + plotH - (v / max) * plotH;
  const ticks = [0, 1, 2, 3, 4].map((t) => t * step);
  const stroke = (k: number) => STROKES[k % STROKES.length];
  return (
    <figure className="rounded-xl border border-slate-200 bg-white p-3">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full max-w-xl">
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={MARGIN.left - 8} y={y(t)} textAnchor="end" dominantBaseline="middle" fontSize={FONT} fill="#475569">
              {format(t)}
            </text>
          </g>
        ))}
        <text x={MARGIN.left} y={HEIGHT - 10} fontSize={FONT} fill="#475569">
          {labels[0]}
        </text>
        <text x={WIDTH - MARGIN.right} y={HEIGHT - 10} textAnchor="end" fontSize={FONT} fill="#475569">
          {labels.at(-1)}
        </text>
        {series.map((s, k) => (
          <polyline
            key={s.name}
            points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ")}
            fill="none"
            stroke={stroke(k)}
            strokeWidth="3"
            strokeDasharray={s.dashed ? "8 6" : undefined}
            strokeLinejoin="round"
          />
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        {series.map((s, k) => (
          <span key={s.name} className="inline-flex items-center gap-2">
            <svg aria-hidden="true" width="32" height="8" viewBox="0 0 32 8">
              <line x1="0" x2="32" y1="4" y2="4" stroke={stroke(k)} strokeWidth="3" strokeDasharray={s.dashed ? "8 6" : undefined} />
            </svg>
            {s.name} ({s.dashed ? "dashed" : "solid"} line)
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) at least `raw`: axis lines at round amounts. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  return ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
}
