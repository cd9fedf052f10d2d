// `npm run test:scale` (tests/scale/run.mjs): the multi-instance harness, one file at a time, one
// cluster per file (each starts three production servers: the expensive part).
import path from "node:path";
import { defineConfig } from "vitest/config";

const ROOT = path.resolve(import.meta.dirname, "../..");
const alias = {
  "@": path.join(ROOT, "src"),
  "server-only": path.join(ROOT, "tests/helpers/empty-module.ts"),
};

export default defineConfig({
  root: ROOT,
  resolve: { alias },
  test: {
    name: "scale",
    include: ["tests/scale/**/*.test.ts"],
    environment: "node",
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 240_000,
  },
});
