/**
 * Dispute letters, rendered two ways from one content object (products/src/letters): print HTML
 * (to PDF) and an editable Word file (docx). Both carry the same parts in the same order: sender
 * block, date, recipient, account line, body, signature, enclosures; then a guidance page.
 */
import {
  AlignmentType,
  Document,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  BorderStyle,
  type IRunOptions,
} from "docx";
import { POWER_PACK_ID, TOOLKIT_ID } from "../../app/lib/catalogue";
import { shippedProduct } from "../../app/server/shop/shipped-products.server";
import { POWER_PACK_LETTERS, TOOLKIT_LETTERS, type LetterId } from "../../app/lib/product-files";
// The shipped support address: the product files are built and committed, so they print the default, not a saved one (decision 069).
import { DEFAULT_SUPPORT_EMAIL as SUPPORT_EMAIL } from "../../app/lib/business";
import { SITE_NAME } from "../../app/lib/site";
import { BUREAUS, CHECK_ADDRESS_NOTE } from "../src/bureaus";
import { POWER_PACK_MAP, powerPackOnlyLetters, type PowerPackLetterId } from "../src/letters/power-pack-map";
import { powerPackLettersA } from "../src/letters/power-pack-a";
import { powerPackLettersB } from "../src/letters/power-pack-b";
import { toolkitLetters } from "../src/letters/toolkit";
import type { LetterContent } from "../src/letters/types";
import { docHeader, documentHtml, escapeHtml } from "./document";

/** The built files name their product as it was shipped (the products table may rename it since; the files stay as built). */
const toolkit = shippedProduct(TOOLKIT_ID);
const powerPack = shippedProduct(POWER_PACK_ID);

const CONTENT: Record<string, LetterContent> = { ...toolkitLetters, ...powerPackLettersA, ...powerPackLettersB };

export type Letter = LetterContent & { id: LetterId; title: string; product: string };

export function letter(id: LetterId): Letter {
  const content = CONTENT[id];
  if (!content) throw new Error(`No letter text for ${id} in products/src/letters`);
  const inToolkit = id in TOOLKIT_LETTERS;
  const title = inToolkit ? (TOOLKIT_LETTERS as Record<string, string>)[id]! : (POWER_PACK_LETTERS as Record<string, string>)[id]!;
  return { ...content, id, title, product: inToolkit ? toolkit.name : powerPack.name };
}

/** Ids of letter texts that the catalogue does not list, and catalogue letters with no text. */
export function letterMismatches(): { unlisted: string[]; missing: string[] } {
  const listed = new Set([...Object.keys(TOOLKIT_LETTERS), ...Object.keys(POWER_PACK_LETTERS)]);
  return {
    unlisted: Object.keys(CONTENT).filter((id) => !listed.has(id)),
    missing: [...listed].filter((id) => !CONTENT[id]),
  };
}

export const OWN_WORDS_NOTE =
  "Write it in your own words. These templates are starting points: change every sentence so it describes your situation. A lender or collector does not have to investigate a direct dispute sent on a form supplied by a credit repair organization (12 CFR 1022.43(b)(2)), and a letter in your own words is clearer anyway.";
export const NOT_ADVICE_NOTE = `Education, not legal advice. ${SITE_NAME} is not a law firm: these are self-help templates you fill in and send yourself. No letter can remove accurate, timely information, and no one can promise a result.`;

const BLANK = /(\[[^\]]+\])/;

/** The letter's parts as lines of text, in order (shared by both renderers). */
function senderLines(l: Letter): string[] {
  return [
    "[YOUR FULL NAME]",
    "[YOUR STREET ADDRESS]",
    "[CITY, STATE ZIP]",
    ...(l.identifyWithDobAndSsn ? ["Date of birth: [DATE OF BIRTH]", "Social Security number, last 4 digits: [LAST 4 DIGITS]"] : []),
  ];
}

function recipientBlocks(l: Letter): { lead?: string; blocks: string[][] } {
  if (l.recipient.kind === "bureau") {
    return {
      lead: "[KEEP THE BUREAU YOU ARE WRITING TO AND DELETE THE OTHER TWO]",
      blocks: BUREAUS.map((b) => [...b.lines]),
    };
  }
  return { blocks: [l.recipient.lines] };
}

// ---------- HTML ----------

function inline(text: string): string {
  return text
    .split(BLANK)
    .map((part) => (BLANK.test(part) ? `<span class="blank-field">${escapeHtml(part)}</span>` : escapeHtml(part)))
    .join("");
}

