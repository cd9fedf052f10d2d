// The build step that pins the prerendered pages' scripts for their CSP (scripts/static-page-csp.mjs):
// integrity on every external script, hashes of inline scripts as the browser computes them, no
// page that would be regenerated at run time, and a hash list that refuses to serve another build.
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readStaticPageCsp, STATIC_PAGE_CSP_FILE, writeStaticPageCsp } from "../../scripts/static-page-csp.mjs";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const sha = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

/** A build folder with chunks, a prerender manifest and the HTML of the given pages. */
function fakeBuild(
  pages: Record<string, string>,
  chunks: Record<string, string> = { "a.js": "run(1);", "b.js": "run(2);" },
  revalidate: number | false = false,
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-page-csp-"));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, "static", "chunks"), { recursive: true });
  fs.mkdirSync(path.join(dir, "server", "app"), { recursive: true });
  for (const [name, text] of Object.entries(chunks)) fs.writeFileSync(path.join(dir, "static", "chunks", name), text);
  fs.writeFileSync(path.join(dir, "BUILD_ID"), "build-1\n");
  const routes: Record<string, object> = { "/icon.svg": { initialRevalidateSeconds: 60 } };
  for (const [route, html] of Object.entries(pages)) {
    routes[route] = { initialRevalidateSeconds: revalidate };
    fs.writeFileSync(path.join(dir, "server", "app", `${route === "/" ? "index" : route.slice(1)}.html`), html);
  }
  fs.writeFileSync(path.join(dir, "prerender-manifest.json"), JSON.stringify({ routes }));
  return dir;
}
const html = (dir: string, name: string) => fs.readFileSync(path.join(dir, "server", "app", name), "utf8");

const PAGE =
  '<html><head><link rel="stylesheet" href="/_next/static/chunks/x.css"/><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>' +
  '<script src="/_next/static/chunks/a.js" async="" integrity="sha256-stale"></script></head><body>' +
  '<script>(self.__next_f=self.__next_f||[]).push([0])</script><script src="/_next/static/chunks/b.js" async=""></script>' +
  '<script>self.__next_f.push([1,"<link rel=\\"preload\\">"])</script></body></html>';

describe("writeStaticPageCsp", () => {
  it("gives every external script and script preload the integrity of the file, and lists every hash in page order", () => {
    const dir = fakeBuild({ "/": PAGE, "/_not-found": "<script>a()</script><script>a()</script>" });
    const pages = writeStaticPageCsp(dir);
    const page = html(dir, "index.html");
    expect(page).toContain(`<script src="/_next/static/chunks/a.js" async="" integrity="${sha("run(1);")}"></script>`);
    expect(page).toContain(`<script src="/_next/static/chunks/b.js" async="" integrity="${sha("run(2);")}"></script>`);
    expect(page).toContain(
      `<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js" integrity="${sha("run(2);")}"/>`,
    );
    expect(page).toContain('<link rel="stylesheet" href="/_next/static/chunks/x.css"/>');
    expect(page).not.toContain("sha256-stale");
    expect(pages["/"]).toEqual([
      sha("run(1);"),
      sha("(self.__next_f=self.__next_f||[]).push([0])"),
      sha("run(2);"),
      sha('self.__next_f.push([1,"<link rel=\\"preload\\">"])'),
    ]);
    // The same inline script twice is one source; routes without HTML are left out.
    expect(pages["/_not-found"]).toEqual([sha("a()")]);
    expect(Object.keys(pages).sort()).toEqual(["/", "/_not-found"]);
    expect(readStaticPageCsp(dir)).toEqual(pages);
  });

  it("hashes an inline script as the browser does, after the HTML parser turned CR LF and CR into LF", () => {
    const dir = fakeBuild({ "/": "<script>a();\r\nb();\rc();</script>" });
    expect(writeStaticPageCsp(dir)["/"]).toEqual([sha("a();\nb();\nc();")]);
  });

  it("is idempotent", () => {
    const dir = fakeBuild({ "/": PAGE });
    const first = writeStaticPageCsp(dir);
    const once = html(dir, "index.html");
    expect(writeStaticPageCsp(dir)).toEqual(first);
    expect(html(dir, "index.html")).toBe(once);
  });

  it("fails the build on a script that is not in it, or from elsewhere", () => {
    expect(() => writeStaticPageCsp(fakeBuild({ "/": '<script src="/_next/static/chunks/gone.js"></script>' }))).toThrow(/gone\.js/);
    expect(() => writeStaticPageCsp(fakeBuild({ "/": '<script src="https://cdn.example/x.js"></script>' }))).toThrow(/outside the build/);
  });

  it("fails the build on a page Next would regenerate at run time, whose HTML would then differ from the hashes", () => {
    expect(() => writeStaticPageCsp(fakeBuild({ "/": PAGE }, undefined, 86400))).toThrow(
      /\/ is regenerated at run time \(revalidate 86400\)/,
    );
  });
});

describe("readStaticPageCsp", () => {
  it("refuses a build without the list, a list of another build, and a malformed list", () => {
    const dir = fakeBuild({ "/": PAGE });
    expect(() => readStaticPageCsp(dir)).toThrow(/missing/);
    writeStaticPageCsp(dir);
    fs.writeFileSync(path.join(dir, "BUILD_ID"), "build-2");
    expect(() => readStaticPageCsp(dir)).toThrow(/another build/);
    fs.writeFileSync(path.join(dir, STATIC_PAGE_CSP_FILE), JSON.stringify({ buildId: "build-2", pages: { "/": ["'unsafe-inline'"] } }));
    expect(() => readStaticPageCsp(dir)).toThrow(/malformed/);
  });
});
