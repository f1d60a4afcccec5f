// ESLint for the whole repository: typescript-eslint's recommended rules, React's rules of hooks,
// and jsx-a11y's accessibility checks for the components. `npm run lint` (part of `npm test`).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
      "no-restricted-imports": ["error", { patterns: [{ regex: "^zod/", message: 'Import Zod one way: import { z } from "zod".' }] }],
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
  {
    // The server logs through its one JSON logger (app/server/log.server.ts), never the console.
    files: ["server/**/*.ts", "app/server/**/*.ts", "app/routes/**/*.{ts,tsx}", "app/entry.server.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "error" },
  },
);
