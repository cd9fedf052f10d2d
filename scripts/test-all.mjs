// `npm test`: every check, cheapest first, stopping at the first stage that fails, each timed.
// A stage of several checks runs them side by side (the machine has two cores; each of these
// leaves one partly idle) and prints each one's output once it has finished.
// With TEST_DATABASE_URL naming a server (CI starts one: .ci/run) the integration suite runs on it,
// and on embedded PostgreSQL (PGlite) only its smoke files; without it the whole suite runs on
// PGlite, and the scale harness (several instances on one PostgreSQL server) is skipped.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ensureSystemPackages } from "./system-packages.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const bin = (pkg, file) => path.join(ROOT, "node_modules", pkg, file);
const node = (...args) => [process.execPath, ...args];
const withoutPg = { TEST_DATABASE_URL: "" };
const usingPg = Boolean(process.env.TEST_DATABASE_URL);
const vitest = (project) => node(bin("vitest", "vitest.mjs"), "run", "--project", project);

const stages = [
  [
    { name: "typecheck", cmd: node(bin("typescript", "bin/tsc"), "--noEmit") },
    { name: "lint", cmd: node(bin("eslint", "bin/eslint.js"), "--max-warnings", "0", ".") },
    { name: "format (prettier --check)", cmd: node(bin("prettier", "bin/prettier.cjs"), "--check", "--log-level", "warn", ".") },
    { name: "schema and migrations agree", cmd: node("scripts/check-migrations.mjs") },
    { name: "unit tests", cmd: vitest("unit") },
  ],
  [
    // Once, on PostgreSQL when a server is named (what production runs), beside the embedded
    // database's own smoke files (vitest.config.ts); without a server, the whole suite on PGlite.
    { name: `integration tests (${usingPg ? "PostgreSQL" : "PGlite"})`, cmd: vitest("integration") },
    {
      name: "PGlite smoke tests",
      cmd: vitest("pglite-smoke"),
      env: { ...withoutPg, INTEGRATION_WORKERS: "1" },
      skip: !usingPg && "the whole integration suite ran on PGlite",
    },
  ],
  [{ name: "build", cmd: node("scripts/ensure-build.mjs", "--force") }],
  [
    // Each screen's first-load JavaScript against its budget, read from the build above (tests/build).
    { name: "JavaScript budget per screen", cmd: vitest("build") },
    {
      // Three production instances on one PostgreSQL database and an S3 server (tests/scale): needs
      // the build above and the PostgreSQL server.
      name: "scale harness (PostgreSQL, S3, three instances)",
      cmd: node("tests/scale/run.mjs"),
      skip: !usingPg && "TEST_DATABASE_URL is not set",
    },
  ],
  [{ name: "browser tests", cmd: node("tests/e2e/run.mjs") }],
];

// Rounded to whole seconds before splitting, so 1,079.6 s reads "18m 0s", not "17m 60s".
function format(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}
const timings = [];
const started = Date.now();

function summary() {
  console.info("\n--- stage times");
  for (const t of timings) console.info(`${t.status.padEnd(7)} ${format(t.ms).padStart(8)}  ${t.name}`);
  console.info(`${"".padEnd(7)} ${format(Date.now() - started).padStart(8)}  total`);
}

// The browser tests' failures once more, with why, after the stage times (a log is often read
// from its end): the digest tests/e2e/failure-digest.ts writes.
const FAILURE_DIGEST = path.join(ROOT, "test-results", "failure-digest.txt");
function failureDigest() {
  if (!fs.existsSync(FAILURE_DIGEST)) return;
  const lines = fs.readFileSync(FAILURE_DIGEST, "utf8").trimEnd().split("\n");
  console.info("\n--- browser test failures");
  console.info(lines.slice(0, 30).join("\n"));
  if (lines.length > 30) console.info(`  … ${lines.length - 30} more lines in test-results/failure-digest.txt`);
}

/** Runs one check; alone it prints as it goes, beside others its output is held until it ends. */
function run(check, alone) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(check.cmd[0], check.cmd.slice(1), {
      cwd: ROOT,
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...check.env },
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const ms = Date.now() - t0;
      const ok = code === 0;
      if (!alone) {
        console.info(`\n--- ${check.name} (output)`);
        process.stdout.write(Buffer.concat(output));
      }
      console.info(`--- ${check.name}: ${ok ? "ok" : "FAILED"} in ${format(ms)}`);
      timings.push({ name: check.name, status: ok ? "ok" : "FAILED", ms });
      resolve(ok);
    });
  });
}

// Chromium and Poppler come from Debian, not npm: installed here when this user can, else the
// run stops now with the command to type, rather than at the browser stage twenty minutes in.
const missingCommand = ensureSystemPackages();
if (missingCommand) {
  console.error(`Some Debian packages the tests need are missing, and they could not be installed here. Run:\n  ${missingCommand}`);
  process.exit(1);
}

for (const stage of stages) {
  const checks = stage.filter((check) => {
    if (!check.skip) return true;
    console.info(`\n--- ${check.name}: skipped (${check.skip})`);
    timings.push({ name: check.name, status: "skipped", ms: 0 });
    return false;
  });
  if (checks.length === 0) continue;
  console.info(`\n--- ${checks.map((c) => c.name).join(" | ")}`);
  const results = await Promise.all(checks.map((check) => run(check, checks.length === 1)));
  if (results.includes(false)) {
    summary();
    if (stage.some((check) => check.name === "browser tests")) failureDigest();
    process.exit(1);
  }
}
summary();
