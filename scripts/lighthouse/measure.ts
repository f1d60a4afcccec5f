/** One route measured: Lighthouse runs, the median figures, the script bytes, and its budget checked. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { BUDGETS, type RouteSpec } from "./budgets.ts";
import type { RouteResult } from "./report.ts";
import { categoryScore, failingAudits, gzipBytes, type Lhr, median } from "./scores.ts";

export type MeasureOptions = {
  /** Where the built server answers (http://localhost:PORT). */
  base: string;
  /** The DevTools port of the Chromium Lighthouse drives. */
  chromePort: number;
  runs: number;
  /** Gate TBT and the performance score (a quiet machine), or only report them (npm test). */
  gateTiming: boolean;
  /** Where a failing route's full report is kept (reports/lighthouse/). */
  reportsDir: string;
  keepReports: boolean;
  /** The address to measure, when it is not the route's path (a purchase's page). */
  at?: string;
  /** Sent with every request (the buyer's cookie). */
  headers?: Record<string, string>;
};

export async function measureRoute(
  route: RouteSpec,
  { base, chromePort, runs: RUNS, gateTiming: GATE_TIMING, reportsDir, keepReports, at, headers }: MeasureOptions,
): Promise<RouteResult> {
  const budget = BUDGETS[route.kind];
  const url = `${base}${at ?? route.path}`;
  const runs: Lhr[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A loaded machine now and then makes Chromium drop the trace (NO_NAVSTART, NO_FCP): retry.
    let lhr: Lhr | undefined;
    for (let attempt = 1; !lhr; attempt++) {
      const result = await lighthouse(url, {
        port: chromePort,
        output: "json",
        logLevel: "error",
        onlyCategories: i === 0 ? ["performance", "accessibility", "best-practices", "seo"] : ["performance"],
        // The not-found page must answer 404; Lighthouse would otherwise refuse to audit it.
        ignoreStatusCode: route.notFound ?? false,
        extraHeaders: headers,
        // Time, not figures: no full-page screenshot, and half the default waits for quiet
        // (every page here has loaded, scripts included, ~0.5 s after navigation on localhost;
        // the metrics come from the simulation of the recorded load, not from these waits).
        disableFullPageScreenshot: true,
        pauseAfterFcpMs: 500,
        pauseAfterLoadMs: 500,
        networkQuietThresholdMs: 500,
        cpuQuietThresholdMs: 500,
      });
      if (result && !result.lhr.runtimeError) lhr = result.lhr;
      else if (attempt >= 3) throw new Error(`Lighthouse failed on ${url}: ${result?.lhr.runtimeError?.message ?? "no result"}`);
      else console.log(`     retrying ${route.path}: ${result?.lhr.runtimeError?.code ?? "no result"}`);
    }
    runs.push(lhr);
  }
  const full = runs[0]!;
  // Audits this route fails on purpose, and only for that purpose, do not count against it.
  const excused = (route.exceptions ?? []).filter((e) => full.audits[e.audit] && e.holds(full.audits[e.audit]!, url)).map((e) => e.audit);
  const perRun = runs.map((lhr) => ({
    performance: categoryScore(lhr, "performance"),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]!.numericValue ?? NaN),
    cls: Number((lhr.audits["cumulative-layout-shift"]!.numericValue ?? NaN).toFixed(3)),
    tbtMs: Math.round(lhr.audits["total-blocking-time"]!.numericValue ?? NaN),
  }));
  const networkItems =
    (full.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const scriptUrls = [...new Set(networkItems.filter((item) => item.resourceType === "Script").map((item) => item.url))];
  const scripts = await Promise.all(
    scriptUrls.map(async (scriptUrl) => ({ url: scriptUrl.replace(base, ""), gzipBytes: await gzipBytes(scriptUrl) })),
  );
  const jsGzipKb = Number((scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024).toFixed(1));

  const result: RouteResult = {
    route: route.path,
    kind: route.kind,
    status: "pass",
    performance: median(perRun.map((r) => r.performance)),
    accessibility: categoryScore(full, "accessibility", excused),
    bestPractices: categoryScore(full, "best-practices", excused),
    seo: categoryScore(full, "seo", excused),
    excused: excused.map((id) => `${id}: ${route.exceptions!.find((e) => e.audit === id)!.why}`),
    lcpMs: median(perRun.map((r) => r.lcpMs)),
    cls: median(perRun.map((r) => r.cls)),
    tbtMs: median(perRun.map((r) => r.tbtMs)),
    jsGzipKb,
    scripts,
    runs: perRun,
    failures: [],
  };
  const f = result.failures;
  const timing: string[] = [];
  if (!(result.performance >= budget.perf)) timing.push(`performance ${result.performance} < ${budget.perf}`);
  if (!(result.tbtMs <= budget.tbtMs)) timing.push(`TBT ${result.tbtMs} ms > ${budget.tbtMs} ms`);
  if (budget.quietLcpMs !== undefined && !(result.lcpMs <= budget.quietLcpMs))
    timing.push(`LCP ${result.lcpMs} ms > ${budget.quietLcpMs} ms`);
  if (GATE_TIMING) f.push(...timing);
  else if (timing.length)
    console.log(`     over a timing budget (reported, not gated here: run npm run lighthouse on a quiet machine): ${timing.join("; ")}`);
  if (!(result.accessibility >= budget.a11y))
    f.push(`accessibility ${result.accessibility} < ${budget.a11y} (${failingAudits(full, "accessibility", excused).join("; ")})`);
  if (!(result.bestPractices >= budget.bp))
    f.push(`best practices ${result.bestPractices} < ${budget.bp} (${failingAudits(full, "best-practices", excused).join("; ")})`);
  if (!(result.seo >= budget.seo)) f.push(`SEO ${result.seo} < ${budget.seo} (${failingAudits(full, "seo", excused).join("; ")})`);
  if (!(result.lcpMs <= budget.lcpMs)) f.push(`LCP ${result.lcpMs} ms > ${budget.lcpMs} ms`);
  if (!(result.cls <= budget.cls)) f.push(`CLS ${result.cls} > ${budget.cls}`);
  if (!(result.jsGzipKb <= budget.jsKb)) f.push(`JavaScript ${result.jsGzipKb} KB gzip > ${budget.jsKb} KB`);
  if (f.length) result.status = "fail";
  if (f.length || keepReports) {
    // Keep the whole report of a failing route for diagnosis.
    mkdirSync(reportsDir, { recursive: true });
    const name = route.path === "/" ? "home" : route.path.slice(1).replace(/[^\w.-]+/g, "_");
    writeFileSync(join(reportsDir, `${name}.report.json`), JSON.stringify(full));
  }
  return result;
}
