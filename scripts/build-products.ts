/**
 * `npm run build:products`: builds every file of every product from its source (catalogue ->
 * recipe) into products/files/, and records in products/files/manifest.json what each was built
 * from. The files are committed; tests/products/files.test.ts fails when one no longer matches
 * its source. `-- --only ID[,ID]` rebuilds some files (by catalogue id).
 */
import { mkdirSync, writeFileSync, existsSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { printFingerprint, sha256, zipContentHash } from "../products/build/fingerprint";
import { MANIFEST_URL, PRODUCT_FILES_DIR, readManifest, type Manifest } from "../products/build/manifest";
import { openPrinter } from "../products/build/pdf";
import { allFiles, recipeFor } from "../products/build/recipes";

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
  } finally {
    await printer.close();
  }
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(MANIFEST_URL, `${JSON.stringify(sorted, null, 2)}\n`);
}

await main();
