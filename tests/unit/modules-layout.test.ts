// Every domain module has its public face (index.ts) and its README, and docs/ARCHITECTURE.md's
// "Modules" table names each one with the modules it really imports.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MODULES = path.join(ROOT, "src/server/modules");
const modules = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The other modules a module's files import (by alias or relative path), type imports included. */
function importsOf(name: string): string[] {
  const found = new Set<string>();
  for (const file of filesUnder(path.join(MODULES, name))) {
    for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(/\bfrom\s*["']([^"']+)["']/g)) {
      const target = specifier!.startsWith("@/server/modules/")
        ? specifier!.split("/")[3]
        : specifier!.startsWith(".")
          ? path.relative(MODULES, path.resolve(path.dirname(file), specifier!)).split(path.sep)[0]
          : undefined;
      if (target && target !== name && modules.includes(target)) found.add(target);
    }
  }
  return [...found].sort();
}

/** The rows of the "Modules" table: module → the modules it says it imports. */
function documentedModules(): Map<string, string[]> {
  const architecture = fs.readFileSync(path.join(ROOT, "docs/ARCHITECTURE.md"), "utf8");
  const section = architecture.split(/^## /m).find((part) => part.startsWith("Modules\n")) ?? "";
  const rows = new Map<string, string[]>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length < 5 || cells[1] === "module" || cells[1]!.startsWith("---")) continue;
    const imports = cells[3] === "none" ? [] : cells[3]!.split(",").map((item) => item.trim());
    rows.set(cells[1]!, imports.sort());
  }
  return rows;
}

describe("modules", () => {
  it("finds them", () => {
    expect(modules).toContain("messages");
    expect(modules.length).toBeGreaterThan(10);
  });

  it.each(modules)("%s has an index.ts and a README.md", (name) => {
    expect(fs.existsSync(path.join(MODULES, name, "index.ts"))).toBe(true);
    expect(fs.existsSync(path.join(MODULES, name, "README.md"))).toBe(true);
  });

  it("are each in docs/ARCHITECTURE.md with the modules they import", () => {
    const documented = documentedModules();
    expect([...documented.keys()].sort()).toEqual(modules);
    expect(Object.fromEntries(modules.map((name) => [name, documented.get(name)]))).toEqual(
      Object.fromEntries(modules.map((name) => [name, importsOf(name)])),
    );
  });
});
