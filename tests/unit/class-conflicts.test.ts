// `cn` (src/lib/cn.ts) joins class names without resolving conflicts, so no class list of the product
// may hold two utilities that set the same property: the stylesheet's order, not the string's, would
// decide which one wins. This test reads every `cn(…)` call, enumerates the strings each argument can
// take (literals, `a && "x"`, `a ? "x" : "y"`, constants, their object lookups and destructured
// entries), and asks tailwind-merge (a test-only dependency) whether a combination has a conflict. A
// component that appends its caller's `className` is checked with every literal className its callers
// pass (`<Card className="p-3">` against the Card's own `p-5`), also through components that wrap it
// (StatCard). Values known only at run time (a prop passed on, a computed string) are not enumerated.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "tests" ? [] : walk(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
const files = walk(path.join(ROOT, "src")).map((file) => ({
  name: path.relative(ROOT, file),
  source: ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX),
}));

/** Each string a value can take; `undefined` when unknown (a prop, a computed value). */
type Values = string[] | undefined;
/** A component's own parameter that callers fill: `className`, or a prop like `rowClassName`. */
const SLOT = "\u0000slot";

/** Top-level `const` declarations of every file, by name: what an imported constant refers to. */
const topLevel = new Map<string, ts.VariableDeclaration>();
for (const { source } of files)
  for (const statement of source.statements)
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const)
      for (const decl of statement.declarationList.declarations) if (ts.isIdentifier(decl.name)) topLevel.set(decl.name.text, decl);

/** The `const` that binds a name where it is used: the nearest enclosing block's, else an imported one. */
function declarationOf(use: ts.Identifier): { decl: ts.VariableDeclaration; key?: string } | undefined {
  for (let at: ts.Node | undefined = use.parent; at; at = at.parent) {
    if (!ts.isBlock(at) && !ts.isSourceFile(at)) continue;
    for (const statement of at.statements) {
      if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
      for (const decl of statement.declarationList.declarations) {
        if (ts.isIdentifier(decl.name) && decl.name.text === use.text) return { decl };
        if (ts.isObjectBindingPattern(decl.name))
          for (const element of decl.name.elements)
            if (ts.isIdentifier(element.name) && element.name.text === use.text)
              return { decl, key: element.propertyName && ts.isIdentifier(element.propertyName) ? element.propertyName.text : use.text };
      }
    }
  }
  const imported = topLevel.get(use.text);
  return imported ? { decl: imported } : undefined;
}

function unwrap(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  return node;
}

/** The object literals an expression can be: `LOOKS`, each entry of `LOOKS[kind]`, `LOOKS.success`. */
function objectsOf(expr: ts.Expression, depth: number): ts.ObjectLiteralExpression[] | undefined {
  const node = unwrap(expr);
  if (depth > 6) return undefined;
  if (ts.isObjectLiteralExpression(node)) return [node];
  if (ts.isIdentifier(node)) {
    const found = declarationOf(node);
    if (!found?.decl.initializer) return undefined;
    return found.key ? propertyOf(found.decl.initializer, found.key, depth + 1, objectsOf) : objectsOf(found.decl.initializer, depth + 1);
  }
  if (ts.isElementAccessExpression(node)) {
    const entries = objectsOf(node.expression, depth + 1);
    return (
      entries &&
      union(
        entries.flatMap((object) =>
          object.properties.map((p) => (ts.isPropertyAssignment(p) ? objectsOf(p.initializer, depth + 1) : undefined)),
        ),
      )
    );
  }
  if (ts.isPropertyAccessExpression(node)) return propertyOf(node.expression, node.name.text, depth + 1, objectsOf);
  return undefined;
}

/** What property `key` of each object an expression can be resolves to, by `resolve`. */
function propertyOf<T>(
  expr: ts.Expression,
  key: string,
  depth: number,
  resolve: (e: ts.Expression, depth: number) => T[] | undefined,
): T[] | undefined {
  const objects = objectsOf(expr, depth + 1);
  const picked = objects?.map((object) => {
    const property = object.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === key);
    return property && ts.isPropertyAssignment(property) ? resolve(property.initializer, depth + 1) : undefined;
  });
  return picked && union(picked);
}

