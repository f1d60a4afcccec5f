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
    // The server logs through its one JSON logger (app/server/log.server.ts), never the console.
    files: ["server/**/*.ts", "app/server/**/*.ts", "app/routes/**/*.{ts,tsx}", "app/entry.server.tsx"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-console": "error" },
  },
);