function paragraphsHtml(paragraphs: string[]): string {
  let html = "";
  let inList = false;
  for (const p of paragraphs) {
    const bullet = p.startsWith("- ");
    if (bullet && !inList) html += "<ul>";
    if (!bullet && inList) html += "</ul>";
    inList = bullet;
    html += bullet ? `<li>${inline(p.slice(2))}</li>` : `<p>${inline(p)}</p>`;
  }
  return inList ? `${html}</ul>` : html;
}

function block(lines: readonly string[]): string {
  return `<div class="block">${lines.map((line) => `<p>${inline(line)}</p>`).join("")}</div>`;
}

/**
 * The guidance page, then the letter on a page of its own with nothing but the letter on it: no
 * brand, no footer. A letter that shows it came from a kit invites a furnisher to treat it as a
 * credit repair organization's form (12 CFR 1022.43(b)(2)), and the buyer prints that page to mail.
 */
export function letterFragment(l: Letter, number?: number): string {
  const recipients = recipientBlocks(l);
  const heading = `${number ? `${number}. ` : ""}${l.title}`;
  return `<article class="letter-set" id="letter-${l.id}">
${docHeader({ title: heading, product: l.product, subtitle: "Read this first. The letter follows this guidance, on a page of its own: fill in every highlighted blank (to type in it, use the Word version), reword it in your own words, then print and sign it." })}
<section class="guidance">
<h3>When to use it</h3>
${paragraphsHtml(l.whenToUse)}
<h3>The law it relies on</h3>
<ul>${l.laws.map((law) => `<li><strong>${escapeHtml(law.cite)}:</strong> ${inline(law.says)}</li>`).join("")}</ul>
<h3>What to enclose (copies, never originals)</h3>
<ul>${l.enclosures.map((e) => `<li>${inline(e)}</li>`).join("")}</ul>
<h3>How to send it</h3>
<ul>${l.howToSend.map((h) => `<li>${inline(h)}</li>`).join("")}</ul>
${l.tips?.length ? `<h3>Tips</h3><ul>${l.tips.map((t) => `<li>${inline(t)}</li>`).join("")}</ul>` : ""}
${
  l.recipient.kind === "bureau"
    ? `<h3>Bureau dispute addresses</h3><ul class="keep">${BUREAUS.map((b) => `<li>${escapeHtml(b.lines.join(", "))} (<a href="${b.website}">${escapeHtml(b.website)}</a>)</li>`).join("")}</ul><p>${escapeHtml(CHECK_ADDRESS_NOTE)}</p>`
    : ""
}
<p class="muted"><strong>In your own words:</strong> ${escapeHtml(OWN_WORDS_NOTE.replace(/^Write it in your own words\. /, ""))} ${escapeHtml(NOT_ADVICE_NOTE)} Questions: ${SUPPORT_EMAIL}.</p>
</section>
<div class="letter page-break">
${block(senderLines(l))}
${block(["[DATE]"])}
${recipients.lead ? `<p>${inline(recipients.lead)}</p>` : ""}
${recipients.blocks.length > 1 ? `<div class="addresses">${recipients.blocks.map(block).join("\n")}</div>` : block(recipients.blocks[0]!)}
<p class="re">${inline(l.reLine)}</p>
<p>${inline(l.salutation)}</p>
${paragraphsHtml(l.body)}
<div class="signature"><p>Sincerely,</p><div class="sig-space"></div>${block(["[YOUR SIGNATURE]", "[YOUR PRINTED NAME]"])}</div>
<p><strong>Enclosures:</strong></p>
<ul>${l.enclosures.map((e) => `<li>${inline(e)}</li>`).join("")}</ul>
</div>
</article>`;
}

export function letterHtml(id: LetterId): string {
  const l = letter(id);
  return documentHtml({ title: l.title, body: letterFragment(l) });
}

/** Several letters in one PDF, with an index that links to each. */
export function combinedLettersHtml({ title, intro, ids }: { title: string; intro: string; ids: readonly LetterId[] }): string {
  const letters = ids.map(letter);
  const index = `<section class="cover"><p class="brand">${SITE_NAME}</p><h1>${escapeHtml(title)}</h1><p class="subtitle">${escapeHtml(intro)}</p><p class="meta">${escapeHtml(NOT_ADVICE_NOTE)}</p></section>
<nav class="toc" aria-label="Index of letters"><h2>Index of letters</h2>
<table><thead><tr><th>#</th><th>Letter</th><th>Use it when</th></tr></thead><tbody>
${letters.map((l, i) => `<tr><td>${i + 1}</td><td><a href="#letter-${l.id}">${escapeHtml(l.title)}</a></td><td>${inline(l.whenToUse[0] ?? "")}</td></tr>`).join("\n")}
</tbody></table>
<h3>Before you send any letter</h3>
<ul>
<li>${escapeHtml(OWN_WORDS_NOTE)}</li>
<li>Dispute only information you believe is inaccurate or incomplete, and say why. Accurate, timely information cannot be removed by a dispute.</li>
<li>Send copies of your documents, never originals, by certified mail with a return receipt, and log the date it was received in your dispute tracker.</li>
<li>${escapeHtml(CHECK_ADDRESS_NOTE)}</li>
</ul>
</nav>`;
  const body = `${index}\n${letters.map((l, i) => letterFragment(l, i + 1)).join("\n")}`;
  return documentHtml({ title, body });
}

