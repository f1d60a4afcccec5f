/**
 * Writes app/content/sequence-earlier-defaults.json: for each shipped welcome-sequence step, the
 * fingerprint of every earlier version of it in git's history. A database whose step still holds
 * one of those (the owner never edited it) takes the new text when the server seeds the steps
 * (seedSequenceSteps); an edited step is never touched. Run after changing a shipped step:
 *   npx tsx scripts/content/sequence-fingerprints.ts
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { parseSequenceFiles, stepFingerprint as fingerprint, type SequenceStep } from "~/server/audience/sequence-content.server";
import { GUIDE_IDS } from "~/lib/guides";

const OUT = "app/content/sequence-earlier-defaults.json";

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });

/** Every version of every step file in history (the directory moved: steps once lived in app/content/sequence/*.md). */
function historicalSteps(): SequenceStep[] {
  const found: SequenceStep[] = [];
  for (const commit of git("log", "--format=%H", "--", "app/content/sequence").split("\n").filter(Boolean)) {
    const files = git("ls-tree", "-r", "--name-only", commit, "app/content/sequence")
      .split("\n")
      .filter((p) => p.endsWith(".md"));
    for (const path of files) {
      const dir = path.split("/").at(-2)!;
      // Before there were two guides, the steps were the credit guide's.
      const guide = (GUIDE_IDS as readonly string[]).includes(dir) ? dir : "credit-repair";
      const source = git("show", `${commit}:${path}`);
      found.push(...parseSequenceFiles({ [`app/content/sequence/${guide}/${basename(path)}`]: source }));
    }
  }
  return found;
}

function current(): SequenceStep[] {
  const paths = git("ls-files", "app/content/sequence")
    .split("\n")
    .filter((p) => p.endsWith(".md"));
  // The working tree's text: what this release ships.
  return parseSequenceFiles(Object.fromEntries(paths.map((p) => [p, readFileSync(p, "utf8")])));
}

const now = new Map(current().map((s) => [s.id, fingerprint(s)]));
const steps: Record<string, string[]> = {};
for (const step of historicalSteps()) {
  const print = fingerprint(step);
  if (!now.has(step.id) || now.get(step.id) === print) continue;
  const prints = (steps[step.id] ??= []);
  if (!prints.includes(print)) prints.push(print);
}
const sorted = Object.fromEntries(Object.entries(steps).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(
  OUT,
  JSON.stringify(
    {
      $comment: "Fingerprints of earlier shipped versions of each welcome step (scripts/content/sequence-fingerprints.ts).",
      steps: sorted,
    },
    null,
    2,
  ) + "\n",
);
// In the repository's style (the lint step checks it).
execFileSync("npx", ["prettier", "--write", OUT], { stdio: "ignore" });
console.log(`${OUT}: ${Object.values(sorted).flat().length} earlier versions of ${Object.keys(sorted).length} steps`);
