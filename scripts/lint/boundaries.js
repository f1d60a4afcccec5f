// The layers of the code and what each may import, in one table read by ESLint (eslint.config.js,
// as you type) and by scripts/lint/module-boundaries.test.ts (on the whole import graph, which
// also fails when an entry below is no longer needed, so the table only ever shrinks to the truth).
//
// - app/lib and app/components are browser code: they never import app/server or db (a type
//   import is erased at build time and allowed; the component still gets no server code).
// - db/ (the schema and its lists) imports nothing of app/server: drizzle-kit reads it alone.
// - app/server's top level is the shared ground (db, env, log, audit, tokens, dates...): it imports
//   no domain, except config.server.ts, which composes them at start-up.
// - Each domain of app/server imports the ground and the domains listed here, nothing else.

/** Each domain folder of app/server, and the other domains its modules may import. */
export const DOMAIN_IMPORTS = {
  admin: ["audience", "delivery", "mail", "payments"],
  audience: ["mail"],
  content: ["audience", "payments", "shop"],
  delivery: ["document", "payments"],
  disputes: ["audience", "delivery", "mail"],
  document: [],
  forms: ["audience", "mail"],
  mail: ["audience", "delivery", "payments", "shop"],
  maintenance: ["admin"],
  payments: ["audience", "content", "delivery", "forms", "mail"],
  shop: ["audience", "content", "forms", "mail"],
  tools: [],
};

/**
 * Top-level modules of app/server that may import domains: the start-up composition, and the
 * environment's validation, which checks each domain's settings with that domain's own parser.
 */
export const COMPOSITION = ["app/server/config.server.ts", "app/server/env.server.ts"];
