// The top of a V8 CPU profile (`node --cpu-prof`) by self time: per function and per package, so a
// benchmark run says where the server's time went without opening DevTools.
// `node bench/cpu-profile-top.mjs DIR|FILE [N]`; bench/http.mjs calls printProfileTop after a --cpu-prof run.
import fs from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

// The production build is minified: a frame in .next/ is named by its source (the .js.map beside
// the chunk) so "src/features/identity/server/sessions/session.ts:17" shows instead of "re chunk.js:8".
const maps = new Map();
function sourceOf(url, line, column) {
  const file = url.replace(/^file:\/\//, "");
  if (!file.includes("/.next/")) return null;
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(fs.readFileSync(`${file}.map`, "utf8")));
    } catch {
      maps.set(file, null);
    }
  }
  const map = maps.get(file);
  if (!map) return null;
  const position = originalPositionFor(map, { line: line + 1, column });
  if (!position.source) return null;
  const source = position.source
    .replace(/^(\.\.\/)+/, "")
    .replace(/^.*?\[project\]\//, "")
    .replace(/^turbopack:\/\/\//, "");
  return `${position.name ?? ""} ${source}:${position.line}`.trim();
}

/** Which package (or part of the build) a script URL belongs to. */
function areaOf(url, functionName) {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node core";
  const modules = url.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = url.slice(modules + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes("/.next/server/chunks/ssr/")) return "app build (ssr chunks)";
  if (url.includes("/.next/server/")) return "app build (server)";
  return path.basename(url);
}

/**
 * Self time per function, per package and under each of our files. `window` ({ from, to }, ms since
 * the process started, which is when --cpu-prof starts sampling) keeps only the samples taken then.
 */
export function summarizeProfile(file, window) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    at += delta;
    if (window && (at < window.from || at > window.to)) continue;
    const id = profile.samples[i];
    selfMs.set(id, (selfMs.get(id) ?? 0) + delta);
  }
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const functions = new Map();
  const areas = new Map();
  const ownFiles = new Map();
  let total = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber, columnNumber } = byId.get(id).callFrame;
    const name = functionName || "(anonymous)";
    const mapped = url ? sourceOf(url, lineNumber, columnNumber) : null;
    const key =
      mapped ?? `${name} ${url ? `${url.replace(/^file:\/\//, "").replace(/.*\/node_modules\//, "")}:${lineNumber + 1}` : ""}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + ms);
    const area = areaOf(mapped ? `/${mapped.split(" ").at(-1)}` : url, name);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    total += ms;
    // Time spent in and under each of our own source files (once per sample, however deep).
    if (name === "(idle)") continue;
    const files = new Set();
    for (let cur = id; cur !== undefined; cur = parentOf.get(cur)) {
      const frame = byId.get(cur).callFrame;
      const source = frame.url ? sourceOf(frame.url, frame.lineNumber, frame.columnNumber) : null;
      const file = source?.split(" ").at(-1)?.replace(/:\d+$/, "");
      if (file?.startsWith("src/")) files.add(file);
    }
    for (const file of files) ownFiles.set(file, (ownFiles.get(file) ?? 0) + ms);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, ms]) => ({ name, ms, share: ms / total }));
  return { total, functions: top(functions, 40), areas: top(areas, 15), ownFiles: top(ownFiles, 15) };
}

/** Prints the whole profile's top, or with `windows` ([{ id, from, to }]) one top per measured target. */
export function printProfileTop(target, { n = 25, windows = [] } = {}) {
  const files = fs.statSync(target).isDirectory()
    ? fs
        .readdirSync(target)
        .filter((f) => f.endsWith(".cpuprofile"))
        .map((f) => path.join(target, f))
        .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)
    : [target];
  // The largest profile is the server's own (the build step and the wrapper leave small ones).
  const file = files[0];
  if (!file) {
    console.info(`[profile] no .cpuprofile in ${target}`);
    return;
  }
  if (windows.length === 0) printSummary(file, summarizeProfile(file), "", n);
  for (const window of windows) printSummary(file, summarizeProfile(file, window), ` while ${window.id} was measured`, n);
}

function printSummary(file, { total, functions, areas, ownFiles }, scope, n) {
  const line = ({ name, ms, share }) => `  ${(share * 100).toFixed(1).padStart(5)}%  ${ms.toFixed(0).padStart(7)} ms  ${name}`;
  console.info(`\nCPU profile ${path.basename(file)}${scope} (${(total / 1000).toFixed(1)} s sampled), self time by package:`);
  for (const row of areas) console.info(line(row));
  console.info(`\nOur source files, time in and under them (share of all sampled time):`);
  for (const row of ownFiles) console.info(line(row));
  console.info(`\nTop ${n} functions by self time:`);
  for (const row of functions.slice(0, n)) console.info(line(row));
}

if (import.meta.url === `file://${process.argv[1]}`)
  printProfileTop(path.resolve(process.argv[2] ?? "."), { n: Number(process.argv[3] ?? 25) });
