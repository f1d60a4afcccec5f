import { readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { COMPOSITION, DOMAIN_IMPORTS } from "./boundaries.js";
import { cycles, type PackageImports, reachable, readModuleGraph, valueImports } from "./module-graph";

/**
 * The boundaries of issue 52, item 5, on the whole import graph of the runtime code (app/, server/,
 * db/), read with TypeScript's parser: no cycles, browser code apart from the server, the table
 * of what each domain may import (scripts/lint/boundaries.js) exactly true, unique module names,
 * and module-level state in few places.
 */
const packages: PackageImports = new Map();
const graph = readModuleGraph(packages);
const domainOf = (file: string) => /^app\/server\/([a-z-]+)\//.exec(file)?.[1];

describe("the import graph", () => {
  it("is read: every runtime module, with its imports", () => {
    expect(graph.size).toBeGreaterThan(250);
    expect(graph.get("app/server/payments/fulfilment.server.ts")).toContain("app/server/db.server.ts");
  });

  it("has no cycles", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("finds a cycle and leaves type-only imports out", () => {
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
          ["d", ["a"]],
        ]),
      ),
    ).toEqual([["a", "b", "c"]]);
    expect(
      valueImports(
        "x.ts",
        'import type { A } from "./a"; import { type B } from "./b"; import { C, type D } from "./c"; export * from "./e";',
      ),
    ).toEqual(["./c", "./e"]);
  });

  it("keeps browser code (app/lib, app/components) and db/ apart from the server", () => {
    const crossings = [...graph].flatMap(([file, targets]) =>
      /^app\/(lib|components)\//.test(file) || file.startsWith("db/")
        ? targets.filter((t) => t.startsWith("app/server/") || t.startsWith("server/")).map((t) => `${file} -> ${t}`)
        : [],
    );
    expect(crossings).toEqual([]);
  });

  it("keeps the shared ground of app/server free of the domains", () => {
    const crossings = [...graph].flatMap(([file, targets]) =>
      /^app\/server\/[^/]+$/.test(file) && !COMPOSITION.includes(file)
        ? targets.filter((t) => domainOf(t)).map((t) => `${file} -> ${t}`)
        : [],
    );
    expect(crossings).toEqual([]);
  });

  it("lets each domain import only the domains its row of scripts/lint/boundaries.js names, each of them used", () => {
    const used = new Map<string, Set<string>>();
    const refused: string[] = [];
    for (const [file, targets] of graph) {
      const from = domainOf(file);
      if (!from) continue;
      for (const target of targets) {
        const to = domainOf(target);
        if (!to || to === from) continue;
        if (!(DOMAIN_IMPORTS as Record<string, string[]>)[from]?.includes(to)) refused.push(`${file} -> ${target}`);
        else used.set(from, (used.get(from) ?? new Set()).add(to));
      }
    }
    expect(refused).toEqual([]);
    const domains = new Set([...graph.keys()].map(domainOf).filter(Boolean));
    expect(Object.keys(DOMAIN_IMPORTS).sort()).toEqual([...domains].sort());
    const unused = Object.entries(DOMAIN_IMPORTS).flatMap(([from, allowed]) =>
      allowed.filter((to) => !used.get(from)?.has(to)).map((to) => `${from} -> ${to}`),
    );
    expect(unused).toEqual([]);
  });
});

describe("the serving process", () => {
  /** HTML parsers and what carries one: the build and the page finisher's own process use them, the server never. */
  const PARSERS = /^(parse5|parse5-html-rewriting-stream|beasties|htmlparser2|cheerio|jsdom|linkedom)(\/|$)/;

  it("imports no HTML parser: from server/main.ts and the app it serves (its document, root and every route module), none is reached", () => {
    const routes = [...graph.keys()].filter((file) => file.startsWith("app/routes/"));
    expect(routes.length).toBeGreaterThan(50);
    const served = reachable(graph, ["server/main.ts", "server/app.ts", "app/entry.server.tsx", "app/root.tsx", ...routes]);
    expect(served.has("app/server/payments/fulfilment.server.ts")).toBe(true);
    const parsing = [...served].flatMap((file) => (packages.get(file) ?? []).filter((p) => PARSERS.test(p)).map((p) => `${file} -> ${p}`));
    expect(parsing).toEqual([]);
  });

  it("would be caught importing one (the page finisher's process does)", () => {
    const finisher = reachable(graph, ["server/html-finisher-process.ts"]);
    expect([...finisher].some((file) => (packages.get(file) ?? []).some((p) => PARSERS.test(p)))).toBe(true);
  });
});

describe("modules", () => {
  it("have unique names under app/ (a name says which module it is)", () => {
    const byName = new Map<string, string[]>();
    for (const file of graph.keys()) {
      if (!file.startsWith("app/")) continue;
      const name = file.split("/").pop()!;
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    expect([...byName.values()].filter((files) => files.length > 1)).toEqual([]);
  });
});

/**
 * A module of app/server holds state when its top level declares a `let`, or a `const` made by
 * `new Map()`, `new Set()`, `new WeakMap()` with nothing in it (a container filled at run time).
 * State there lives as long as the process and is shared by every request and test in it.
 */
function statefulDeclarations(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isLet = (statement.declarationList.flags & ts.NodeFlags.Let) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      const emptyContainer =
        init &&
        ts.isNewExpression(init) &&
        ts.isIdentifier(init.expression) &&
        /^(Map|Set|WeakMap)$/.test(init.expression.text) &&
        !init.arguments?.length;
      if (isLet || emptyContainer) found.push(declaration.name.getText(source));
    }
  }
  return found;
}

describe("module-level state in app/server", () => {
  // Issue 52 asks for at most 3: the open database, the validated environment, the outbox's wake-up.
  // Everything else a server keeps lives on objects made at start-up (server/app.ts, AppConfig) and
  // handed over in the load context or to the worker. A new one fails here.
  it("is in these modules only", () => {
    const stateful = [...graph.keys()]
      .filter((file) => file.startsWith("app/server/"))
      .flatMap((file) => {
        const names = statefulDeclarations(file);
        return names.length ? [`${file}: ${names.join(", ")}`] : [];
      });
    expect(stateful).toEqual([
      "app/server/db.server.ts: opened",
      "app/server/env.server.ts: cached",
      "app/server/mail/outbox.server.ts: wake",
    ]);
  });
});
