// Each screen's first-load JavaScript, gzipped, from a production build's manifests (.next): the
// framework's own chunks (build-manifest.json's rootMainFiles), every chunk Next writes as a script
// for the route's segments (its client reference manifest's entryJSFiles: the root and area
// layouts, the page, the error and not-found boundaries), and the chunks of what the screen loads
// by `next/dynamic` as it opens (a portal section, then its cards).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export type Screen = {
  name: string;
  /** The app route, as under .next/server/app (route groups kept). */
  route: string;
  /**
   * Components the screen loads by `next/dynamic` when it opens (a portal section, then the cards
   * that section loads the same way), each found in the chunks counted before it.
   */
  dynamic?: string[];
};

export type ScreenWeight = { name: string; bytes: number; files: string[] };

/** The route's client reference manifest, as Next writes it (a script assigning globalThis.__RSC_MANIFEST). */
function referenceManifest(buildDir: string, route: string): { entryJSFiles: Record<string, string[]> } {
  const file = path.join(buildDir, "server", "app", `${route}_client-reference-manifest.js`);
  const holder: { __RSC_MANIFEST?: Record<string, { entryJSFiles: Record<string, string[]> }> } = {};
  new Function("globalThis", fs.readFileSync(file, "utf8"))(holder);
  const manifest = Object.values(holder.__RSC_MANIFEST ?? {})[0];
  if (!manifest) throw new Error(`${file} holds no client reference manifest`);
  return manifest;
}

/**
 * The chunks of a `next/dynamic` import named by its component: Turbopack writes the import as
 * `e.A(<loader>).then(e=>e.Name)` in the chunks counted so far (`…then(e=>(0,i.wrapper)(e.Name))`
 * when the component is wrapped, as `pendingUntilHydrated` does), and the loader module as
 * `<loader>,s=>{s.v(t=>Promise.all(["static/chunks/….js", …].map(…` in one of the build's chunks.
 */
function dynamicChunks(buildDir: string, countedFiles: string[], component: string): string[] {
  const read = (file: string) => fs.readFileSync(path.join(buildDir, file), "utf8");
  const importPattern = new RegExp(`\\.A\\((\\d+)\\)\\.then\\(\\w+=>(?:\\(0,\\w+\\.\\w+\\)\\()?\\w+\\.${component}\\)`);
  const loader = countedFiles.map((file) => importPattern.exec(read(file))?.[1]).find(Boolean);
  if (!loader) throw new Error(`no dynamic import of ${component} in the screen's chunks`);
  const loaderPattern = new RegExp(`[,{]${loader},\\w+=>\\{\\w+\\.v\\(\\w+=>Promise\\.all\\(\\[([^\\]]*)\\]`);
  const chunksDir = path.join(buildDir, "static", "chunks");
  for (const name of fs.readdirSync(chunksDir)) {
    if (!name.endsWith(".js")) continue;
    const match = loaderPattern.exec(read(path.join("static", "chunks", name)));
    if (match) return [...match[1]!.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  }
  throw new Error(`no loader module ${loader} (${component}) in the build's chunks`);
}

const gzipped = new Map<string, number>();
function gzippedSize(buildDir: string, file: string): number {
  const key = path.join(buildDir, file);
  let size = gzipped.get(key);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(key), { level: 9 }).length;
    gzipped.set(key, size);
  }
  return size;
}

export function firstLoadJs(buildDir: string, screen: Screen): ScreenWeight {
  const build = JSON.parse(fs.readFileSync(path.join(buildDir, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const files = new Set(build.rootMainFiles);
  for (const list of Object.values(referenceManifest(buildDir, screen.route).entryJSFiles)) for (const file of list) files.add(file);
  for (const name of screen.dynamic ?? []) for (const file of dynamicChunks(buildDir, [...files], name)) files.add(file);
  const list = [...files].filter((file) => file.endsWith(".js"));
  return { name: screen.name, bytes: list.reduce((sum, file) => sum + gzippedSize(buildDir, file), 0), files: list };
}
