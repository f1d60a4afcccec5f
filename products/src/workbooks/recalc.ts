/**
 * Computes every formula of a workbook with LibreOffice (headless), for tests and checks.
 *
 * exceljs writes formulas but never evaluates them. This writes the workbook to a temporary
 * folder, converts it xlsx -> xlsx with `soffice --headless --convert-to xlsx` (which loads,
 * recalculates and saves it), and reads the converted file back: formula cells then carry
 * `cell.result`. The LibreOffice profile used is told to always recalculate on load, so cached
 * values (if a workbook had any) are never trusted. Other settings stay at LibreOffice's defaults
 * (threaded calculation included), so checks see what a LibreOffice user would see.
 */
import { execFile } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";

const INSTALL_HINT =
  "LibreOffice (soffice) was not found, so the spreadsheet formulas cannot be computed. " +
  "Install it with: apt-get install libreoffice-calc-nogui (or set SOFFICE_PATH to the soffice binary).";

function findSoffice(): string {
  const configured = process.env.SOFFICE_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`SOFFICE_PATH=${configured} does not exist. ${INSTALL_HINT}`);
  }
  const candidates = ["/usr/bin/soffice", "/usr/local/bin/soffice", "/opt/libreoffice/program/soffice"];
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, "soffice"))) return path.join(dir, "soffice");
  }
  throw new Error(INSTALL_HINT);
}

/** "Recalculation on file load": 0 = always (the LibreOffice default for xlsx is "never"). */
const REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

// Conversions run one at a time (LibreOffice is heavy; parallel runs gain little on small machines).
let queue: Promise<unknown> = Promise.resolve();

function run(cmd: string, args: string[], timeout: number): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout, maxBuffer: 10 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`soffice failed: ${error.message}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

/**
 * One LibreOffice profile per process, made on the first conversion and removed when the process
 * exits: a fresh profile costs about a second of start-up per conversion (measured: 2.5 s against
 * 1.4 s for one workbook). The "always recalculate" settings are written again before every
 * conversion, so whatever LibreOffice saved into the profile, they are in force.
 */
let profileDir: Promise<string> | undefined;
function profile(): Promise<string> {
  profileDir ??= mkdtemp(path.join(tmpdir(), "recalc-profile-")).then(async (dir) => {
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    await mkdir(path.join(dir, "user"), { recursive: true });
    return dir;
  });
  return profileDir;
}

/**
 * Writes the workbooks (stored, not deflated: exceljs's JavaScript deflate took about a second
 * for the debt calculator, and LibreOffice reads either), converts them all in one `soffice` run
 * (it takes many files; each is loaded, recalculated and saved on its own), and reads them back.
 */
async function convert(workbooks: ExcelJS.Workbook[]): Promise<ExcelJS.Workbook[]> {
  const soffice = findSoffice();
  const work = await mkdtemp(path.join(tmpdir(), "recalc-"));
  try {
    const dir = await profile();
    await writeFile(path.join(dir, "user", "registrymodifications.xcu"), REGISTRY);
    const userInstallation = `file://${dir}`;
    const inDir = path.join(work, "in");
    const outDir = path.join(work, "out");
    await mkdir(inDir);
    await mkdir(outDir);
    const names = workbooks.map((_, i) => `book-${i + 1}.xlsx`);
    for (const [i, workbook] of workbooks.entries()) {
      await workbook.xlsx.writeFile(path.join(inDir, names[i]!), { zip: { compression: "STORE" } });
    }
    const { stdout, stderr } = await run(
      soffice,
      [
        "--headless",
        "--norestore",
        `-env:UserInstallation=${userInstallation}`,
        "--convert-to",
        "xlsx",
        "--outdir",
        outDir,
        ...names.map((name) => path.join(inDir, name)),
      ],
      120_000 + 10_000 * workbooks.length,
    );
    const results: ExcelJS.Workbook[] = [];
    for (const name of names) {
      const output = path.join(outDir, name);
      if (!existsSync(output)) throw new Error(`soffice produced no ${name}.\n${stdout}\n${stderr}`);
      const result = new ExcelJS.Workbook();
      await result.xlsx.readFile(output);
      results.push(result);
    }
    return results;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Returns a new workbook with every formula computed by LibreOffice (`cell.result`). */
export async function recalculate(workbook: ExcelJS.Workbook): Promise<ExcelJS.Workbook> {
  const [result] = await recalculateAll([workbook]);
  return result!;
}

/**
 * The same for many workbooks at once, in one LibreOffice run: its start-up (about a second) is
 * paid once, not per workbook. The results come in the order of `workbooks`.
 */
export async function recalculateAll(workbooks: ExcelJS.Workbook[]): Promise<ExcelJS.Workbook[]> {
  const next = queue.then(() => convert(workbooks));
  queue = next.catch(() => undefined);
  return next;
}
