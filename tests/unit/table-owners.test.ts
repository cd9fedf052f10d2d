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

  it("keeps the core free of slices' tables", () => {
    const core = walk(path.join(ROOT, "src/server/core"));
    const offenders = core.filter((file) => /from\s+"@\/features\//.test(fs.readFileSync(file, "utf8")));
    expect(offenders.map(posix)).toEqual([]);
  });
});
