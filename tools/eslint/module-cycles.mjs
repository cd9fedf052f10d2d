// Slices depend on each other in one direction only: the graph of src/features/<slice> importing
// src/features/<other>, from any part of the slice but its tests (server, actions, validation,
// components), type imports included, has no cycle (docs/ARCHITECTURE.md, "Slices"). import-x/no-cycle
// (eslint.config.mjs) finds cycles between files but leaves type-only imports out, so two slices could
// otherwise lean on each other through types alone. The imports are read as scripts/slice-graph.mjs
// reads them (the script npm test runs), from disk once per lint run (again when older than a few
// seconds); the file being linted counts as written.
// A slice's components are reached from outside it only through its doors: the files its README lists
// under "Doors" (the module's index, actions/ and validation/ are doors already).
import fs from "node:fs";
import path from "node:path";
import { FEATURES_DIR, importsOnDisk, sliceOfPath, sliceOfSpecifier } from "../../scripts/slice-graph.mjs";

const MAX_AGE_MS = 5_000;
const SKIPPED_PARTS = new Set(["tests"]);

/** The slice a linted file belongs to (not its tests), and the folder holding every slice, or null. */
function sliceOfFile(file) {
  const marker = `${path.sep}${FEATURES_DIR}${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) return null;
  const featuresRoot = file.slice(0, at + marker.length - 1);
  const own = sliceOfPath(file, featuresRoot);
  return own && !SKIPPED_PARTS.has(own.part) ? { name: own.slice, featuresRoot } : null;
}

const cache = new Map();
function cached(key, read) {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.value;
  const value = read();
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** A path of slices from `from` to `to` in the graph, or null. */
function pathBetween(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === to) {
      const route = [];
      for (let at = to; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

/** Each ESLint node naming a module: imports, re-exports and dynamic imports. */
function onImports(report) {
  const collect = (node) => {
    if (typeof node.source?.value === "string") report(node, node.source.value);
  };
  return { ImportDeclaration: collect, ExportNamedDeclaration: collect, ExportAllDeclaration: collect, ImportExpression: collect };
}

/** @type {import("eslint").Rule.RuleModule} */
const noModuleCycle = {
  meta: {
    type: "problem",
    docs: { description: "Slices (src/features/<slice>) import each other in one direction only, from any part, type imports included." },
    messages: {
      cycle:
        'Slice "{{from}}" imports slice "{{to}}", which already depends on "{{from}}" ({{route}}): slices may not form a cycle. Move what both need into the lower one, or into src/components, src/lib or the core.',
    },
    schema: [],
  },
  create(context) {
    const own = sliceOfFile(context.filename);
    if (!own) return {};
    const imports = [];
    return {
      ...onImports((node, source) => {
        const target = sliceOfSpecifier(source, context.filename, own.featuresRoot);
        if (target && target !== own.name) imports.push({ node, target });
      }),
      "Program:exit"() {
        if (imports.length === 0) return;
        const graph = new Map();
        const add = (from, to) => graph.set(from, (graph.get(from) ?? new Set()).add(to));
        for (const { file, slice, targets } of cached(own.featuresRoot, () => importsOnDisk(own.featuresRoot))) {
          if (file === context.filename) continue; // this file counts as it is now, below
          for (const target of targets) add(slice, target);
        }
        for (const { target } of imports) add(own.name, target);
        for (const { node, target } of imports) {
          const back = pathBetween(graph, target, own.name);
          if (back)
            context.report({ node, messageId: "cycle", data: { from: own.name, to: target, route: [own.name, ...back].join(" → ") } });
        }
      },
    };
  },
};

/** The component files (without extension) a slice's README lists under "## Doors". */
export function doorsOf(readme) {
  const section = /^## Doors\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? "";
  return new Set([...section.matchAll(/`(components\/[^`]+?)(?:\.tsx?)?`/g)].map((m) => m[1]));
}

/** @type {import("eslint").Rule.RuleModule} */
const sliceDoor = {
  meta: {
    type: "problem",
    docs: { description: "From outside a slice, its components are imported only through the doors its README lists." },
    messages: {
      door: '"{{file}}" is not a door of the {{slice}} slice: import one of the components its README lists under "Doors" ({{readme}}), or add this one there if it is meant to be used outside the slice.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const srcAt = file.lastIndexOf(`${path.sep}src${path.sep}`);
    if (srcAt < 0) return {};
    const featuresRoot = path.join(file.slice(0, srcAt), FEATURES_DIR);
    const ownSlice = sliceOfPath(file, featuresRoot);
    if (ownSlice && SKIPPED_PARTS.has(ownSlice.part)) return {};
    return onImports((node, source) => {
      const alias = /^@\/features\/(.+)$/.exec(source);
      const target = alias ? path.join(featuresRoot, alias[1]) : source.startsWith(".") ? path.resolve(path.dirname(file), source) : null;
      const reached = target && sliceOfPath(target, featuresRoot);
      if (!reached || reached.part !== "components" || reached.slice === ownSlice?.slice) return;
      const inner = path
        .relative(path.join(featuresRoot, reached.slice), target)
        .split(path.sep)
        .join("/")
        .replace(/\.tsx?$/, "");
      const readme = path.join(featuresRoot, reached.slice, "README.md");
      const doors = cached(readme, () => (fs.existsSync(readme) ? doorsOf(fs.readFileSync(readme, "utf8")) : new Set()));
      if (!doors.has(inner))
        context.report({
          node,
          messageId: "door",
          data: { file: inner, slice: reached.slice, readme: `src/features/${reached.slice}/README.md` },
        });
    });
  },
};

export const modulesPlugin = { rules: { "no-module-cycle": noModuleCycle, "slice-door": sliceDoor } };
