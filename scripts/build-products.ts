/**
 * `npm run build:products`: builds every file of every product from its source (catalogue ->
 * recipe) into products/files/, and records in products/files/manifest.json what each was built
 * from. The files are committed; tests/products/files.test.ts fails when one no longer matches
 * its source. `-- --only ID[,ID]` rebuilds some files (by catalogue id).
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { printFingerprint, sha256, zipContentHash } from "../products/build/fingerprint";
import { MANIFEST_URL, PRODUCT_FILES_DIR, readManifest, type Manifest } from "../products/build/manifest";
import { openPrinter } from "../products/build/pdf";
import { pdfDestinations } from "../products/build/pdf-pages";
import { allFiles, FREE_DOWNLOADS, FREE_DOWNLOADS_DIR, FREE_MANIFEST_URL, recipeFor } from "../products/build/recipes";

/**
 * Second pass for a document with a contents page: read where each chapter was printed, print
 * again with those page numbers, and check the chapters stayed put (the numbers only fill space
 * the first printing left blank; a third try is allowed before giving up).
 */
async function withPageNumbers(
  first: Buffer,
  render: (pages: ReadonlyMap<string, number>) => string,
  print: (html: string) => Promise<Buffer>,
  path: string,
): Promise<Buffer> {
  let pages = pdfDestinations(first);
  if (pages.size === 0) throw new Error(`${path}: the first printing has no chapter destinations to number`);
  for (let pass = 2; pass <= 3; pass++) {
    const output = await print(render(pages));
    const moved = pdfDestinations(output);
    if ([...pages].every(([id, page]) => moved.get(id) === page)) return output;
    pages = moved;
  }
  throw new Error(`${path}: the chapters' pages kept moving once numbered`);
}

async function main() {
  const onlyArg = process.argv.indexOf("--only");
  const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1]?.split(",")) : undefined;
  const manifest: Manifest = only && existsSync(MANIFEST_URL) ? readManifest() : {};
  const printer = await openPrinter();
  try {
    for (const file of allFiles()) {
      if (only && !only.has(file.id)) continue;
      const recipe = recipeFor(file);
      let output: Buffer;
      let fingerprint: string;
      if (recipe.kind === "html") {
        const html = recipe.html();
        fingerprint = printFingerprint(html, recipe.footer);
        output = await printer.print(html, { footer: recipe.footer });
        if (recipe.withPageNumbers)
          output = await withPageNumbers(output, recipe.withPageNumbers, (h) => printer.print(h, { footer: recipe.footer }), file.path);
      } else {
        output = await recipe.build();
        fingerprint = await zipContentHash(output);
      }
      const target = fileURLToPath(new URL(file.path, PRODUCT_FILES_DIR));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, output);
      manifest[file.path] = { fingerprint, bytes: output.length, sha256: sha256(output) };
      console.log(`${file.path}: ${(output.length / 1024).toFixed(1)} KB`);
    }
    const free: Manifest = only && existsSync(FREE_MANIFEST_URL) ? (JSON.parse(readFileSync(FREE_MANIFEST_URL, "utf8")) as Manifest) : {};
    for (const file of FREE_DOWNLOADS) {
      if (only && !only.has(file.id)) continue;
      if (file.recipe.kind !== "html") throw new Error(`${file.path}: a free download is printed from HTML`);
      const html = file.recipe.html();
      const output = await printer.print(html, { footer: file.recipe.footer, label: file.label });
      writeFileSync(new URL(file.path, FREE_DOWNLOADS_DIR), output);
      free[file.path] = { fingerprint: printFingerprint(html, file.recipe.footer), bytes: output.length, sha256: sha256(output) };
      console.log(`public/downloads/${file.path}: ${(output.length / 1024).toFixed(1)} KB`);
    }
    writeFileSync(FREE_MANIFEST_URL, `${JSON.stringify(free, null, 2)}\n`);
  } finally {
    await printer.close();
  }
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(MANIFEST_URL, `${JSON.stringify(sorted, null, 2)}\n`);
}

await main();
