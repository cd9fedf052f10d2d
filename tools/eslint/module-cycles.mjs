// Modules depend on each other in one direction only: the graph of src/features/<name>/server
// importing src/features/<other>/server has no cycle, type imports included. import-x/no-cycle
// (eslint.config.mjs) finds cycles between files but leaves type-only imports out, so two modules
// could otherwise lean on each other through types alone. The graph is read from disk once per
// lint run (and again when older than a few seconds); the file being linted counts as written.
import fs from "node:fs";
import path from "node:path";

const MODULES_DIR = `${path.sep}src${path.sep}features${path.sep}`;
const SPECIFIERS =
  /^\s*(?:import|export)\b[^'";]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
const CODE = /\.(ts|tsx|mts|js|mjs)$/;
const MAX_AGE_MS = 5_000;

/** The module a file belongs to, and the folder holding every module, or null outside them. */
function moduleOfFile(file) {
  const at = file.lastIndexOf(MODULES_DIR);
  if (at < 0) return null;
  const modulesRoot = file.slice(0, at + MODULES_DIR.length);
  // Only a feature's server code is its module; its components and actions are screens.
  const [name, part] = file.slice(modulesRoot.length).split(path.sep);
  return name && part === "server" ? { name, modulesRoot } : null;
}

/** The module an import specifier of `file` points into, or null. */
function moduleOfSpecifier(specifier, file) {
  const alias = /^@\/features\/([^/]+)\/server(\/|$)/.exec(specifier);
  if (alias) return alias[1];
  if (!specifier.startsWith(".")) return null;
  return moduleOfFile(path.resolve(path.dirname(file), specifier) + path.sep)?.name ?? null;
}

const filesUnder = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return CODE.test(entry.name) ? [full] : [];
  });

const cache = new Map();

/** Per file under the modules folder: the other modules it imports. */
function edgesOnDisk(modulesRoot) {
  const cached = cache.get(modulesRoot);
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.edges;
  const edges = new Map();
  for (const file of fs.existsSync(modulesRoot) ? filesUnder(modulesRoot) : []) {
    const own = moduleOfFile(file)?.name;
    if (!own) continue;
    const targets = new Set();
    for (const match of fs.readFileSync(file, "utf8").matchAll(SPECIFIERS)) {
      const target = moduleOfSpecifier(match[1] ?? match[2] ?? match[3], file);
      if (target && target !== own) targets.add(target);
    }
    edges.set(file, { module: own, targets });
  }
  cache.set(modulesRoot, { at: Date.now(), edges });
  return edges;
}

/** A path of modules from `from` to `to` in the graph, or null. */
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

/** @type {import("eslint").Rule.RuleModule} */
const noModuleCycle = {
  meta: {
    type: "problem",
    docs: { description: "Modules (src/features/<name>/server) import each other in one direction only (type imports included)." },
    messages: {
      cycle:
        'Module "{{from}}" imports module "{{to}}", which already depends on "{{from}}" ({{route}}): modules may not form a cycle. Move what both need into one of them (or into the core).',
    },
    schema: [],
  },
  create(context) {
    const own = moduleOfFile(context.filename);
    if (!own) return {};
    const imports = [];
    const collect = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string") return;
      const target = moduleOfSpecifier(source, context.filename);
      if (target && target !== own.name) imports.push({ node, target });
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      "Program:exit"() {
        if (imports.length === 0) return;
        const graph = new Map();
        const add = (from, to) => graph.set(from, (graph.get(from) ?? new Set()).add(to));
        for (const [file, { module, targets }] of edgesOnDisk(own.modulesRoot)) {
          if (file === context.filename) continue; // this file counts as it is now, below
          for (const target of targets) add(module, target);
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

export const modulesPlugin = { rules: { "no-module-cycle": noModuleCycle } };
