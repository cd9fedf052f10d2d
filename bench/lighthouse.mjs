// `npm run bench:lighthouse [-- --runs N --path /x --save report.json --priority --check --pages landing,portal,admin --signed-in-runs N]`:
// Lighthouse 12 (mobile preset, simulated throttling) against the production build in Debian's
// chromium. Builds if needed, serves the app on a free port with a throwaway DATA_DIR and the demo
// data, prints the four category scores, LCP, CLS, TBT and the gzipped JavaScript the page loads,
// then what loading the lazily loaded contact form adds.
// Targets: the landing page budget in src/components/README.md ("Landing page speed"), then the
// landing again with the CPU slowdown doubled (bench/README.md, "The landing page"). Then the
// signed-in screens (`--pages`): the portal overview as the demo client and the admin dashboard as
// the demo admin, each signed in through the product's own sign-in endpoint first (its session
// cookie goes with every request Lighthouse makes); median of `--signed-in-runs` (5) runs,
// performance ≥ 95 with TBT ≤ 150 ms, and accessibility 100 (bench/README.md).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { CHROMIUM_FLAGS, freePort } from "../scripts/local-tools.mjs";

const ROOT = path.resolve(import.meta.dirname, "..");
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
const TARGETS = { performance: 98, tbtMs: 150, accessibility: 100, "best-practices": 100, seo: 100, cls: 0, jsKb: 150 };
const SIGNED_IN_TARGETS = { performance: 95, tbtMs: 150, accessibility: 100 };
// The landing page again with Lighthouse's CPU slowdown doubled (8x instead of the preset's 4x): a
// slower host of the same kind. TBT counts only each task's part over 50 ms, so a page at the edge
// passes on one host and fails on the next; this run shows the margin.
const SLOWED_CPU = 8;
const SLOWED_TARGETS = { performance: 90, tbtMs: 300 };
// The demo accounts (src/features/demo/server/demo-data.ts).
const SIGNED_IN_PAGES = {
  portal: { path: "/client-portal", email: "client@example.com", password: "demo-client-password", label: "portal overview (demo client)" },
  admin: { path: "/admin/dashboard", email: "admin@example.com", password: "demo-admin-password", label: "admin dashboard (demo admin)" },
};

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const runs = Math.max(1, Number(option("runs", "5")) || 5);
const pagePath = option("path", "/");
const check = args.includes("--check");
const saveTo = option("save", ""); // write the median run's full report (JSON) here (each signed-in screen's beside it)
const pages = option("pages", "landing,portal,admin").split(",");
const signedInRuns = Math.max(1, Number(option("signed-in-runs", "5")) || 5);

// Lighthouse's simulated throttling scales the main-thread work it observes, so on a machine whose
// cores are busy with other work (a shared CI box) the page looks slower than it is. --priority runs
// the server and the browser at a higher scheduling priority (needs the right to lower niceness).
if (args.includes("--priority")) {
  try {
    os.setPriority(-10);
    console.info("[bench] running at raised priority (nice -10)");
  } catch {
    console.warn("[bench] --priority: not permitted to raise the priority here; running at normal priority");
  }
}

if (!fs.existsSync(CHROME)) {
  console.error(`Lighthouse needs Chromium at ${CHROME} (apt-get install -y chromium), or set CHROME_PATH.`);
  process.exit(1);
}

async function waitForHealth(url, server, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not become healthy within ${timeoutMs / 1000} s`);
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const kib = (bytes) => (bytes / 1024).toFixed(1);
const ms = (value) => `${Math.round(value)} ms`;

/** Sum of the gzipped bodies of the given script URLs (gzip level 6, as servers usually send). */
async function gzippedSize(urls) {
  let total = 0;
  for (const url of urls) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 6 }).length;
  return total;
}

async function runLighthouse(url, extraHeaders, cpuSlowdownMultiplier) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS, logLevel: "error" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      ...(extraHeaders ? { extraHeaders } : {}),
      // Lighthouse merges a partial throttling object into the mobile preset (as the CLI's --throttling.x=y).
      ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    });
    if (!result) throw new Error("Lighthouse returned no result");
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function summarize(lhr) {
  const scripts = lhr.audits["network-requests"].details.items.filter((item) => item.resourceType === "Script");
  return {
    lhr,
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)])),
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    fcp: lhr.audits["first-contentful-paint"].numericValue,
    si: lhr.audits["speed-index"].numericValue,
    scriptUrls: scripts.map((item) => item.url),
    scriptTransfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    failing: Object.values(lhr.categories)
      .filter((category) => category.id !== "performance")
      .flatMap((category) =>
        category.auditRefs.filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1),
      )
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id].title}`),
  };
}