/**
 * The Power Pack's one-page letter map: each letter, the guide chapters that explain its
 * situation (titles from the guide's own headings), and the toolkit letter it is a fuller version
 * of, or "New" (products/src/letters/power-pack-map.ts).
 */
export function letterMapHtml(guide: { title: string; chapters: Map<number, string> }): string {
  const ids = Object.keys(POWER_PACK_LETTERS) as PowerPackLetterId[];
  const only = powerPackOnlyLetters();
  const toolkitCount = Object.keys(TOOLKIT_LETTERS).length;
  const used = [...new Set(ids.flatMap((id) => POWER_PACK_MAP[id].chapters))].sort((a, b) => a - b);
  for (const n of used) if (!guide.chapters.has(n)) throw new Error(`power-pack-map.ts: the guide has no chapter ${n}`);
  const rows = ids
    .map((id, i) => {
      const place = POWER_PACK_MAP[id];
      // "(to a credit bureau)" dropped from toolkit titles so each row keeps to one line; the Power Pack title says who it goes to.
      const toolkitLetter = place.toolkitLetter
        ? escapeHtml(TOOLKIT_LETTERS[place.toolkitLetter].replace(/ \(to a credit bureau\)$/, ""))
        : "<strong>New:</strong> no toolkit letter for this";
      return `<tr><td>${i + 1}</td><td>${escapeHtml(POWER_PACK_LETTERS[id])}</td><td>${place.chapters.join(", ")}</td><td>${toolkitLetter}</td></tr>`;
    })
    .join("\n");
  const body = `${docHeader({ title: "Letter map", subtitle: "Which letter for which situation, and where the guide explains it", product: powerPack.name })}
<p>All ${ids.length} letters of the ${escapeHtml(powerPack.name)}, in the order of the letters PDF, with the chapters of <em>${escapeHtml(guide.title)}</em> (in your ${escapeHtml(toolkit.name)}) that explain each situation. ${only.length} are for situations the toolkit's ${toolkitCount} letters don't cover (marked <strong>New</strong>); the other ${ids.length - only.length} are fuller versions of a toolkit letter.</p>
<table class="map">
<colgroup><col style="width:5%"><col style="width:40%"><col style="width:11%"><col style="width:44%"></colgroup>
<thead><tr><th scope="col">#</th><th scope="col">Letter</th><th scope="col">Guide chapters</th><th scope="col">Toolkit letter it builds on</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p class="muted"><strong>The guide's chapters:</strong> ${used.map((n) => `${n}. ${escapeHtml(guide.chapters.get(n)!)}`).join(" · ")}.</p>
<p class="muted">Write every letter in your own words, and dispute only what you believe is wrong (each letter's guidance page says why). ${escapeHtml(NOT_ADVICE_NOTE)}</p>`;
  return documentHtml({ title: `${powerPack.name}: letter map`, body });
}

// ---------- Word ----------

const FONT = "Georgia";
/** Half-points: 10.5 pt, so a letter with three bureau addresses fits one page in Word and LibreOffice. */
const SIZE = 21;

function runs(text: string, extra: IRunOptions = {}): TextRun[] {
  return text
    .split(BLANK)
    .filter((part) => part !== "")
    .map((part) => new TextRun({ text: part, font: FONT, size: SIZE, ...extra, ...(BLANK.test(part) ? { highlight: "yellow" } : {}) }));
}

function para(text: string, options: { bold?: boolean; after?: number; bullet?: boolean; keepNext?: boolean } = {}): Paragraph {
  return new Paragraph({
    children: runs(text, options.bold ? { bold: true } : {}),
    spacing: { after: options.after ?? 120 },
    keepNext: options.keepNext,
    keepLines: true,
    ...(options.bullet ? { numbering: { reference: "bullets", level: 0 } } : {}),
  });
}

function blockParagraphs(lines: readonly string[], { keepTogether = true } = {}): Paragraph[] {
  return lines.map((line, i) => para(line, { after: i === lines.length - 1 ? 200 : 0, keepNext: keepTogether && i < lines.length - 1 }));
}

const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" } as const;

