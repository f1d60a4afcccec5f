// ESLint for the whole repository: typescript-eslint's recommended rules, React's rules of hooks,
// and jsx-a11y's accessibility checks for the components. `npm run lint` (part of `npm test`).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { COMPOSITION, DOMAIN_IMPORTS } from "./scripts/lint/boundaries.js";

const ZOD_ONE_WAY = { regex: "^zod/", message: 'Import Zod one way: import { z } from "zod".' };

/** `no-restricted-imports` for a zone: Zod one way, and these patterns refused (type imports allowed). */
const zone = (patterns) => ({
  "no-restricted-imports": "off",
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { patterns: [ZOD_ONE_WAY, ...patterns.map((p) => ({ allowTypeImports: true, ...p }))] },
  ],
});
const SERVER = ["app/server/**", "server/**"];
/** The domains a domain's modules may not import (scripts/lint/boundaries.js). */
const domainZones = Object.entries(DOMAIN_IMPORTS).map(([domain, allowed]) => {
  const refused = Object.keys(DOMAIN_IMPORTS).filter((d) => d !== domain && !allowed.includes(d));
  return {
    files: [`app/server/${domain}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: zone(
      refused.length === 0
        ? []
        : [
            {
              regex: `^(~/server|(\\.\\./)+server)/(${refused.join("|")})/`,
              message: `app/server/${domain} may import only ${allowed.join(", ") || "the shared ground"} of the other domains (scripts/lint/boundaries.js).`,
            },
          ],
    ),
  };
});

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "reports/",
      "test-results/",
      "data/",
      ".data/",
      "products/files/",
      "public/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Zod one way: `import { z } from "zod"` (docs/decisions/024-forms-on-conform.md).
      "no-restricted-imports": ["error", { patterns: [ZOD_ONE_WAY] }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.recommended.rules },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      // An effect's return value is its cleanup. An arrow written as an expression returns whatever
      // the call returns: in Chromium 156 `window.scrollTo()` returns a Promise, React took it for
      // a cleanup and threw when the page was left (issue 39). Effects use a block body.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression:first-child[body.type!='BlockStatement']",
          message: "Write an effect with a block body: { ... }. Its return value is taken for a cleanup function.",
        },
        {
          selector:
            "CallExpression[callee.property.name=/^use(Layout|Insertion)?Effect$/] > ArrowFunctionExpression:first-child[body.type!='BlockStatement']",
          message: "Write an effect with a block body: { ... }. Its return value is taken for a cleanup function.",
        },
      ],
    },
  },
  // Zones (scripts/lint/boundaries.js): browser code never imports the server; db/ never imports
  // app/server; the shared ground imports no domain; each domain only the ones listed.
  {
    files: ["app/lib/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: zone([
      { regex: "^~/server/", message: "Browser code (app/lib, app/components) never imports app/server." },
      { regex: "^(\\.\\./)+(server|db)/", message: "Browser code (app/lib, app/components) never imports the server or the database." },
      { group: SERVER, message: "Browser code never imports the server." },
    ]),
  },
  {
    files: ["app/components/ui/**/*.{ts,tsx}"],
    rules: zone([
      {
        regex: "^~/(server|routes|components/(?!ui/))",
        message: "A ui/ primitive knows nothing of the site: it imports only other primitives and app/lib.",
      },
    ]),
  },
  {
    files: ["db/**/*.ts"],
    rules: zone([{ regex: "app/server/", message: "db/ is read by drizzle-kit alone: it never imports app/server." }]),
  },
  {
    files: ["app/server/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", ...COMPOSITION],
    rules: zone([
      {
        regex: "^~/server/[a-z-]+/",
        message: "The shared ground (app/server/*.server.ts) imports no domain; config.server.ts composes them.",
      },
    ]),
  },
  ...domainZones,
  {
    // The server logs through its one JSON logger (app/server/log.server.ts), never the console.
    files: ["server/**/*.ts", "app/server/**/*.ts", "app/routes/**/*.{ts,tsx}", "app/entry.server.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "error" },
  },
);
