// `npm test`: every check, cheapest first, stopping at the first that fails, each stage timed.
// The PostgreSQL pass runs when TEST_DATABASE_URL names a server (CI starts one: .ci/run);
// without it the integration suite runs on embedded PostgreSQL (PGlite) only, and the scale harness
// (several instances on one PostgreSQL server) is skipped.
import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (pkg, file) => path.join(ROOT, "node_modules", pkg, file);
const node = (...args) => [process.execPath, ...args];
const withoutPg = { TEST_DATABASE_URL: "" };

const stages = [
  { name: "typecheck", cmd: node(bin("typescript", "bin/tsc"), "--noEmit") },
  { name: "lint", cmd: node(bin("eslint", "bin/eslint.js"), "--max-warnings", "0", ".") },
  { name: "schema and migrations agree", cmd: node("scripts/check-migrations.mjs") },
  { name: "unit tests", cmd: node(bin("vitest", "vitest.mjs"), "run", "--project", "unit") },
  { name: "integration tests (PGlite)", cmd: node(bin("vitest", "vitest.mjs"), "run", "--project", "integration"), env: withoutPg },
  {
    name: "integration tests (PostgreSQL)",
    cmd: node(bin("vitest", "vitest.mjs"), "run", "--project", "integration"),
    skip: !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL is not set",
  },
  { name: "build", cmd: node("scripts/ensure-build.mjs", "--force") },
  {
    // Three production instances on one PostgreSQL database and an S3 server (tests/scale): needs
    // the build above and the PostgreSQL server.
    name: "scale harness (PostgreSQL, S3, three instances)",
    cmd: node("tests/scale/run.mjs"),
    skip: !process.env.TEST_DATABASE_URL && "TEST_DATABASE_URL is not set",
  },
  { name: "browser tests", cmd: node("tests/e2e/run.mjs") },
];

const format = (ms) => (ms >= 60_000 ? `${Math.floor(ms / 60_000)}m ${Math.round((ms % 60_000) / 1000)}s` : `${(ms / 1000).toFixed(1)}s`);
const timings = [];
const started = Date.now();

function summary() {
  console.info("\n--- stage times");
  for (const t of timings) console.info(`${t.status.padEnd(7)} ${format(t.ms).padStart(8)}  ${t.name}`);
  console.info(`${"".padEnd(7)} ${format(Date.now() - started).padStart(8)}  total`);
}

for (const stage of stages) {
  if (stage.skip) {
    console.info(`\n--- ${stage.name}: skipped (${stage.skip})`);
    timings.push({ name: stage.name, status: "skipped", ms: 0 });
    continue;
  }
  console.info(`\n--- ${stage.name}`);
  const t0 = Date.now();
  const result = spawnSync(stage.cmd[0], stage.cmd.slice(1), { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...stage.env } });
  const ms = Date.now() - t0;
  const ok = result.status === 0;
  timings.push({ name: stage.name, status: ok ? "ok" : "FAILED", ms });
  console.info(`--- ${stage.name}: ${ok ? "ok" : "FAILED"} in ${format(ms)}`);
  if (!ok) {
    summary();
    process.exit(result.status ?? 1);
  }
}
summary();
