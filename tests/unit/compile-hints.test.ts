// The build step that asks Chromium to compile the framework chunks eagerly (scripts/compile-hints.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, COMPILE_HINT } from "../../scripts/compile-hints.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function fakeBuild(files: Record<string, string>, rootMainFiles: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "compile-hints-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  fs.writeFileSync(path.join(dir, "build-manifest.json"), JSON.stringify({ rootMainFiles }));
  return dir;
}
const read = (dir: string, name: string) => fs.readFileSync(path.join(dir, name), "utf8");

describe("addCompileHints", () => {
  it("puts the hint on the first line of each root main chunk and leaves other chunks alone", () => {
    const dir = fakeBuild({ "static/chunks/a.js": "run(1);", "static/chunks/b.js": "run(2);", "static/chunks/page.js": "run(3);" }, [
      "static/chunks/a.js",
      "static/chunks/b.js",
    ]);
    expect(addCompileHints(dir)).toEqual(["static/chunks/a.js", "static/chunks/b.js"]);
    expect(read(dir, "static/chunks/a.js")).toBe(`${COMPILE_HINT}\nrun(1);`);
    expect(read(dir, "static/chunks/b.js")).toBe(`${COMPILE_HINT}\nrun(2);`);
    expect(read(dir, "static/chunks/page.js")).toBe("run(3);");
  });

  it("is idempotent and skips root files that are not scripts", () => {
    const dir = fakeBuild({ "static/chunks/a.js": "run(1);", "static/chunks/a.css": "p{}" }, ["static/chunks/a.js", "static/chunks/a.css"]);
    addCompileHints(dir);
    expect(addCompileHints(dir)).toEqual([]);
    expect(read(dir, "static/chunks/a.js")).toBe(`${COMPILE_HINT}\nrun(1);`);
    expect(read(dir, "static/chunks/a.css")).toBe("p{}");
  });
});
