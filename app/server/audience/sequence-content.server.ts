/**
 * The welcome sequences' default steps as content files, one directory per guide
 * (app/content/sequence/<guide id>/*.md): frontmatter (position, subject, preview, delay) checked
 * here, the body kept as Markdown. No Vite here, so the mail previews (tsx) read the same files.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import { parseMarkdownFile } from "~/content/markdown.server";
import { isGuideId, type GuideId } from "~/lib/guides";

const StepFrontmatterSchema = z.strictObject({
  position: z.number().int().min(1),
  subject: z
    .string()
    .trim()
    .min(1)
    .max(150)
    .regex(/^[^\r\n]+$/, "must be one line"),
  preview: z.string().trim().min(1).max(200),
  delayDays: z.number().int().min(0).max(365),
  delayHours: z.number().int().min(0).max(23),
});

/**
 * A step's content as a fingerprint: md5 of subject, preview, body and delay, one per line. The
 * seed computes the same in SQL (audience.sql.server.ts, refreshShippedSteps) to find a step still as an
 * earlier release shipped it; scripts/content/sequence-fingerprints.ts lists those versions.
 */
export function stepFingerprint(step: Pick<SequenceStep, "subject" | "preview" | "body" | "delayMinutes">): string {
  return createHash("md5").update(`${step.subject}\n${step.preview}\n${step.body}\n${step.delayMinutes}`).digest("hex");
}

export type SequenceStep = {
  id: string;
  guide: GuideId;
  position: number;
  subject: string;
  preview: string;
  body: string;
  delayMinutes: number;
};

/**
 * Parse the default steps (content files, keyed by a path ending <guide id>/<step id>.md); a bad
 * one throws naming the file. Step ids are unique across guides (the outbox's keys name them).
 */
export function parseSequenceFiles(files: Record<string, string>): SequenceStep[] {
  const steps = Object.entries(files).map(([path, source]) => {
    const parsed = parseMarkdownFile(path, source, StepFrontmatterSchema);
    const guide = path.split("/").at(-2);
    if (!isGuideId(guide)) throw new Error(`${path}: a sequence step lives in the directory of its guide (app/lib/guides.ts)`);
    const body = source.replace(/^---[\s\S]*?\n---\n/, "").trim();
    return {
      id: parsed.slug,
      guide,
      position: parsed.position,
      subject: parsed.subject,
      preview: parsed.preview,
      body,
      delayMinutes: parsed.delayDays * 24 * 60 + parsed.delayHours * 60,
    };
  });
  if (new Set(steps.map((s) => `${s.guide} ${s.position}`)).size !== steps.length)
    throw new Error("Two steps of one sequence share a position");
  if (new Set(steps.map((s) => s.id)).size !== steps.length) throw new Error("Two sequence steps share a file name");
  return steps.sort((a, b) => a.guide.localeCompare(b.guide) || a.position - b.position);
}
