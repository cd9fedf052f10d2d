// Builds the app when no build matches the current sources (see build-fingerprint.mjs): `next build`,
// then the compile hints (they change chunk bytes), then the static pages' CSP hashes (computed from
// the chunks as served), and last the fingerprint, so an interrupted run leaves no current build.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { isBuildCurrent, recordFingerprint } from "./build-fingerprint.mjs";
import { addCompileHints } from "./compile-hints.mjs";
import { moveScriptsAfterFirstFrame } from "./scripts-after-first-frame.mjs";
import { writeStaticPageCsp } from "./static-page-csp.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");

export function ensureBuild({ force = false } = {}) {
  if (!force && isBuildCurrent()) return;
  console.info("[start] no current build: running `next build` (about a minute on first start)...");
  const nextBin = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
  const result = spawnSync(process.execPath, [nextBin, "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("[start] build failed");
    process.exit(result.status ?? 1);
  }
  addCompileHints(path.join(ROOT, ".next"));
  moveScriptsAfterFirstFrame(path.join(ROOT, ".next"));
  writeStaticPageCsp(path.join(ROOT, ".next"));
  recordFingerprint();
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild({ force: process.argv.includes("--force") });
