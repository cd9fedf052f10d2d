// `cn` (src/lib/cn.ts) is tailwind-merge configured with only the utility groups the product
// overrides. This test reads every `cn(…)` call of the product, enumerates the strings each argument
// can take (literals, `a && "x"`, `a ? "x" : "y"`, constants and their object lookups), and checks
// that `cn` keeps exactly what tailwind-merge's full configuration keeps. A component that appends its
// caller's `className` is checked with every literal className its callers pass (`<Card
// className="p-3">` against the Card's own `p-5`), through components that wrap it (StatCard).
// Values known only at run time (a prop passed on, a computed string) are not enumerated.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { cn } from "@/lib/cn";

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

/** Top-level `const X = …` initialisers of every file, by name (constants are unique enough here). */
const constants = new Map<string, ts.Expression>();
for (const { source } of files)
  for (const statement of source.statements)
    if (ts.isVariableStatement(statement) && statement.declarationList.flags & ts.NodeFlags.Const)
      for (const decl of statement.declarationList.declarations)
        if (ts.isIdentifier(decl.name) && decl.initializer) constants.set(decl.name.text, decl.initializer);

function unwrap(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) node = node.expression;
  return node;
}

function valuesOf(expr: ts.Expression, depth = 0): Values {
  const node = unwrap(expr);
  if (depth > 4) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (node.kind === ts.SyntaxKind.UndefinedKeyword || node.kind === ts.SyntaxKind.NullKeyword || node.kind === ts.SyntaxKind.FalseKeyword)
    return [""];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) {
    const right = valuesOf(node.right, depth + 1);
    return right ? ["", ...right] : undefined;
  }
  if (ts.isConditionalExpression(node)) {
    const [a, b] = [valuesOf(node.whenTrue, depth + 1), valuesOf(node.whenFalse, depth + 1)];
    return a && b ? [...a, ...b] : undefined;
  }
  if (ts.isIdentifier(node) && node.text === "undefined") return [""];
  if (ts.isIdentifier(node) && constants.has(node.text)) return valuesOf(constants.get(node.text)!, depth + 1);
  if (ts.isObjectLiteralExpression(node)) return undefined;
  if (ts.isElementAccessExpression(node) && ts.isIdentifier(unwrap(node.expression))) {
    const table = constants.get((unwrap(node.expression) as ts.Identifier).text);
    const object = table && unwrap(table);
    if (!object || !ts.isObjectLiteralExpression(object)) return undefined;
    const all = object.properties.flatMap((p) => (ts.isPropertyAssignment(p) ? (valuesOf(p.initializer, depth + 1) ?? []) : []));
    return all.length > 0 ? all : undefined;
  }
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

/** Where `cn` and the full tailwind-merge differ on a class list: what one keeps and the other not. */
function difference(classes: string): string | undefined {
  const [ours, full] = [new Set(cn(classes).split(" ")), new Set(twMerge(classes).split(" "))];
  const onlyOurs = [...ours].filter((name) => !full.has(name));
  const onlyFull = [...full].filter((name) => !ours.has(name));
  if (onlyOurs.length + onlyFull.length === 0) return undefined;
  return `cn keeps ${onlyOurs.join(" ") || "nothing more"}, tailwind-merge keeps ${onlyFull.join(" ") || "nothing more"}`;
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
    for (const component of ["Card", "StatCard", "Button", "Input", "Select", "Textarea", "Field", "StatusBadge", "Dialog"])
      expect(bases.has(component), component).toBe(true);
    expect(callerClassNames().length).toBeGreaterThan(100);
  });

  it("a known override resolves as the caller meant", () => {
    expect(cn("rounded-xl border border-slate-800 bg-surface/80 p-5", "p-3")).toBe("rounded-xl border border-slate-800 bg-surface/80 p-3");
    expect(cn("h-10 px-4 text-sm", "h-7 px-1 text-xs")).toBe("h-7 px-1 text-xs");
    expect(cn("text-sm text-foreground", "font-mono text-xs")).toBe("text-foreground font-mono text-xs");
  });

  it("resolves every cn call's class lists as tailwind-merge does", () => {
    const conflicts = calls.flatMap(({ where, args }) =>
      combinations(args, "").flatMap((classes) => {
        const differs = difference(classes);
        return differs ? [`${where}: ${differs} in "${classes}"`] : [];
      }),
    );
    expect([...new Set(conflicts)]).toEqual([]);
  });

  it("resolves each caller's className against the component's own as tailwind-merge does", () => {
    const conflicts = callerClassNames().flatMap(({ where, component, values }) =>
      (bases.get(component) ?? []).flatMap((args) =>
        values.flatMap((value) =>
          combinations(args, value).flatMap((classes) => {
            const differs = difference(classes);
            return differs ? [`${where} <${component} className="${value}">: ${differs}`] : [];
          }),
        ),
      ),
    );
    expect([...new Set(conflicts)]).toEqual([]);
  });
});