/** The three bureau addresses side by side (the buyer keeps one), so the letter stays on one page. */
function addressTable(blocks: string[][]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    borders: { top: NO_BORDER, bottom: NO_BORDER, left: NO_BORDER, right: NO_BORDER, insideHorizontal: NO_BORDER, insideVertical: NO_BORDER },
    rows: [
      new TableRow({
        children: blocks.map(
          (lines) => new TableCell({ width: { size: Math.floor(100 / blocks.length), type: WidthType.PERCENTAGE }, children: blockParagraphs(lines) }),
        ),
      }),
    ],
  });
}

function bodyParagraphs(paragraphs: string[]): Paragraph[] {
  return paragraphs.map((p) => (p.startsWith("- ") ? para(p.slice(2), { bullet: true, after: 80 }) : para(p)));
}

function heading(text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]): Paragraph {
  return new Paragraph({
    heading: level,
    keepNext: true,
    children: [new TextRun({ text, font: "Arial", color: "065F46", bold: true, size: level === HeadingLevel.HEADING_1 ? 28 : 23 })],
    spacing: { before: 200, after: 100 },
  });
}

/** The editable Word file: the letter on page 1, the guidance after a page break. */
export async function letterDocx(id: LetterId): Promise<Buffer> {
  const l = letter(id);
  const recipients = recipientBlocks(l);
  const letterPage: (Paragraph | Table)[] = [
    ...blockParagraphs(senderLines(l)),
    ...blockParagraphs(["[DATE]"]),
    ...(recipients.lead ? [para(recipients.lead, { keepNext: true, after: 80 })] : []),
    ...(recipients.blocks.length > 1 ? [addressTable(recipients.blocks), para("", { after: 0 })] : blockParagraphs(recipients.blocks[0]!)),
    para(l.reLine, { bold: true }),
    para(l.salutation),
    ...bodyParagraphs(l.body),
    para("Sincerely,", { after: 480, keepNext: true }),
    ...blockParagraphs(["[YOUR SIGNATURE]", "[YOUR PRINTED NAME]"]),
    para("Enclosures:", { bold: true, after: 60, keepNext: true }),
    ...l.enclosures.map((e) => para(e, { bullet: true, after: 40 })),
  ];
  const guidance: Paragraph[] = [
    new Paragraph({ children: [new PageBreak()] }),
    heading(`How to use this letter: ${l.title} (${l.product})`, HeadingLevel.HEADING_1),
    new Paragraph({
      children: [new TextRun({ text: "Delete this page before you print the letter.", italics: true, font: "Arial", size: 20 })],
      spacing: { after: 160 },
    }),
    heading("When to use it", HeadingLevel.HEADING_2),
    ...bodyParagraphs(l.whenToUse),
    heading("The law it relies on", HeadingLevel.HEADING_2),
    ...l.laws.map((law) => new Paragraph({ numbering: { reference: "bullets", level: 0 }, spacing: { after: 80 }, children: [new TextRun({ text: `${law.cite}: `, bold: true, font: FONT, size: 22 }), ...runs(law.says)] })),
    heading("What to enclose (copies, never originals)", HeadingLevel.HEADING_2),
    ...l.enclosures.map((e) => para(e, { bullet: true, after: 60 })),
    heading("How to send it", HeadingLevel.HEADING_2),
    ...l.howToSend.map((h) => para(h, { bullet: true, after: 60 })),
    ...(l.tips?.length ? [heading("Tips", HeadingLevel.HEADING_2), ...l.tips.map((t) => para(t, { bullet: true, after: 60 }))] : []),
    ...(l.recipient.kind === "bureau"
      ? [
          heading("Bureau dispute addresses", HeadingLevel.HEADING_2),
          ...BUREAUS.map((b) => para(`${b.lines.join(", ")} (${b.website})`, { bullet: true, after: 60 })),
          para(CHECK_ADDRESS_NOTE),
        ]
      : []),
    heading("In your own words", HeadingLevel.HEADING_2),
    para(OWN_WORDS_NOTE),
    para(`${NOT_ADVICE_NOTE} Questions: ${SUPPORT_EMAIL}.`),
  ];
  const doc = new Document({
    // No creator or description: a letter the buyer sends must not say it came from a kit.
    creator: "",
    title: l.title,
    styles: { default: { document: { run: { font: FONT, size: SIZE } } } },
    numbering: {
      config: [
        {
          reference: "bullets",
          levels: [{ level: 0, format: LevelFormat.BULLET, text: "\u2022", alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 360, hanging: 260 } } } }],
        },
      ],
    },
    sections: [
      {
        properties: { page: { size: { width: 12240, height: 15840 }, margin: { top: 850, bottom: 850, left: 1150, right: 1150 } } },
        children: [...letterPage, ...guidance],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
