// The script hashes of the prerendered pages' Content-Security-Policy, made by the build.
//
// Prerendered pages (the landing and legal pages, the 404) have no request to carry a nonce, so
// their policy allows scripts by hash: `script-src 'self' 'strict-dynamic' 'sha256-…' …`. Under
// 'strict-dynamic' an external `<script src>` in the HTML runs only when its `integrity` attribute
// names a hash the policy lists (CSP3), so after `next build` and the compile hints (which change
// the bytes of the framework chunks) this step, for each prerendered page's HTML:
// 1. gives every script (and script preload) under /_next/static/ an `integrity` attribute with
//    the SHA-256 of the file as written. Next's own `experimental.sri` is not used: with Turbopack
//    it leaves the chunks of client components that React inserts without one, and it hashes the
//    chunks before the compile hints are added, so Chromium refuses those files;
// 2. lists the SHA-256 of each inline script and each of those integrity values;
// and writes the lists with the build's id to `.next/static-page-csp.json`. scripts/start.mjs reads
// it (readStaticPageCsp) and hands it to src/proxy.ts. The pages are never regenerated at run time
// (a page with `revalidate` fails the build here), so the HTML served is the HTML hashed here.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const STATIC_PAGE_CSP_FILE = "static-page-csp.json";
const HASH_SOURCE = /^sha256-[A-Za-z0-9+/]{43}=$/;

/** The CSP hash of bytes or of a string (UTF-8), as a source value without quotes. */
export function sha256Source(content) {
  return `sha256-${createHash("sha256").update(content).digest("base64")}`;
}

/**
 * The hash the browser computes for an inline script: over its text as parsed, and the HTML parser
 * turns CR LF and lone CR into LF before anything else.
 */
export function inlineScriptSource(text) {
  return sha256Source(text.replace(/\r\n?/g, "\n"));
}

function withIntegrity(tag, integrity) {
  const bare = tag.replace(/\s+integrity="[^"]*"/g, "");
  const close = bare.endsWith("/>") ? "/>" : ">";
  return `${bare.slice(0, -close.length)} integrity="${integrity}"${close}`;
}

/** The `integrity` of a file of the build in `nextDir` by its URL (`/_next/static/…`), as written. */
export function builtFileIntegrity(nextDir, url) {
  const file = path.join(nextDir, decodeURIComponent(url.slice("/_next/".length)));
  if (!fs.existsSync(file)) throw new Error(`static page CSP: ${url} is referenced by a prerendered page but not in the build`);
  return sha256Source(fs.readFileSync(file));
}

/**
 * Adds the `integrity` of every external script and script preload of `html` (read from the build
 * in `nextDir`) and returns the new HTML with the hash sources its policy needs, in page order.
 */
export function pinScripts(html, nextDir) {
  const integrityOf = (url) => builtFileIntegrity(nextDir, url);
  const sources = [];
  const add = (source) => {
    if (!sources.includes(source)) sources.push(source);
  };
  const pinned = html.replace(/<script\b([^>]*)>([\s\S]*?)<\/script>|<link\b[^>]*>/g, (tag, attributes, body) => {
    if (tag.startsWith("<link")) {
      if (!/\brel="preload"/.test(tag) || !/\bas="script"/.test(tag)) return tag;
      const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
      if (!href?.startsWith("/_next/static/")) throw new Error(`static page CSP: a script preload outside the build: ${href}`);
      return withIntegrity(tag, integrityOf(href));
    }
    const src = /\bsrc="([^"]+)"/.exec(attributes)?.[1];
    if (src === undefined) {
      add(inlineScriptSource(body));
      return tag;
    }
    // Under 'strict-dynamic' a script from anywhere else would need its own hash; the pages have none.
    if (!src.startsWith("/_next/static/")) throw new Error(`static page CSP: a script outside the build: ${src}`);
    const integrity = integrityOf(src);
    add(integrity);
    const open = tag.slice(0, tag.indexOf(">") + 1);
    return withIntegrity(open, integrity) + tag.slice(open.length);
  });
  return { html: pinned, sources };
}

/**
 * The HTML file of each prerendered page of the build, by its path: "/" → server/app/index.html.
 * A page Next would render again at run time (`revalidate`) fails the build: the HTML it would then
 * serve would not be the HTML hashed here.
 */
export function prerenderedPages(nextDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(nextDir, "prerender-manifest.json"), "utf8"));
  const pages = Object.entries(manifest.routes)
    .map(([route, entry]) => ({ route, entry, file: path.join(nextDir, "server", "app", `${route === "/" ? "/index" : route}.html`) }))
    .filter(({ file }) => fs.existsSync(file));
  for (const { route, entry } of pages) {
    if (typeof entry.initialRevalidateSeconds === "number") {
      throw new Error(
        `static page CSP: ${route} is regenerated at run time (revalidate ${entry.initialRevalidateSeconds}), so its script hashes would go stale: remove its \`revalidate\``,
      );
    }
  }
  return pages;
}

/** Pins the scripts of every prerendered page in `nextDir` and writes the policy's hash list. */
export function writeStaticPageCsp(nextDir) {
  const pages = {};
  for (const { route, file } of prerenderedPages(nextDir)) {
    const { html, sources } = pinScripts(fs.readFileSync(file, "utf8"), nextDir);
    fs.writeFileSync(file, html);
    pages[route] = sources;
  }
  const buildId = fs.readFileSync(path.join(nextDir, "BUILD_ID"), "utf8").trim();
  fs.writeFileSync(path.join(nextDir, STATIC_PAGE_CSP_FILE), `${JSON.stringify({ buildId, pages }, null, 2)}\n`);
  return pages;
}

/**
 * The hash lists of the build in `nextDir`, by page path; throws when the file is missing, malformed
 * or was made for another build (a `next build` run without this step).
 */
export function readStaticPageCsp(nextDir) {
  const file = path.join(nextDir, STATIC_PAGE_CSP_FILE);
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    throw new Error(`${file} is missing or unreadable: build with \`npm run build\` (it adds the static pages' CSP hashes).`);
  }
  const buildId = fs.readFileSync(path.join(nextDir, "BUILD_ID"), "utf8").trim();
  if (parsed?.buildId !== buildId) throw new Error(`${file} belongs to another build: build with \`npm run build\`.`);
  const pages = parsed.pages;
  const valid =
    pages &&
    typeof pages === "object" &&
    Object.values(pages).every((list) => Array.isArray(list) && list.every((s) => typeof s === "string" && HASH_SOURCE.test(s)));
  if (!valid) throw new Error(`${file} is malformed: build with \`npm run build\`.`);
  return pages;
}
