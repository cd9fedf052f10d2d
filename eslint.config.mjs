import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { layersPlugin } from "./tools/eslint/client-boundary.mjs";

// The layers (docs/ARCHITECTURE.md): src/server/data owns database access, src/lib is shared with
// the browser and knows nothing of the server, and "use client" files get server data as props.
const DB_OUTSIDE_DATA = {
  regex: "^(@/server/db|(\\.\\./)+server/db)(/|$)",
  message: "Only src/server/data touches the database: call a data function (with getDb from @/server/data/db).",
};
const SERVER_FROM_COMPONENTS = {
  regex: "^(@/server|(\\.\\./)+server)(/|$)",
  allowTypeImports: true,
  message: "Components get server data as props: the page (or route) calls the data function. Type imports are fine.",
};
// One busy state (docs/ARCHITECTURE.md, "UI conventions"): every change, form and navigation a
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
    rules: { "no-restricted-imports": ["error", { patterns: [DB_OUTSIDE_DATA], paths: BUSY_HOOKS }] },
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
    rules: { "no-restricted-syntax": ["error", SUBMITTING_FLAG] },
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
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;