/** Every item of every part, or unknown when one part is. */
function union<T>(parts: (T[] | undefined)[]): T[] | undefined {
  return parts.length > 0 && parts.every(Boolean) ? parts.flatMap((values) => values!) : undefined;
}

function valuesOf(expr: ts.Expression, depth = 0): Values {
  const node = unwrap(expr);
  if (depth > 6) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (node.kind === ts.SyntaxKind.NullKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return [""];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    const right = valuesOf(node.right, depth + 1);
    return right ? ["", ...right] : undefined;
  }
  if (ts.isConditionalExpression(node)) return union([valuesOf(node.whenTrue, depth + 1), valuesOf(node.whenFalse, depth + 1)]);
  if (ts.isIdentifier(node)) {
    if (node.text === "undefined") return [""];
    const found = declarationOf(node);
    if (!found?.decl.initializer) return undefined;
    return found.key ? propertyOf(found.decl.initializer, found.key, depth + 1, valuesOf) : valuesOf(found.decl.initializer, depth + 1);
  }
  if (ts.isElementAccessExpression(node)) {
    const entries = objectsOf(node.expression, depth + 1);
    return (
      entries &&
      union(
        entries.flatMap((object) =>
          object.properties.map((p) => (ts.isPropertyAssignment(p) ? valuesOf(p.initializer, depth + 1) : undefined)),
        ),
      )
    );
  }
  if (ts.isPropertyAccessExpression(node)) return propertyOf(node.expression, node.name.text, depth + 1, valuesOf);
  return undefined;
}

/** A component's name for the function a node sits in: `function Card`, `const Card = forwardRef(function Card…)`. */
function componentOf(node: ts.Node): string | undefined {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if ((ts.isFunctionDeclaration(at) || ts.isFunctionExpression(at)) && at.name && /^[A-Z]|Classes$/.test(at.name.text))
      return at.name.text;
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name) && /^[A-Z]/.test(at.name.text)) return at.name.text;
  }
  return undefined;
}

/** The component a `cn(…)` call is the className of: `<Card className={cn(…)}>`. */
function wrappedTag(node: ts.Node): string | undefined {
  const attr = node.parent?.parent;
  if (!attr || !ts.isJsxAttribute(attr) || !/className$/i.test(attr.name.getText())) return undefined;
  const element = attr.parent.parent;
  return (ts.isJsxSelfClosingElement(element) || ts.isJsxOpeningElement(element)) && ts.isIdentifier(element.tagName)
    ? element.tagName.text
    : undefined;
}

/** Parameters a component destructures (the props callers fill) and plain parameters (`buttonClasses(…, className)`). */
function isParameter(node: ts.Expression): node is ts.Identifier {
  return ts.isIdentifier(node) && /className$/i.test(node.text);
}

type Call = { where: string; args: Values[]; component?: string; wraps?: string };
const calls: Call[] = [];
/** Component → each list of its own `cn` arguments with the caller's className as SLOT. */
const bases = new Map<string, Values[][]>();

