// Classic zod keeps its whole API in one namespace, so a single browser module importing "zod"
// puts all of it (about 12 KB gzipped more than zod/mini) on every screen with a form
// (bench/README.md, "JavaScript per screen"). The schemas the browser loads are zod/mini; classic
// zod stays on the server. This walks what the "use client" modules import, as the bundler does
// (type-only imports aside, a server action's module only a reference), and finds no "zod".
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SRC = path.join(ROOT, "src");
const CLASSIC = new Set(["zod", "zod/v4", "zod/v4/classic"]);
const DIRECTIVE = (name: string) => new RegExp(`^\\s*(//[^\\n]*\\n\\s*)*["']use ${name}["']`);

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The specifiers a module imports for its values (import, export … from, import()). */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly = clause && (clause.isTypeOnly || (!clause.name && named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument)) specifiers.push(argument.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Our own module a specifier names ("@/…" or relative), or null for a package's. */
function resolve(from: string, specifier: string): string | null {
  if (!specifier.startsWith("@/") && !specifier.startsWith(".")) return null;
  const base = specifier.startsWith("@/") ? path.join(SRC, specifier.slice(2)) : path.resolve(path.dirname(from), specifier);
  return (
    ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
      .map((ending) => base + ending)
      .find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null
  );
}

describe("the browser's zod", () => {
  it("is zod/mini: no module a client component loads imports classic zod", () => {
    const clients = filesUnder(SRC).filter((file) => DIRECTIVE("client").test(fs.readFileSync(file, "utf8")));
    expect(clients.length).toBeGreaterThan(50);
    const from = new Map<string, string | null>(clients.map((file) => [file, null]));
    const queue = [...clients];
    const classic: string[] = [];
    for (let file = queue.shift(); file; file = queue.shift()) {
      for (const specifier of valueImports(file)) {
        if (CLASSIC.has(specifier)) classic.push(path.relative(ROOT, file));
        const next = resolve(file, specifier);
        if (!next || from.has(next) || DIRECTIVE("server").test(fs.readFileSync(next, "utf8"))) continue;
        from.set(next, file);
        queue.push(next);
      }
    }
    const chain = (file: string) => {
      const links = [];
      for (let at: string | null | undefined = path.join(ROOT, file); at; at = from.get(at)) links.push(path.relative(ROOT, at));
      return links.join(" ← ");
    };
    expect(classic.map(chain)).toEqual([]);
    // Parsing a few hundred modules: seconds on a busy machine.
  }, 60_000);
});
