// Every feature (src/features/<domain>) is one slice: its server module with its public face
// (server/index.ts) and its README, then only the parts a slice holds; no component or feature
// imports from src/app; the architecture and the slices' READMEs each fit a page. The order of the
// slices is checked by tests/unit/slice-graph.test.ts.
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

describe("modules", () => {
  it("finds them", () => {
    expect(modules).toContain("messages");
    expect(modules.length).toBeGreaterThan(10);
  });

  // A slice of screens only (account: its flows are identity's) has no server module, hence no index.
  it.each(modules)("%s has README.md, server/index.ts when it has a server module, and only the parts of a slice", (name) => {
    const hasServer = fs.existsSync(path.join(FEATURES, name, "server"));
    if (hasServer) expect(fs.existsSync(path.join(FEATURES, name, "server", "index.ts"))).toBe(true);
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

  it("are not imported by src/components: frames and primitives are imported by slices, never the other way", () => {
    const importers = filesUnder(path.join(ROOT, "src/components")).filter((file) =>
      /(["'])(@\/features\/|(\.\.\/)+features\/)/.test(fs.readFileSync(file, "utf8")),
    );
    expect(importers.map((file) => path.relative(ROOT, file))).toEqual([]);
  });

  // One page each: docs/ARCHITECTURE.md, and a slice's README (what it owns, its doors, its invariants).
  it("keep docs/ARCHITECTURE.md within 150 lines and each slice's README within 80", () => {
    const lines = (file: string) => fs.readFileSync(file, "utf8").trimEnd().split("\n").length;
    expect(lines(path.join(ROOT, "docs/ARCHITECTURE.md"))).toBeLessThanOrEqual(150);
    const long = modules.map((name) => [name, lines(path.join(FEATURES, name, "README.md"))] as const).filter(([, n]) => n > 80);
    expect(long).toEqual([]);
  });
});
