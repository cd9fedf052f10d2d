// A slice's door (its module's index) is what other slices and the screens use, not a list of every
// function its own actions and tests call (those reach its files directly, docs/ARCHITECTURE.md):
// no door names more than 60 things. A slice whose door outgrows that is doing two jobs.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FEATURES = path.resolve(import.meta.dirname, "../../src/features");
const MOST = 60;

/** The names an index exports: `export { a, type B as C } from "./x"` and `export const/function/type …`. */
export function exportedNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/export\s*(?:type\s*)?\{([^}]*)\}/g))
    for (const part of m[1]!.split(",")) {
      const name = part
        .replace(/^\s*type\s+/, "")
        .split(" as ")
        .at(-1)!
        .trim();
      if (name) names.add(name);
    }
  for (const m of text.matchAll(/export\s+(?:async\s+)?(?:const|function|type|interface|class)\s+(\w+)/g)) names.add(m[1]!);
  return [...names];
}

describe("slice doors", () => {
  it("counts what an index exports", () => {
    expect(exportedNames('export { a, type B, c as D } from "./x";\nexport const e = 1;\nexport type F = string;').sort()).toEqual(
      ["B", "D", "F", "a", "e"].sort(),
    );
  });

  const slices = fs.readdirSync(FEATURES).filter((slice) => fs.existsSync(path.join(FEATURES, slice, "server", "index.ts")));
  it.each(slices)("%s's door names at most 60 things", (slice) => {
    const names = exportedNames(fs.readFileSync(path.join(FEATURES, slice, "server", "index.ts"), "utf8"));
    expect(names.length, `${slice}'s door exports ${names.length} names`).toBeLessThanOrEqual(MOST);
  });
});
