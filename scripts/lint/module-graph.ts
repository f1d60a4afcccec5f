/**
 * The import graph of the runtime code (app/, server/, db/), read with TypeScript's own parser:
 * each module's value imports (an `import type`, or an import whose every name is a type, is
 * erased at build time and left out), resolved to repository paths. The boundary tests
 * (module-boundaries.test.ts) check it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import ts from "typescript";

export type ModuleGraph = Map<string, string[]>;
/** Each module's value imports of packages (`beasties`, `node:fs`), by module. */
export type PackageImports = Map<string, string[]>;

const ROOTS = ["app", "server", "db"];
const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs"];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "node_modules" && !name.startsWith(".") && name !== "migrations") walk(path, out);
    } else if (/\.(tsx?|mjs)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = normalize(join(dirname(from), specifier));
  else return undefined;
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, "index" + e))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(".", candidate);
  }
  return undefined;
}

/** The value imports (and re-exports) of one module's source. */
export function valueImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (onlyTypes) continue;
      found.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) {
      if (!statement.isTypeOnly) found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

export function readModuleGraph(packages?: PackageImports): ModuleGraph {
  const graph: ModuleGraph = new Map();
  for (const root of ROOTS) {
    for (const file of walk(root)) {
      const specifiers = valueImports(file, readFileSync(file, "utf8"));
      const targets = specifiers.map((s) => resolveSpecifier(file, s)).filter((t): t is string => t !== undefined);
      graph.set(file, [...new Set(targets)]);
      packages?.set(
        file,
        specifiers.filter((s) => !s.startsWith(".") && !s.startsWith("~/")),
      );
    }
  }
  return graph;
}

/** Every module `from` reaches through value imports (itself included). */
export function reachable(graph: ModuleGraph, from: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return seen;
}

/** The import cycles: strongly connected components of more than one module (Tarjan). */
export function cycles(graph: ModuleGraph): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}
