// Finds every public entry point of the app on disk, so the entry-point matrix cannot miss a new
// one: route handlers (each exported HTTP method), the admin and portal pages, and server actions
// (every exported function of a "use server" module anywhere under src/).
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
const SRC = path.join(ROOT, "src");
const APP = path.join(SRC, "app");
const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type EntryPoint =
  | { kind: "route"; key: string; file: string; method: string }
  | { kind: "page"; key: string; file: string }
  | { kind: "action"; key: string; file: string; exportName: string };

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

/** The URL path of an app-router folder: route groups like (area) do not show in the URL. */
function urlPath(dir: string): string {
  const segments = path
    .relative(APP, dir)
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join("/")}`;
}

/** True when the module's first statement (after comments) is the "use server" directive. */
export function isServerActionModule(source: string): boolean {
  const code = source.replace(/^(?:\s+|\/\/[^\n]*\n?|\/\*[\s\S]*?\*\/)*/, "");
  return /^["']use server["']/.test(code);
}

/** Exports are read from the loaded module, so re-exports and wrapped handlers count too. */
export async function discoverRoutes(): Promise<EntryPoint[]> {
  const files = walk(APP).filter((f) => /^route\.tsx?$/.test(path.basename(f)));
  const found = await Promise.all(
    files.map(async (file) => {
      const mod = await importEntryModule(relative(file));
      return HTTP_METHODS.filter((m) => typeof mod[m] === "function").map((method) => ({
        kind: "route" as const,
        key: `${method} ${urlPath(path.dirname(file))}`,
        file: relative(file),
        method,
      }));
    }),
  );
  return found.flat();
}

export function discoverPages(): EntryPoint[] {
  return ["client-portal", "admin", "(auth)"].flatMap((area) =>
    walk(path.join(APP, area))
      .filter((f) => path.basename(f) === "page.tsx" || path.basename(f) === "page.ts")
      .map((file) => ({ kind: "page" as const, key: `PAGE ${urlPath(path.dirname(file))}`, file: relative(file) })),
  );
}

/** Every function a "use server" module exports is callable from any browser: each one counts. */
export async function discoverActions(): Promise<EntryPoint[]> {
  const files = walk(SRC).filter((f) => /\.tsx?$/.test(f) && isServerActionModule(fs.readFileSync(f, "utf8")));
  const found = await Promise.all(
    files.map(async (file) => {
      const mod = await importEntryModule(relative(file));
      return Object.keys(mod)
        .filter((name) => typeof mod[name] === "function")
        .map((exportName) => ({
          kind: "action" as const,
          key: `ACTION ${relative(file)}#${exportName}`,
          file: relative(file),
          exportName,
        }));
    }),
  );
  return found.flat();
}

export async function discoverEntryPoints(): Promise<EntryPoint[]> {
  const all = [...(await discoverRoutes()), ...discoverPages(), ...(await discoverActions())];
  return all.sort((a, b) => a.key.localeCompare(b.key));
}

/** Imports an entry point's module from its path (vitest resolves the aliases inside it). */
export async function importEntryModule(file: string): Promise<Record<string, unknown>> {
  return (await import(/* @vite-ignore */ path.join(ROOT, file))) as Record<string, unknown>;
}
