import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import boundaries from "eslint-plugin-boundaries";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import { layersPlugin } from "./tools/eslint/client-boundary.mjs";
import { modulesPlugin } from "./tools/eslint/module-cycles.mjs";

// The layers and the features (docs/ARCHITECTURE.md, "Rules"): each domain is one folder,
// src/features/<domain>, holding its server module (server/, reached through its index.ts), its
// actions, validation, components and tests; the database is reached through the modules; the core
// (src/server/core) imports no feature; src/lib and the validation are shared with the browser and
// know nothing of the server; components get server data as props and import nothing from src/app;
// and no import cycle, between files or between modules.
const SERVER_FROM_COMPONENTS = {
  regex: "^(@/server|@/features/[^/]+/server|(\\.\\./)+server)(/|$)",
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
// isBusy (useChange and useFormSubmit answer the same boolean) is never null: the running change's
// name is `running`. A boolean tested against null was always true and froze the retainer's forms.
const BUSY_AGAINST_NULL = {
  selector:
    "BinaryExpression[operator=/^[!=]==?$/][right.raw='null'][left.name='isBusy'], BinaryExpression[operator=/^[!=]==?$/][right.raw='null'][left.property.name='isBusy']",
  message: "isBusy is a boolean: test it as is; the running change's name is `running` (useChange).",
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
  regex: "^(@/server|@/features/[^/]+/server|(\\.\\./)+server)(/|$)",
  message: "src/lib and a feature's validation are shared with the browser: they must not depend on server code.",
};
// Where a kind of file lives, in each feature too.
const COMPONENTS = ["src/components/**", "src/features/*/components/**"];
const ACTIONS = ["src/features/*/actions/**"];
const SHARED = ["src/lib/**", "src/features/*/validation/**"];
const FEATURE_TESTS = "src/features/*/tests/**";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [".next/**", "node_modules/**", "drizzle/**", "data/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    // Playwright fixtures and test helpers use `use` and `use*` names that are not React hooks.
    files: ["tests/**", "scripts/**", "tools/**", "bench/**", FEATURE_TESTS],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["src/app/**", ...ACTIONS],
    rules: { "no-restricted-imports": ["error", { paths: [...BUSY_HOOKS, RATE_LIMITS] }] },
  },
  {
    files: COMPONENTS,
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_FROM_COMPONENTS] }] },
  },
  {
    files: COMPONENTS,
    ignores: ["src/components/ui/use-change.ts"],
    rules: { "no-restricted-imports": ["error", { paths: BUSY_HOOKS }] },
  },
  {
    files: ["src/app/**", ...COMPONENTS, ...ACTIONS],
    rules: { "no-restricted-syntax": ["error", SUBMITTING_FLAG, BUSY_AGAINST_NULL, TRANSACTION_IN_SCREEN] },
  },
  {
    files: SHARED,
    rules: { "no-restricted-imports": ["error", { patterns: [SERVER_FROM_LIB] }] },
  },
  {
    files: ["src/**"],
    plugins: { layers: layersPlugin },
    rules: { "layers/client-boundary": "error" },
  },
  {
    files: ["src/**"],
    // A feature's tests may reach into its files, as the tests under tests/ do.
    ignores: [FEATURE_TESTS],
    plugins: { boundaries },
    settings: {
      // Re-exports and dynamic imports are dependencies too (the plugin checks static imports only by default).
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
      // First match wins: the core's database before the rest of the core.
      "boundaries/elements": [
        { type: "module", pattern: "src/features/*/server", partialMatch: false, capture: ["name"] },
        { type: "feature-components", pattern: "src/features/*/components", partialMatch: false, capture: ["name"] },
        { type: "feature-actions", pattern: "src/features/*/actions", partialMatch: false, capture: ["name"] },
        { type: "feature-validation", pattern: "src/features/*/validation", partialMatch: false, capture: ["name"] },
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
              // Its tables (server/schema) are reached directly: other slices' tables name them in foreign keys, and
              // tests/unit/table-owners.test.ts counts any other slice's code that still does.
              disallow: { to: { element: { type: "module", fileInternalPath: "!{index.ts,schema.ts,schema/**}" } } },
              message:
                'Import the {{ to.captured.name }} module through its index ("@/features/{{ to.captured.name }}/server"), not one of its files: add what you need to its index.ts.',
            },
            {
              // A slice is one unit: its own actions reach its server files directly, so its index is the door
              // other slices and the screens use, not a list of everything its actions call.
              from: { element: { type: "feature-actions" } },
              allow: { to: { element: { type: "module", captured: { name: "{{ from.name }}" } } } },
            },
            {
              // …and its components the types of what its pages hand them.
              from: { element: { type: "feature-components" } },
              allow: { to: { element: { type: "module", captured: { name: "{{ from.name }}" } } }, dependency: { kind: "type" } },
            },
            {
              from: { element: { type: ["core", "core-db"] } },
              disallow: {
                to: { element: { type: ["module", "app", "components", "feature-components", "feature-actions", "feature-validation"] } },
              },
              message: "The core (src/server/core) imports no feature and no screen: move the code that needs a feature into its module.",
            },
            {
              from: { element: { type: "module" } },
              disallow: { to: { element: { type: ["app", "components", "feature-components", "feature-actions"] } } },
              message: "Modules do not import screens or actions: pages, components and actions call modules, not the other way round.",
            },
            {
              from: { element: { type: ["components", "feature-components", "feature-validation"] } },
              disallow: { to: { element: { type: "app" } } },
              message:
                "Nothing but src/app imports from src/app: put what a component needs in its feature (actions, validation, components).",
            },
            {
              from: {
                element: {
                  type: ["app", "components", "feature-components", "feature-actions", "feature-validation", "lib", "config", "root"],
                },
              },
              disallow: [
                { to: { element: { type: "core-db" } } },
                { to: { element: { type: "module", fileInternalPath: "{schema.ts,schema/**}" } } },
                { to: { module: { origin: "external", source: "drizzle-orm{,/**}" } } },
              ],
              message:
                "Only the modules (src/features/<domain>/server) and the core touch the database: call a module's function through its index, with getDb from @/server/core/get-db.",
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
    rules: { "import-x/no-cycle": "error", "modules/no-module-cycle": "error", "modules/slice-door": "error" },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;
