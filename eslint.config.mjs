import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { layersPlugin } from "./tools/eslint/client-boundary.mjs";

// The layers (docs/ARCHITECTURE.md): src/server/data owns database access, src/lib is shared with
// the browser and knows nothing of the server, and "use client" files get server data as props.
const DB_OUTSIDE_DATA = {
  regex: "^(@/server/core/db|(\\.\\./)+server/core/db)(/|$)",
  message: "Only src/server/data touches the database: call a data function (with getDb from @/server/core/get-db).",
};
const SERVER_FROM_COMPONENTS = {
  regex: "^(@/server|(\\.\\./)+server)(/|$)",
  allowTypeImports: true,
  message: "Components get server data as props: the page (or route) calls the data function. Type imports are fine.",
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
    rules: { "no-restricted-imports": ["error", { patterns: [DB_OUTSIDE_DATA] }] },
  },
  {
    files: ["src/components/**"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [SERVER_FROM_COMPONENTS] }] },
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
