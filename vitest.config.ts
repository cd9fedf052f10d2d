import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src"),
  // Outside React Server Components this package throws on import; tests and tools are server code.
  "server-only": path.resolve(import.meta.dirname, "tests/helpers/empty-module.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", sequence: { groupOrder: 0 } },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          sequence: { groupOrder: 1 },
          include: ["tests/integration/**/*.test.ts"],
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
          // npm test runs the PGlite and PostgreSQL passes side by side with one worker each.
          pool: "threads",
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
        },
      },
    ],
  },
});
