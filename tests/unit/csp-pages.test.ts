// Every page on disk is classified for its CSP (src/lib/csp.ts): rendered per request under a
// nonce prefix, or listed as prerendered. A new page in neither list fails here, before it ships
// with the policy of the wrong kind (a dynamic page left on the static policy, or a static page
// whose scripts the nonce policy would block).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isDynamicPagePath, STATIC_PAGE_PATHS } from "@/lib/csp";

const APP = path.resolve(import.meta.dirname, "../../src/app");

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return /^page\.(tsx|ts|jsx|js)$/.test(entry.name) ? [full] : [];
  });
}

/** src/app/(auth)/forgot-password/page.tsx → /forgot-password */
function urlOf(file: string): string {
  const segments = path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

const pages = pageFiles(APP).map((file) => ({ file: path.relative(APP, file), url: urlOf(file) }));

describe("every page has its CSP kind", () => {
  it("finds the pages", () => {
    expect(pages.map((p) => p.url)).toEqual(expect.arrayContaining(["/", "/client-portal", "/admin/dashboard", "/forgot-password"]));
  });

  it.each(pages)("$url ($file)", ({ file, url }) => {
    const isStatic = STATIC_PAGE_PATHS.includes(url);
    expect(isStatic || isDynamicPagePath(url), `${url} is in neither DYNAMIC_PAGE_PREFIXES nor STATIC_PAGE_PATHS`).toBe(true);
    expect(isStatic && isDynamicPagePath(url), `${url} is in both lists`).toBe(false);
    const source = fs.readFileSync(path.join(APP, file), "utf8");
    // A per-request page must render per request (its nonce), a static one must not.
    if (isStatic) expect(source, `${url} is listed as static`).not.toMatch(/connection\(\)|headers\(\)|cookies\(\)/);
    else
      expect(source, `${url} gets a nonce, so it must render per request`).toMatch(/connection\(\)|searchParams|headers\(\)|cookies\(\)/);
  });
});