for (const { name, source } of files) {
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "cn") {
      const where = `${name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
      const args = node.arguments.map((arg) => (isParameter(unwrap(arg)) ? [SLOT] : valuesOf(arg)));
      const component = componentOf(node);
      calls.push({ where, args, component, wraps: wrappedTag(node) });
      if (component && args.some((values) => values?.includes(SLOT))) bases.set(component, [...(bases.get(component) ?? []), args]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
// Button passes its className on to buttonClasses.
bases.set("Button", bases.get("buttonClasses") ?? []);
// A component whose cn is the className of another (StatCard's of its Card) takes that one's classes too.
for (const { component, wraps, args } of calls) {
  if (!component || !wraps || !bases.has(wraps) || !args.some((values) => values?.includes(SLOT))) continue;
  const inner = bases.get(wraps)!.map((base) => base.flatMap((values) => (values?.includes(SLOT) ? args : [values])));
  bases.set(component, [...(bases.get(component) ?? []), ...inner]);
}

/** Every combination of the known arguments (unknown ones left out), at most a few hundred. */
function combinations(args: Values[], slot: string): string[] {
  let out = [""];
  for (const values of args) {
    if (!values) continue;
    const filled = values.map((value) => (value === SLOT ? slot : value));
    out = out.flatMap((prefix) => filled.map((value) => `${prefix} ${value}`)).slice(0, 2000);
  }
  return out.map((s) => s.trim().split(/\s+/).filter(Boolean).join(" "));
}

/** The classes tailwind-merge would drop from a class list: each lost to a later one that sets the same. */
function conflictsIn(classes: string): string | undefined {
  const kept = new Set(twMerge(classes).split(" "));
  const lost = classes.split(" ").filter((name) => name && !kept.has(name));
  return lost.length > 0 ? `${lost.join(" ")} overridden` : undefined;
}

/** Literal classNames callers pass to components: `<Card className="…">`, `<Card className={cn(…)}>`. */
function callerClassNames(): { where: string; component: string; values: string[] }[] {
  const out: { where: string; component: string; values: string[] }[] = [];
  for (const { name, source } of files) {
    const visit = (node: ts.Node) => {
      if (
        (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) &&
        ts.isIdentifier(node.tagName) &&
        bases.has(node.tagName.text)
      ) {
        for (const attr of node.attributes.properties) {
          if (!ts.isJsxAttribute(attr) || !attr.initializer || !/className$/i.test(attr.name.getText())) continue;
          const init = attr.initializer;
          const expr = ts.isStringLiteral(init) ? init : ts.isJsxExpression(init) && init.expression ? init.expression : undefined;
          if (!expr) continue;
          const inner = unwrap(expr);
          const values =
            ts.isCallExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === "cn"
              ? combinations(
                  inner.arguments.map((arg) => (isParameter(unwrap(arg)) ? [""] : valuesOf(arg))),
                  "",
                )
              : valuesOf(expr);
          if (values)
            out.push({
              where: `${name}:${source.getLineAndCharacterOfPosition(attr.getStart()).line + 1}`,
              component: node.tagName.text,
              values,
            });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

describe("class lists", () => {
  it("finds the components that take a caller's className", () => {
    for (const component of ["Card", "StatCard", "Button", "Input", "Select", "Textarea", "Field", "StatusBadge", "OutcomeMessage"])
      expect(bases.has(component), component).toBe(true);
    expect(callerClassNames().length).toBeGreaterThan(100);
  });

  it("tells a conflict from a list without one", () => {
    expect(conflictsIn("rounded-xl border border-slate-800 p-5 p-3")).toBe("p-5 overridden");
    expect(conflictsIn("h-10 px-4 text-sm font-mono text-foreground")).toBeUndefined();
  });

  it("no cn call holds two classes that set the same property", () => {
    const conflicts = calls.flatMap(({ where, args }) =>
      combinations(args, "").flatMap((classes) => {
        const differs = conflictsIn(classes);
        return differs ? [`${where}: ${differs} in "${classes}"`] : [];
      }),
    );
    expect([...new Set(conflicts)]).toEqual([]);
  });

  it("no caller's className sets what the component already sets", () => {
    const conflicts = callerClassNames().flatMap(({ where, component, values }) =>
      (bases.get(component) ?? []).flatMap((args) =>
        values.flatMap((value) =>
          combinations(args, value).flatMap((classes) => {
            const differs = conflictsIn(classes);
            return differs ? [`${where} <${component} className="${value}">: ${differs}`] : [];
          }),
        ),
      ),
    );
    expect([...new Set(conflicts)]).toEqual([]);
  });
});
