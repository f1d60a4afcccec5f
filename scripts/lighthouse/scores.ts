/** Figures out of Lighthouse results: category scores (with excused audits), medians, script sizes. */
import { gzipSync } from "node:zlib";
import type lighthouse from "lighthouse";

export type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
export type Audit = Lhr["audits"][string];

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const gzipCache = new Map<string, number>();
export async function gzipBytes(url: string): Promise<number> {
  const cached = gzipCache.get(url);
  if (cached !== undefined) return cached;
  // fetch() would decode: ask for identity and compress it the way the server does (level 9).
  const res = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await res.arrayBuffer());
  const size = gzipSync(body, { level: 9 }).length;
  gzipCache.set(url, size);
  return size;
}

export function categoryScore(lhr: Lhr, id: string, ignoreAudits: string[] = []): number {
  const category = lhr.categories[id];
  if (!category) return NaN;
  if (!ignoreAudits.length) return Math.round((category.score ?? 0) * 100);
  let total = 0;
  let weights = 0;
  for (const ref of category.auditRefs) {
    if (ignoreAudits.includes(ref.id) || ref.weight === 0) continue;
    const audit = lhr.audits[ref.id];
    if (
      !audit ||
      audit.scoreDisplayMode === "notApplicable" ||
      audit.scoreDisplayMode === "manual" ||
      audit.scoreDisplayMode === "informative"
    )
      continue;
    total += (audit.score ?? 0) * ref.weight;
    weights += ref.weight;
  }
  return Math.round((total / weights) * 100);
}

export function failingAudits(lhr: Lhr, categoryId: string, ignoreAudits: string[]): string[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0 && !ignoreAudits.includes(ref.id))
    .map((ref) => lhr.audits[ref.id]!)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "notApplicable")
    .map((audit) => `${audit.id}: ${audit.title}`);
}
