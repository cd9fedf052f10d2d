// Every table lives in the slice that owns it (docs/ARCHITECTURE.md, "Tables"): this test lists each
// table's owner from the slices' schema files, fails on a table of the database no slice defines, and
// fails when a slice's code imports another slice's table: it reads it through that slice's door.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FEATURES = path.join(ROOT, "src/features");
const CORE_TABLES = path.join(ROOT, "src/server/core/db/schema/mail.ts");
/** The demo seed writes every slice's rows to build its companies; it is no product path. */
const SEED_SLICES = new Set(["demo"]);

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });

const posix = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");
const isTablesFile = (file: string) => /^src\/features\/[^/]+\/server\/schema(\.ts|\/)/.test(posix(file));
const sliceOf = (file: string) => posix(file).split("/")[2]!;

/** Exported `pgTable("name", …)` definitions of a file: export name → SQL table name. */
function tablesDefinedIn(file: string): Map<string, string> {
  const text = fs.readFileSync(file, "utf8");
  return new Map([...text.matchAll(/^export const (\w+) = pgTable\(\s*"([^"]+)"/gm)].map((m) => [m[1]!, m[2]!]));
}

const tableFiles = walk(FEATURES).filter(isTablesFile);

/** SQL table name → owning slice (the core's mail outbox as "core"). */
function owners(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (table: string, owner: string) => found.set(table, [...(found.get(table) ?? []), owner]);
  for (const file of tableFiles) for (const table of tablesDefinedIn(file).values()) add(table, sliceOf(file));
  for (const table of tablesDefinedIn(CORE_TABLES).values()) add(table, "core");
  return found;
}

/** The tables of the newest migration snapshot: what the database has. */
function migratedTables(): string[] {
  const meta = path.join(ROOT, "drizzle/meta");
  const newest = fs
    .readdirSync(meta)
    .filter((name) => /^\d{4}_snapshot\.json$/.test(name))
    .sort()
    .at(-1)!;
  const snapshot = JSON.parse(fs.readFileSync(path.join(meta, newest), "utf8")) as { tables: Record<string, { name: string }> };
  return Object.values(snapshot.tables).map((table) => table.name);
}

/** Code without its comments: a comment naming a table reads nothing. */
const uncommented = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** Product code the SQL check reads: each slice's files (the seed and tests aside) and the core's. */
function sqlReaders(): { file: string; slice: string }[] {
  const slices = walk(FEATURES)
    .filter((file) => !isTablesFile(file) && posix(file).split("/")[3] !== "tests" && !SEED_SLICES.has(sliceOf(file)))
    .map((file) => ({ file, slice: sliceOf(file) }));
  const core = walk(path.join(ROOT, "src/server/core"))
    .filter((file) => file !== CORE_TABLES)
    .map((file) => ({ file, slice: "core" }));
  return [...slices, ...core];
}

/**
 * Tables of another slice a file names in its own SQL (`from`, `join`, `update`, `insert into`):
 * "slice → owner.table file". The import check cannot see these, and they cross the same boundary.
 */
function foreignSql(): string[] {
  const owner = new Map([...owners()].map(([table, slices]) => [table, slices[0]!]));
  const pairs = new Set<string>();
  for (const { file, slice } of sqlReaders()) {
    const text = uncommented(fs.readFileSync(file, "utf8"));
    for (const m of text.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_]+)"?(?![\w.(])/gi)) {
      const table = m[1]!;
      const of = owner.get(table);
      // The core's tables (the mail outbox) are the shared plumbing every slice writes.
      if (of && of !== slice && of !== "core") pairs.add(`${slice} → ${of}.${table} ${posix(file)}`);
    }
    // A second Drizzle definition of a table names it as surely as a statement does.
    for (const m of text.matchAll(/pgTable\(\s*"([a-z_]+)"/g)) {
      const of = owner.get(m[1]!);
      if (of && of !== slice) pairs.add(`${slice} → ${of}.${m[1]} ${posix(file)}`);
    }
  }
  return [...pairs].sort();
}

/**
 * Where a slice may name another's table: views of one table for a library's adapter, which needs a
 * Drizzle table of its own shape, not SQL the owner could hand over.
 */
const ADAPTER_VIEWS = [
  // The rate limiter's store (rate-limiter-flexible) counts in better-auth's rows, in the window's units.
  "core → identity.rate_limit src/server/core/rate-limit.ts",
  // better-auth's SSO plugin checks its table against the columns it knows; sso's own ones would fail it.
  "identity → sso.sso_provider src/features/identity/server/sso/provider-table.ts",
];

/** Imports of a table file of another slice by a slice's code: "slice → owner.exportName". */
function foreignImports(): string[] {
  const pairs = new Set<string>();
  for (const file of walk(FEATURES)) {
    const slice = sliceOf(file);
    if (isTablesFile(file) || posix(file).split("/")[3] === "tests" || SEED_SLICES.has(slice)) continue;
    const text = fs.readFileSync(file, "utf8");
    for (const m of text.matchAll(
      /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"@\/features\/([^/]+)\/server\/schema(?:\/[\w-]+)?"/g,
    )) {
      const owner = m[2]!;
      if (owner === slice) continue;
      for (const part of m[1]!.split(",")) {
        const name = part
          .replace(/^\s*type\s+/, "")
          .split(" as ")[0]!
          .trim();
        if (name) pairs.add(`${slice} → ${owner}.${name}`);
      }
    }
  }
  return [...pairs].sort();
}

describe("tables and their owners", () => {
  it("gives every table of the database exactly one owner", () => {
    const found = owners();
    const unowned = migratedTables().filter((table) => !found.has(table));
    expect(unowned, "a table in the migrations that no slice's schema defines").toEqual([]);
    const twice = [...found].filter(([, slices]) => slices.length > 1);
    expect(twice, "a table defined by two slices").toEqual([]);
    expect(found.get("findings")).toEqual(["findings"]);
    expect(found.get("user")).toEqual(["identity"]);
    expect(found.get("email_outbox")).toEqual(["core"]);
  });

  it("keeps table files to table definitions: no slice's code but its tables in them", () => {
    for (const file of tableFiles) {
      const text = fs.readFileSync(file, "utf8");
      const code = [...text.matchAll(/from\s+"(@\/features\/[^"]+)"/g)].map((m) => m[1]!);
      // A table file imports other tables (foreign keys) and nothing else of a slice.
      expect(
        code.filter((specifier) => !/^@\/features\/[^/]+\/server\/schema(\/[\w-]+)?$/.test(specifier)),
        posix(file),
      ).toEqual([]);
    }
  });

  it("lets no slice import another slice's table (the demo seed aside)", () => {
    expect(foreignImports(), "read the table through its slice's door (its server/index.ts)").toEqual([]);
  });

  it("lets no slice name another slice's table in its SQL (a library adapter's view aside)", () => {
    expect(
      foreignSql().filter((pair) => !ADAPTER_VIEWS.includes(pair)),
      "ask the owner's door for an SQL fragment",
    ).toEqual([]);
  });

  it("keeps the adapter views to ones that still exist", () => {
    const found = foreignSql();
    expect(ADAPTER_VIEWS.filter((pair) => !found.includes(pair))).toEqual([]);
  });

  it("keeps the core free of slices' tables", () => {
    const core = walk(path.join(ROOT, "src/server/core"));
    const offenders = core.filter((file) => /from\s+"@\/features\//.test(fs.readFileSync(file, "utf8")));
    expect(offenders.map(posix)).toEqual([]);
  });
});
