import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import boundaries from "eslint-plugin-boundaries";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import { layersPlugin } from "./tools/eslint/client-boundary.mjs";
import { modulesPlugin } from "./tools/eslint/module-cycles.mjs";

// The layers and the modules (docs/ARCHITECTURE.md, "Rules"): the database is reached through the
// modules under src/server/modules, each through its index.ts; the core (src/server/core) imports no
// module; src/lib is shared with the browser and knows nothing of the server; "use client" files get
// server data as props; and no import cycle, between files or between modules.
const SERVER_FROM_COMPONENTS = {
  regex: "^(@/server|(\\.\\./)+server)(/|$)",
  allowTypeImports: true,
  message: "Components get server data as props: the page (or route) calls the data function. Type imports are fine.",
};
// One busy state (src/components/README.md, "Conventions"): every change, form and navigation a
// component waits for goes through useChange, the one place that holds a transition.
const ONE_BUSY_STATE = "Run it through useChange (src/components/ui/use-change.ts), the one busy state; a form through useFormSubmit.";
const BUSY_HOOKS = [
  { name: "react", importNames: ["useTransition", "startTransition", "useActionState", "useOptimistic"], message: ONE_BUSY_STATE },
  { name: "react-dom", importNames: ["useFormStatus"], message: ONE_BUSY_STATE },
];
const SUBMITTING_FLAG = {
  selector: "MemberExpression[property.name='isSubmitting'], Property[key.name='isSubmitting']",
  message: "react-hook-form's isSubmitting is not the busy state: send the form with useFormSubmit and show its `busy`.",
};
// Transactions and rate limits each in one layer (docs/ARCHITECTURE.md, "Rules"): the module function
// that needs a transaction opens it, and a limit is counted by the function named for it (a module's, or
// the core's for the CSP reports), so a screen or route neither opens one nor counts one.
const TRANSACTION_IN_SCREEN = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: "Transactions are opened by the module function that needs them: call it with getDb(), not with a transaction.",
};
const RATE_LIMITS = {
  name: "@/server/core/rate-limit",
  importNames: ["hitRateLimit", "enforceRateLimit", "rateLimitRoom"],
  message:
    "Rate limits are counted below the entry points: call the module's function named for the limit (for example limitContactSender).",
};
const SERVER_FROM_LIB = {
  regex: "^(@/server|(\\.\\./)+server)(/|$)",
  message: "src/lib is shared with the browser: it must not depend on src/server.",
};

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", "drizzle/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    // Playwright fixtures and test helpers use `use` and `use*` names that are not React hooks.
    files: ["tests/**", "scripts/**", "tools/**", "bench/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["src/app/**"],
    rules: { "no-restricted-imports": ["error", { paths: [...BUSY_HOOKS, RATE_LIMITS] }] },
  },
  {
    files: ["src/components/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_FROM_COMPONENTS] }] },
  },
  {
    files: ["src/components/**"],
    ignores: ["src/components/ui/use-change.ts"],
    rules: { "no-restricted-imports": ["error", { paths: BUSY_HOOKS }] },
  },
  {
    files: ["src/app/**", "src/components/**"],
    rules: { "no-restricted-syntax": ["error", SUBMITTING_FLAG, TRANSACTION_IN_SCREEN] },
  },
  {
    files: ["src/lib/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [SERVER_FROM_LIB] }] },
  },
  {
    files: ["src/**"],
    plugins: { layers: layersPlugin },
    rules: { "layers/client-boundary": "error" },
  },
  {
    files: ["src/**"],
    plugins: { boundaries },
    settings: {
      // Re-exports and dynamic imports are dependencies too (the plugin checks static imports only by default).
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
      // First match wins: the core's database before the rest of the core.
      "boundaries/elements": [
        { type: "module", pattern: "src/server/modules/*", partialMatch: false, capture: ["name"] },
        { type: "core-db", pattern: "src/server/core/db", partialMatch: false },
        { type: "core", pattern: "src/server/core", partialMatch: false },
        { type: "app", pattern: "src/app", partialMatch: false },
        { type: "components", pattern: "src/components", partialMatch: false },
        { type: "lib", pattern: "src/lib", partialMatch: false },
        { type: "config", pattern: "src/config", partialMatch: false },
        { type: "root", pattern: "src", partialMatch: false },
      ],
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        {
          default: "allow",
          // Also look at packages (the query builder below), not only at our own files.
          checkAllOrigins: true,
          policies: [
            {
              // Within a module its files import each other freely (internal dependencies are not checked).
              disallow: { to: { element: { type: "module", fileInternalPath: "!index.ts" } } },
              message:
                'Import the {{ to.captured.name }} module through its index ("@/server/modules/{{ to.captured.name }}"), not one of its files: add what you need to its index.ts.',
            },
            {
              from: { element: { type: ["core", "core-db"] } },
              disallow: { to: { element: { type: ["module", "app", "components"] } } },
              message: "The core (src/server/core) imports no module and no screen: move the code that needs a module into a module.",
            },
            {
              from: { element: { type: "module" } },
              disallow: { to: { element: { type: ["app", "components"] } } },
              message: "Modules do not import screens: src/app and src/components call modules, not the other way round.",
            },
            {
              from: { element: { type: ["app", "components", "lib", "config", "root"] } },
              disallow: [{ to: { element: { type: "core-db" } } }, { to: { module: { origin: "external", source: "drizzle-orm{,/**}" } } }],
              message:
                "Only the modules (src/server/modules) and the core touch the database: call a module's function through its index, with getDb from @/server/core/get-db.",
            },
          ],
        },
      ],
    },
  },
  {
    // Cycles: between files (import-x, runtime imports) and between modules (type imports included).
    files: ["src/**/*.{ts,tsx,mts,js,mjs}"],
    plugins: { "import-x": importX, modules: modulesPlugin },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      // Which imported files it reads (its default is JavaScript only).
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs"],
    },
    rules: { "import-x/no-cycle": "error", "modules/no-module-cycle": "error" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;
