// `npm run test:scale`: the production build (built first if missing or stale, as `npm start`
// does), then the multi-instance harness on the PostgreSQL server named by TEST_DATABASE_URL
// (CI starts one: .ci/run). Each run creates its own database and drops it afterwards.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { ensureBuild } from "../../scripts/ensure-build.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
if (!process.env.TEST_DATABASE_URL) {
  console.error("test:scale needs a PostgreSQL server: set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:55432/postgres");
  process.exit(1);
}
ensureBuild();
const vitest = path.join(ROOT, "node_modules", "vitest", "vitest.mjs");
const result = spawnSync(process.execPath, [vitest, "run", "--config", "tests/scale/vitest.config.ts", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
