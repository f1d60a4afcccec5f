/**
 * The welcome sequence's default steps as content files (app/content/sequence/*.md): frontmatter
 * (position, subject, preview, delay) checked here, the body kept as Markdown. No Vite here, so
 * the mail previews (tsx) read the same files.
 */
import { z } from "zod";
import { parseMarkdownFile } from "~/content/markdown.server";

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

export type SequenceStep = { id: string; position: number; subject: string; preview: string; body: string; delayMinutes: number };

/** Parse the default steps (content files); a bad one throws naming the file. Exported for tests. */
export function parseSequenceFiles(files: Record<string, string>): SequenceStep[] {
  const steps = Object.entries(files).map(([path, source]) => {
    const parsed = parseMarkdownFile(path, source, StepFrontmatterSchema);
    const body = source.replace(/^---[\s\S]*?\n---\n/, "").trim();
    return {
      id: parsed.slug,
      position: parsed.position,
      subject: parsed.subject,
      preview: parsed.preview,
      body,
      delayMinutes: parsed.delayDays * 24 * 60 + parsed.delayHours * 60,
    };
  });
  const positions = new Set(steps.map((s) => s.position));
  if (positions.size !== steps.length) throw new Error("Two welcome-sequence steps share a position");
  return steps.sort((a, b) => a.position - b.position);
}
