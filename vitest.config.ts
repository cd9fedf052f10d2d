import path from "node:path";
import { configDefaults, defineConfig, type ViteUserConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  // A domain's integration tests (src/features/<domain>/tests) reach the shared test helpers by it.
  "@tests": path.resolve(import.meta.dirname, "tests"),
  // Outside React Server Components this package throws on import; tests and tools are server code.
  "server-only": path.resolve(import.meta.dirname, "tests/helpers/empty-module.ts"),
};

// A slice's unit tests sit in its tests/ beside its integration tests, named *.unit.test.ts: no database.
const SLICE_UNIT_TESTS = "src/features/*/tests/**/*.unit.test.ts";

const PGLITE_SMOKE = [
  "tests/integration/foundation.test.ts",
  "tests/integration/prepared-pglite.test.ts",
  "src/features/operations/tests/data-dir-lock.test.ts",
  "src/features/operations/tests/startup-decisions.test.ts",
  "src/features/operations/tests/health.test.ts",
  "src/features/portal/tests/portal-data.test.ts",
  "src/features/findings/tests/findings.test.ts",
  "src/features/invoices/tests/admin-invoices.test.ts",
  // The job engine runs on the embedded database through its own adapter: retries, dead letters,
  // schedules, shutdown, and delivery through a running engine.
  "tests/integration/job-engine.test.ts",
  "tests/integration/job-delivery.test.ts",
];

/** The integration projects' shared settings. */
const integration = {
  sequence: { groupOrder: 1 },
  environment: "node",
  setupFiles: ["tests/integration/helpers/setup-env.ts"],
  // Once per run: the migrated and the demo-seeded database each file's database is copied from.
  globalSetup: ["tests/integration/helpers/global-setup.ts"],
  // better-auth's nextCookies plugin imports next/headers itself: inlined, it sees the tests'
  // next/headers mock, so a test playing a browser gets the cookies an action sets.
  server: { deps: { inline: [/better-auth\/dist\/integrations\/next-js/] } },
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Each file gets its own database; two cores, so two files at a time. Worker threads, not
  // processes: a file starts sooner, and PGlite's WebAssembly is compiled once per process
  // rather than once per file (process.env stays each thread's own copy).
  pool: "threads",
  maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
} satisfies NonNullable<ViteUserConfig["test"]>;

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts", SLICE_UNIT_TESTS], environment: "node", sequence: { groupOrder: 0 } },
      },
      {
        resolve: { alias },
        test: {
          ...integration,
          name: "integration",
          include: ["tests/integration/**/*.test.ts", "src/features/*/tests/**/*.test.ts"],
          exclude: [...configDefaults.exclude, SLICE_UNIT_TESTS],
        },
      },
      // npm test runs the whole integration suite once, on PostgreSQL (what production runs); these
      // files prove the embedded database on their own: the migrations and the demo seed, its
      // prepared statements, its data folder lock, the start-up decisions, and the data reads whose
      // value types (numeric, JSON, timestamps) a driver could answer differently.
      { resolve: { alias }, test: { ...integration, name: "pglite-smoke", include: PGLITE_SMOKE, sequence: { groupOrder: 2 } } },
      // Checks of the production build (.next), run after `npm test`'s build stage: the JavaScript
      // budget per screen.
      {
        resolve: { alias },
        test: { name: "build", include: ["tests/build/**/*.test.ts"], environment: "node", sequence: { groupOrder: 3 } },
      },
    ],
  },
});