/** Scripts after scrolling to the contact form, which loads its own code on approach. */
async function scriptsAfterScrolling(url) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const urls = new Set();
    page.on("response", (response) => response.request().resourceType() === "script" && urls.add(response.url()));
    await page.goto(url, { waitUntil: "networkidle" });
    const before = new Set(urls);
    const form = page.locator("form[aria-label='Contact form']");
    if ((await form.count()) > 0) {
      await form.scrollIntoViewIfNeeded();
      await page.locator("form[data-ready='true']").waitFor({ timeout: 15_000 });
      await page.waitForLoadState("networkidle");
    }
    return { before: [...before], added: [...urls].filter((u) => !before.has(u)) };
  } finally {
    await browser.close();
  }
}

/** Signs in through the product's own endpoint (retrying while the demo seed is written); the cookie header. */
async function signIn(baseUrl, { email, password }) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl },
      body: JSON.stringify({ email, password }),
    });
    if (response.ok)
      return response.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    if (Date.now() > deadline) throw new Error(`sign-in of ${email} failed: ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A signed-in screen: its median run against SIGNED_IN_TARGETS; true when met. */
async function measureSignedIn(name, page) {
  const cookie = await signIn(baseUrl, page);
  const url = `${baseUrl}${page.path}`;
  const warm = await fetch(url, { headers: { cookie }, redirect: "manual" });
  if (!warm.ok) throw new Error(`${page.label}: ${warm.status} (not signed in?)`);
  console.info(`\nLighthouse ${signedInRuns} run(s), mobile preset, ${page.label}: ${url}`);
  const results = [];
  for (let i = 0; i < signedInRuns; i++) {
    const summary = summarize(await runLighthouse(url, { Cookie: cookie }));
    results.push(summary);
    const s = summary.scores;
    console.info(
      `run ${i + 1}: perf ${s.performance} a11y ${s.accessibility} bp ${s["best-practices"]} | ` +
        `FCP ${ms(summary.fcp)} LCP ${ms(summary.lcp)} TBT ${ms(summary.tbt)} CLS ${summary.cls.toFixed(3)}`,
    );
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance || b.tbt - a.tbt);
  const median = results[Math.floor(results.length / 2)];
  // Signed-in screens are noindex on purpose: "blocked from indexing" is their intended state.
  const failing = median.failing.filter((audit) => !audit.startsWith("is-crawlable:"));
  if (failing.length > 0) console.info(`  failing audits:  ${failing.join("; ")}`);
  // `--save report.json` keeps this screen's median report beside the landing page's: report-portal.json.
  if (saveTo) fs.writeFileSync(saveTo.replace(/(\.json)?$/, `-${name}.json`), JSON.stringify(median.lhr));
  const met =
    median.scores.performance >= SIGNED_IN_TARGETS.performance &&
    median.tbt <= SIGNED_IN_TARGETS.tbtMs &&
    median.scores.accessibility >= SIGNED_IN_TARGETS.accessibility;
  console.info(
    `Median: perf ${median.scores.performance} (≥ ${SIGNED_IN_TARGETS.performance}), TBT ${ms(median.tbt)} (≤ ${SIGNED_IN_TARGETS.tbtMs} ms), ` +
      `a11y ${median.scores.accessibility} (${SIGNED_IN_TARGETS.accessibility}): ${met ? "met" : "missed"}`,
  );
  return met;
}

/** The landing page under an 8x CPU slowdown: its median against SLOWED_TARGETS; true when met. */
async function measureSlowedLanding(url) {
  console.info(`\nLighthouse ${runs} run(s), mobile preset with the CPU slowdown at ${SLOWED_CPU}x, ${url}`);
  const results = [];
  for (let i = 0; i < runs; i++) {
    const summary = summarize(await runLighthouse(url, undefined, SLOWED_CPU));
    results.push(summary);
    console.info(`run ${i + 1}: perf ${summary.scores.performance} | FCP ${ms(summary.fcp)} LCP ${ms(summary.lcp)} TBT ${ms(summary.tbt)}`);
  }
  results.sort((a, b) => a.scores.performance - b.scores.performance || b.tbt - a.tbt);
  const median = results[Math.floor(results.length / 2)];
  const met = median.scores.performance >= SLOWED_TARGETS.performance && median.tbt <= SLOWED_TARGETS.tbtMs;
  const scores = results.map((result) => result.scores.performance);
  console.info(
    `Landing at ${SLOWED_CPU}x, median of ${runs}: perf ${median.scores.performance} (runs ${Math.min(...scores)}–${Math.max(...scores)}), ` +
      `TBT ${ms(median.tbt)} (targets perf ≥ ${SLOWED_TARGETS.performance}, TBT ≤ ${SLOWED_TARGETS.tbtMs} ms): ${met ? "met" : "missed"}; ` +
      `machine load ${os.loadavg()[0].toFixed(2)}`,
  );
  return met;
}

ensureBuild();
const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
const server = spawn(process.execPath, [path.join(ROOT, "scripts", "start.mjs")], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: baseUrl, SEED_DEMO: "true", NEXT_TELEMETRY_DISABLED: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});

let exitCode = 0;
try {
  await waitForHealth(`${baseUrl}/api/health`, server);
  if (pages.includes("landing")) {
    const url = `${baseUrl}${pagePath}`;
    await fetch(url); // warm the route so the first run does not measure a cold start
    console.info(`Lighthouse ${runs} run(s), mobile preset, ${url} (machine load ${os.loadavg()[0].toFixed(2)})\n`);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const summary = summarize(await runLighthouse(url));
      results.push(summary);
      const s = summary.scores;
      console.info(
        `run ${i + 1}: perf ${s.performance} a11y ${s.accessibility} bp ${s["best-practices"]} seo ${s.seo} | ` +
          `FCP ${ms(summary.fcp)} LCP ${ms(summary.lcp)} TBT ${ms(summary.tbt)} CLS ${summary.cls.toFixed(3)} SI ${ms(summary.si)}`,
      );
    }
    // The median run by performance score (then TBT) is the one reported.
    results.sort((a, b) => a.scores.performance - b.scores.performance || b.tbt - a.tbt);
    const median = results[Math.floor(results.length / 2)];
    if (saveTo) fs.writeFileSync(saveTo, JSON.stringify(median.lhr));
    const jsGzip = await gzippedSize(median.scriptUrls);
    const lazy = await scriptsAfterScrolling(url);
    const lazyGzip = await gzippedSize(lazy.added);

    console.info("\nMedian run");
    for (const [id, score] of Object.entries(median.scores)) console.info(`  ${id.padEnd(16)} ${score}`);
    console.info(`  LCP              ${ms(median.lcp)}`);
    console.info(`  CLS              ${median.cls.toFixed(3)}`);
    console.info(`  TBT              ${ms(median.tbt)}`);
    console.info(`  FCP / SI         ${ms(median.fcp)} / ${ms(median.si)}`);
    console.info(
      `  JavaScript       ${median.scriptUrls.length} files, ${kb(jsGzip)} KB (${kib(jsGzip)} KiB) gzipped, ${kb(median.scriptTransfer)} KB transferred`,
    );
    console.info(`  + contact form   ${lazy.added.length} files, ${kb(lazyGzip)} KB gzipped, loaded when the form nears the viewport`);
    if (median.failing.length > 0) console.info(`  failing audits:  ${median.failing.join("; ")}`);

    const met =
      median.scores.performance >= TARGETS.performance &&
      median.tbt <= TARGETS.tbtMs &&
      median.scores.accessibility >= TARGETS.accessibility &&
      median.scores["best-practices"] >= TARGETS["best-practices"] &&
      median.scores.seo >= TARGETS.seo &&
      median.cls <= TARGETS.cls &&
      jsGzip / 1000 < TARGETS.jsKb;
    const scores = results.map((result) => result.scores.performance);
    console.info(
      `\nLanding median of ${runs}: perf ${median.scores.performance} (runs ${Math.min(...scores)}–${Math.max(...scores)}), ` +
        `TBT ${ms(median.tbt)}, JS ${kb(jsGzip)} KB; machine load ${os.loadavg()[0].toFixed(2)}`,
    );
    console.info(
      `Targets (median perf ≥ ${TARGETS.performance}, TBT ≤ ${TARGETS.tbtMs} ms, a11y/bp/seo 100, CLS 0, JS < ${TARGETS.jsKb} KB gzipped): ${met ? "met" : "missed"}`,
    );
    if (check && !met) exitCode = 1;
    if (!(await measureSlowedLanding(url)) && check) exitCode = 1;
  }
  for (const name of pages.filter((page) => page !== "landing")) {
    const page = SIGNED_IN_PAGES[name];
    if (!page) throw new Error(`unknown page "${name}" (landing, ${Object.keys(SIGNED_IN_PAGES).join(", ")})`);
    if (!(await measureSignedIn(name, page)) && check) exitCode = 1;
  }
} catch (error) {
  console.error("[bench] failed:", error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
