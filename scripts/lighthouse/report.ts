/** The table `npm run lighthouse` prints, and reports/lighthouse.json. */
import { BUDGETS, type Kind } from "./budgets.ts";

export type RouteResult = {
  route: string;
  kind: Kind;
  status: "pass" | "fail";
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsGzipKb: number;
  /** Audits failed on purpose (see Exception), with the reason. */
  excused: string[];
  scripts: { url: string; gzipBytes: number }[];
  runs: { performance: number; lcpMs: number; cls: number; tbtMs: number }[];
  failures: string[];
};

export function printTable(results: RouteResult[]) {
  const header = ["route", "kind", "perf", "a11y", "bp", "seo", "LCP s", "CLS", "TBT ms", "JS gz KB", "result"];
  const rows = results.map((r) => [
    r.route,
    { prerendered: "pre", page: "page", article: "art", "server-rendered": "ssr", tool: "tool" }[r.kind],
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    (r.lcpMs / 1000).toFixed(2),
    r.cls.toFixed(3),
    String(r.tbtMs),
    r.jsGzipKb.toFixed(1),
    r.status === "pass" ? "pass" : "FAIL",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log();
  const budgets = Object.entries(BUDGETS).map(
    ([kind, b]) =>
      `${kind} perf>=${b.perf} LCP<=${b.lcpMs / 1000}s${b.quietLcpMs ? ` (quiet ${b.quietLcpMs / 1000}s)` : ""} TBT<=${b.tbtMs}ms JS<=${b.jsKb}KB`,
  );
  console.log(`Budgets: ${budgets.join("; ")}; all: a11y/bp/seo 100, CLS<=0.01`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

/** Before (an earlier run's routes) and after, for the routes both measured. */
export function printComparison(before: RouteResult[], after: RouteResult[]) {
  console.log("\nBefore -> after (LIGHTHOUSE_BASELINE):");
  console.log("| route | perf | LCP s | TBT ms | JS gz KB |");
  console.log("|---|---:|---:|---:|---:|");
  for (const now of after) {
    const then = before.find((r) => r.route === now.route);
    if (!then) continue;
    const pair = (a: number, b: number) => `${a} -> ${b}`;
    console.log(
      `| ${now.route} | ${pair(then.performance, now.performance)} | ${pair(then.lcpMs / 1000, now.lcpMs / 1000)} | ${pair(then.tbtMs, now.tbtMs)} | ${pair(then.jsGzipKb, now.jsGzipKb)} |`,
    );
  }
}
