// scripts/slice-graph.mjs (docs/ARCHITECTURE.md, "Slices") reads every import between slices and
// fails on a cycle. Planted slices in a temporary folder prove what it counts: a type-only import, a
// re-export, a dynamic import, a relative path leaving the slice; and what it leaves out: a slice's
// tests, an import named in a comment, an import of the core or of src/components.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cyclesOf, describe as describeGraph, layersOf, sliceGraph } from "../../scripts/slice-graph.mjs";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCRIPT = path.join(ROOT, "scripts/slice-graph.mjs");
const planted: string[] = [];

/** A features folder holding the given files (path under it → text). */
function plant(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "slices-"));
  planted.push(dir);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

afterEach(() => {
  for (const dir of planted.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const run = (featuresRoot: string) => spawnSync(process.execPath, [SCRIPT, featuresRoot], { encoding: "utf8" });
const edges = (graph: Map<string, Set<string>>) => Object.fromEntries([...graph].map(([slice, targets]) => [slice, [...targets].sort()]));

describe("the slice graph", () => {
  it("fails on a cycle made by a type-only import, and names the slices and the files", () => {
    const dir = plant({
      "low/server/index.ts": "export const low = 1;\n",
      "high/server/index.ts": 'import { low } from "@/features/low/server";\nexport const high = low;\n',
      "low/components/card.tsx": 'import type { Thing } from "@/features/high/server";\nexport type Card = Thing;\n',
    });
    expect(cyclesOf(sliceGraph(dir))).toEqual([["high", "low"]]);
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("cycles: 1\n- high, low");
    expect(result.stderr).toContain(`${path.join("low", "components", "card.tsx")} → high`);
  });

  it("counts re-exports, dynamic imports and relative paths that leave the slice", () => {
    const dir = plant({
      "a/validation/index.ts": 'export { x } from "@/features/b/validation";\n',
      "b/components/view.tsx": 'export const load = () => import("../../c/components/chart");\n',
      "c/actions/admin.ts": 'import {\n  type Row,\n  rows,\n} from "../../d/server";\nexport const y = rows;\n',
      "d/server/index.ts": 'import "./setup";\nimport { z } from "zod";\nexport const rows = z;\n',
    });
    expect(edges(sliceGraph(dir))).toEqual({ a: ["b"], b: ["c"], c: ["d"], d: [] });
    expect(layersOf(sliceGraph(dir))).toEqual([["d"], ["c"], ["b"], ["a"]]);
    const result = run(dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("1. d\n2. c\n3. b\n4. a\n\ncycles: 0");
  });

  it("leaves out a slice's tests, comments, and imports of what is not a slice", () => {
    const dir = plant({
      "a/server/index.ts":
        '// Called by src/features/b/server (import("@/features/b/server") there).\nimport { AppError } from "@/server/core/errors";\nimport { Button } from "@/components/ui/button";\nexport const a = [AppError, Button];\n',
      "a/tests/a.test.ts": 'import { b } from "@/features/b/server";\n',
      "b/server/index.ts": 'import { a } from "@/features/a/server";\nexport const b = a;\n',
    });
    expect(edges(sliceGraph(dir))).toEqual({ a: [], b: ["a"] });
    expect(run(dir).status).toBe(0);
  });

  it("puts slices that import nothing of each other in one layer, and a slice above everything it imports", () => {
    const dir = plant({
      "base/server/index.ts": "export const base = 1;\n",
      "left/server/index.ts": 'import { base } from "@/features/base/server";\nexport const left = base;\n',
      "right/server/index.ts": 'import { base } from "@/features/base/server";\nexport const right = base;\n',
      "top/components/x.tsx":
        'import { left } from "@/features/left/server";\nimport { base } from "@/features/base/server";\nexport const x = [left, base];\n',
    });
    expect(layersOf(sliceGraph(dir))).toEqual([["base"], ["left", "right"], ["top"]]);
  });
});

describe("this repository's slices", () => {
  const graph = sliceGraph(path.join(ROOT, "src/features"));

  it("form no cycle (npm test runs the script through this test)", () => {
    const result = spawnSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: "utf8" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("cycles: 0");
    expect(cyclesOf(graph)).toEqual([]);
  });

  it("are drawn in docs/ARCHITECTURE.md as the script orders them", () => {
    const architecture = fs.readFileSync(path.join(ROOT, "docs/ARCHITECTURE.md"), "utf8");
    const drawn = /<!-- slice-graph -->\n([\s\S]*?)\n<!-- \/slice-graph -->/.exec(architecture)?.[1];
    const layers = describeGraph(graph).text.split("\n\n")[0];
    expect(drawn).toBe(layers);
  });
});
