/**
 * Writes every e-mail with sample data, to look at in a browser or a text editor:
 *   npx tsx scripts/preview-mail.tsx OUTDIR
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { SAMPLES } from "../app/server/mail/messages/previews.server.ts";

const outDir = process.argv[2];
if (!outDir) {
  console.error("Usage: npx tsx scripts/preview-mail.tsx OUTDIR");
  process.exit(1);
}

const dir = resolve(outDir);
mkdirSync(dir, { recursive: true });
for (const sample of SAMPLES) {
  const { mail } = await sample.compose();
  writeFileSync(join(dir, `${sample.name}.html`), mail.html);
  writeFileSync(join(dir, `${sample.name}.txt`), mail.text);
  console.log(`${sample.name}: ${mail.subject}`);
}
console.log(`Wrote ${SAMPLES.length} messages to ${dir}`);
