import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
];

export default config;
