// The graph of slices (src/features/<slice>): which slice imports which, counting every import of
// every part but the slice's tests (static, dynamic, type-only, re-exports; by alias or by a relative
// path that leaves the slice). `node scripts/slice-graph.mjs` prints it bottom up, each layer
// importing only the layers above it in the list, then the cycles (strongly connected components),
// and exits 1 on any cycle (docs/ARCHITECTURE.md, "Slices"). The lint rule modules/no-module-cycle
// (tools/eslint/module-cycles.mjs) reads imports the same way, so an editor shows the same cycle.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
export const FEATURES_DIR = path.join("src", "features");
/** A slice's tests may use any slice (they run outside the product, like tests/). */
const SKIPPED_PARTS = new Set(["tests"]);
const CODE = /\.(ts|tsx|mts|js|mjs)$/;
// `import … from "x"`, `export … from "x"`, `import "x"`, `import("x")`, each across lines.
const SPECIFIERS =
  /^\s*(?:import|export)\b[^'";]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
// Comments first, so an example in a comment is no import (a URL's "//" is kept by the lookbehind).
const COMMENTS = /\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g;

/** The import specifiers a file's text names. */
export function specifiersOf(text) {
  return [...text.replace(COMMENTS, "").matchAll(SPECIFIERS)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** `{ slice, part }` of an absolute path under `featuresRoot`, or null outside the slices. */
export function sliceOfPath(file, featuresRoot) {
  const relative = path.relative(featuresRoot, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [slice, part] = relative.split(path.sep);
  return slice ? { slice, part: part ?? "" } : null;
}

// A slice's tables (`server/schema.ts` or `server/schema/`): imported by other slices' tables for their
// foreign keys, and by other slices' code only where tests/unit/table-owners.test.ts still lists the
// pair; that test, not this graph, counts them (docs/ARCHITECTURE.md, "Tables").
const TABLES = /^[^/]+\/server\/schema(?:\.ts|\/|$)/;

/** Whether a path relative to the features folder (forward slashes) is one of a slice's table files. */
export const isTablesPath = (relative) => TABLES.test(relative);

/** The slice an import of `file` reaches, or null (a package, the core, src/lib, src/components, a slice's tables…). */
export function sliceOfSpecifier(specifier, file, featuresRoot) {
  const alias = /^@\/features\/(.+)$/.exec(specifier);
  if (alias) return isTablesPath(alias[1]) ? null : alias[1].split("/")[0];
  if (!specifier.startsWith(".")) return null;
  const resolved = path.resolve(path.dirname(file), specifier);
  const relative = path.relative(featuresRoot, resolved).split(path.sep).join("/");
  if (!relative.startsWith("..") && isTablesPath(relative)) return null;
  return sliceOfPath(resolved, featuresRoot)?.slice ?? null;
}

const filesUnder = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return CODE.test(entry.name) ? [full] : [];
  });

/** Every file of every slice but their tests, with the slices (not its own) it imports. */
export function importsOnDisk(featuresRoot) {
  const files = [];
  if (!fs.existsSync(featuresRoot)) return files;
  for (const entry of fs.readdirSync(featuresRoot, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const part of fs.readdirSync(path.join(featuresRoot, entry.name), { withFileTypes: true })) {
      if (SKIPPED_PARTS.has(part.name)) continue;
      const full = path.join(featuresRoot, entry.name, part.name);
      for (const file of part.isDirectory() ? filesUnder(full) : CODE.test(part.name) ? [full] : []) {
        if (isTablesPath(path.relative(featuresRoot, file).split(path.sep).join("/"))) continue;
        const targets = new Set();
        for (const specifier of specifiersOf(fs.readFileSync(file, "utf8"))) {
          const target = sliceOfSpecifier(specifier, file, featuresRoot);
          if (target && target !== entry.name) targets.add(target);
        }
        files.push({ file, slice: entry.name, targets });
      }
    }
  }
  return files;
}

/** The slices (every folder, even one importing nothing) and, per slice, the slices it imports. */
export function sliceGraph(featuresRoot) {
  const graph = new Map();
  if (fs.existsSync(featuresRoot))
    for (const entry of fs.readdirSync(featuresRoot, { withFileTypes: true })) if (entry.isDirectory()) graph.set(entry.name, new Set());
  for (const { slice, targets } of importsOnDisk(featuresRoot)) for (const target of targets) graph.get(slice).add(target);
  return graph;
}

/** The strongly connected components of more than one slice (Tarjan), each sorted, by first name. */
export function cyclesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/**
 * The slices in layers, bottom up: a slice's layer is one more than the highest layer it imports.
 * Slices of a cycle share a layer (the cycle counts as one node), so the list exists either way.
 */
export function layersOf(graph) {
  const cycleOf = new Map();
  for (const cycle of cyclesOf(graph)) for (const slice of cycle) cycleOf.set(slice, cycle);
  const depth = new Map();
  const depthOf = (slice) => {
    if (depth.has(slice)) return depth.get(slice);
    const members = cycleOf.get(slice) ?? [slice];
    for (const member of members) depth.set(member, 0); // a cycle's own edges add nothing
    let deepest = -1;
    for (const member of members)
      for (const next of graph.get(member) ?? []) if (!members.includes(next)) deepest = Math.max(deepest, depthOf(next));
    for (const member of members) depth.set(member, deepest + 1);
    return deepest + 1;
  };
  const layers = [];
  for (const slice of [...graph.keys()].sort()) (layers[depthOf(slice)] ??= []).push(slice);
  return layers;
}

/** The text the script prints: the layers as a numbered list, then the cycles. */
export function describe(graph) {
  const cycles = cyclesOf(graph);
  const lines = layersOf(graph).map((layer, i) => `${i + 1}. ${layer.join(", ")}`);
  lines.push("", `cycles: ${cycles.length}`, ...cycles.map((cycle) => `- ${cycle.join(", ")}`));
  return { text: lines.join("\n"), cycles };
}

/** The file:slice imports that make each cycle, for the message on failure. */
function cycleEdges(featuresRoot, cycles) {
  const members = new Map(cycles.flatMap((cycle) => cycle.map((slice) => [slice, cycle])));
  return importsOnDisk(featuresRoot).flatMap(({ file, slice, targets }) =>
    [...targets].filter((target) => members.get(slice)?.includes(target)).map((target) => `  ${path.relative(ROOT, file)} → ${target}`),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const featuresRoot = path.resolve(process.argv[2] ?? path.join(ROOT, FEATURES_DIR));
  const graph = sliceGraph(featuresRoot);
  const { text, cycles } = describe(graph);
  console.info("Slices, bottom up (each line imports only lines above it):");
  console.info(text);
  if (cycles.length > 0) {
    console.error("\nImports inside the cycles:");
    console.error(cycleEdges(featuresRoot, cycles).join("\n"));
    process.exit(1);
  }
}
