// Every feature (src/features/<domain>) is one slice: its server module with its public face
// (server/index.ts) and its README, then only the parts a slice holds; docs/ARCHITECTURE.md's
// "Modules" table names each one with the modules it really imports; and no component or feature
// imports from src/app.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FEATURES = path.join(ROOT, "src/features");
const modules = fs
  .readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const SLICE_PARTS = ["README.md", "actions", "components", "server", "tests", "validation"];

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

/** The other modules a module's files import (by alias or relative path), type imports included. */
function importsOf(name: string): string[] {
  const found = new Set<string>();
  for (const file of filesUnder(path.join(FEATURES, name, "server"))) {
    for (const [, specifier] of fs.readFileSync(file, "utf8").matchAll(/\bfrom\s*["']([^"']+)["']/g)) {
      const [target, part] = specifier!.startsWith("@/features/")
        ? specifier!.split("/").slice(2, 4)
        : specifier!.startsWith(".")
          ? path.relative(FEATURES, path.resolve(path.dirname(file), specifier!)).split(path.sep)
          : [];
      if (target && part === "server" && target !== name && modules.includes(target)) found.add(target);
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

  it.each(modules)("%s has server/index.ts and README.md, and only the parts of a slice", (name) => {
    expect(fs.existsSync(path.join(FEATURES, name, "server", "index.ts"))).toBe(true);
    expect(fs.existsSync(path.join(FEATURES, name, "README.md"))).toBe(true);
    const parts = fs.readdirSync(path.join(FEATURES, name));
    expect(parts.filter((part) => !SLICE_PARTS.includes(part))).toEqual([]);
  });

  it("are not imported from src/app by a component or a feature", () => {
    // A feature's tests call its routes and pages, as the tests under tests/ do.
    const screens = [path.join(ROOT, "src/components"), FEATURES]
      .flatMap(filesUnder)
      .filter((file) => !file.includes(`${path.sep}tests${path.sep}`));
    const importers = screens.filter((file) => {
      const specifiers = [...fs.readFileSync(file, "utf8").matchAll(/\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/g)];
      return specifiers.some(([, a, b]) => {
        const specifier = (a ?? b)!;
        const resolved = specifier.startsWith(".") ? path.relative(ROOT, path.resolve(path.dirname(file), specifier)) : specifier;
        return /^(@\/app|src\/app)(\/|$)/.test(resolved.split(path.sep).join("/"));
      });
    });
    expect(importers.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  it("are each in docs/ARCHITECTURE.md with the modules they import", () => {
    const documented = documentedModules();
    expect([...documented.keys()].sort()).toEqual(modules);
    expect(Object.fromEntries(modules.map((name) => [name, documented.get(name)]))).toEqual(
      Object.fromEntries(modules.map((name) => [name, importsOf(name)])),
    );
  });
});
