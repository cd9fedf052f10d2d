// Fingerprint of everything a production build depends on: tracked sources, lockfile, the steps
// after `next build`, and the environment values baked into static pages. `npm start` rebuilds when
// it changes, or when the build lacks its static pages' CSP hashes (scripts/static-page-csp.mjs).
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { readStaticPageCsp } from "./static-page-csp.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const INPUTS = [
  "src",
  "public",
  "scripts/ensure-build.mjs",
  "scripts/compile-hints.mjs",
  "scripts/static-page-csp.mjs",
  "scripts/scripts-after-first-frame.mjs",
  "package.json",
  "package-lock.json",
  "next.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
];
// Public values read by statically rendered pages (src/config/site.ts).
const BAKED_ENV = ["SITE_NAME", "SITE_SHORT_NAME", "CONTACT_EMAIL", "BLOG_URL", "SOCIAL_LINKEDIN_URL", "SOCIAL_GITHUB_URL", "SOCIAL_X_URL"];
export const FINGERPRINT_FILE = path.join(ROOT, ".next", "BUILD_FINGERPRINT");

function walk(target, out) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(target).sort()) walk(path.join(target, name), out);
  } else {
    out.push(target);
  }
}

export function computeFingerprint() {
  const hash = createHash("sha256");
  const files = [];
  for (const input of INPUTS) walk(path.join(ROOT, input), files);
  for (const file of files) {
    hash.update(path.relative(ROOT, file));
    hash.update(fs.readFileSync(file));
  }
  for (const name of BAKED_ENV) hash.update(`${name}=${process.env[name] ?? ""}`);
  return hash.digest("hex");
}

export function isBuildCurrent() {
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return false;
  try {
    readStaticPageCsp(path.join(ROOT, ".next"));
    return fs.readFileSync(FINGERPRINT_FILE, "utf8").trim() === computeFingerprint();
  } catch {
    return false;
  }
}

export function recordFingerprint() {
  fs.writeFileSync(FINGERPRINT_FILE, computeFingerprint());
}
