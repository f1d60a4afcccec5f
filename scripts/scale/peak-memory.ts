/**
 * This process's memory while something runs, sampled every 10 ms: what it held before and the
 * most it reached (resident set, which also holds the embedded database's memory, and the
 * JavaScript heap), in bytes. For the scale benchmarks' "memory flat" figures.
 */
/** Bytes as megabytes, to a tenth. */
export const toMb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export type PeakMemory = { startRss: number; startHeap: number; peakRss: number; peakHeap: number };

export async function withPeakMemory<T>(run: () => Promise<T>): Promise<{ result: T; memory: PeakMemory }> {
  const start = process.memoryUsage();
  const memory: PeakMemory = { startRss: start.rss, startHeap: start.heapUsed, peakRss: start.rss, peakHeap: start.heapUsed };
  const sample = () => {
    const now = process.memoryUsage();
    memory.peakRss = Math.max(memory.peakRss, now.rss);
    memory.peakHeap = Math.max(memory.peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 10);
  try {
    const result = await run();
    sample();
    return { result, memory };
  } finally {
    clearInterval(sampler);
  }
}
