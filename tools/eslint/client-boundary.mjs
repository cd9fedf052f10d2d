// A "use client" file is shipped to the browser: it may import server modules for their types
// only, and may read no configuration but the NEXT_PUBLIC_* variables Next inlines into the
// bundle. Globs cannot select files by their directive, hence this rule instead of
// no-restricted-imports.
import path from "node:path";

const SERVER_MODULES = [
  /^@\/server(\/|$)/,
  /^@\/features\/[^/]+\/server(\/|$)/,
  /^server-only$/,
  /^node:/,
  /^pg(\/|$)/,
  /^drizzle-orm(\/|$)/,
  /^@electric-sql\/pglite(\/|$)/,
];
// NODE_ENV is replaced at build time in client bundles too.
const PUBLIC_ENV = /^(NEXT_PUBLIC_\w+|NODE_ENV)$/;

function isUseClient(program) {
  for (const statement of program.body) {
    if (statement.type !== "ExpressionStatement" || typeof statement.directive !== "string") return false;
    if (statement.directive === "use client") return true;
  }
  return false;
}

function isServerSource(source, filename) {
  if (SERVER_MODULES.some((pattern) => pattern.test(source))) return true;
  if (!source.startsWith(".")) return false;
  const resolved = path.resolve(path.dirname(filename), source).split(path.sep).join("/");
  return /\/src\/(server|features\/[^/]+\/server)(\/|$)/.test(resolved);
}

const typeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

/** @type {import("eslint").Rule.RuleModule} */
const clientBoundary = {
  meta: {
    type: "problem",
    docs: { description: 'A "use client" file imports no server module (types aside) and reads no server-only environment variable.' },
    messages: {
      serverImport:
        '"use client" file imports the server module "{{source}}": pass the data in as props from a server component (type imports are fine).',
      serverEnv:
        '"use client" file reads process.env{{name}}: only NEXT_PUBLIC_* variables reach the browser; pass server configuration in as props.',
    },
    schema: [],
  },
  create(context) {
    if (!isUseClient(context.sourceCode.ast)) return {};
    const filename = context.filename;
    const checkSource = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || typeOnly(node) || !isServerSource(source, filename)) return;
      context.report({ node, messageId: "serverImport", data: { source } });
    };
    return {
      ImportDeclaration: checkSource,
      ExportNamedDeclaration: checkSource,
      ExportAllDeclaration: checkSource,
      ImportExpression(node) {
        if (node.source.type === "Literal" && typeof node.source.value === "string" && isServerSource(node.source.value, filename)) {
          context.report({ node, messageId: "serverImport", data: { source: node.source.value } });
        }
      },
      "MemberExpression[object.type='Identifier'][object.name='process'][property.name='env']"(node) {
        const parent = node.parent;
        if (parent.type === "MemberExpression" && parent.object === node) {
          const name = parent.computed ? (parent.property.type === "Literal" ? String(parent.property.value) : null) : parent.property.name;
          if (name !== null && PUBLIC_ENV.test(name)) return;
          context.report({ node: parent, messageId: "serverEnv", data: { name: name === null ? "[…]" : `.${name}` } });
          return;
        }
        // process.env handed around or destructured whole.
        context.report({ node, messageId: "serverEnv", data: { name: "" } });
      },
    };
  },
};

export const layersPlugin = { rules: { "client-boundary": clientBoundary } };
