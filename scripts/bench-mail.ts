/**
 * Render time per message (HTML and text part), median of many renders after a warm-up:
 *   npx tsx scripts/bench-mail.ts [ROUNDS]
 */
import { performance } from "node:perf_hooks";
import { SAMPLES } from "../app/server/mail/messages/previews.server.ts";

const rounds = Number(process.argv[2] ?? 200);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

for (const sample of SAMPLES) {
  for (let i = 0; i < 20; i++) await sample.compose();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await sample.compose();
    times.push(performance.now() - start);
  }
  console.log(`${sample.name.padEnd(22)} ${median(times).toFixed(2)} ms`);
}
