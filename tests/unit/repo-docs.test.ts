// The repository explains itself: code and tests point into docs/PRODUCT.md, never into a document
// outside the repository, and every anchor of docs/PRODUCT.md they name is a heading there; the
// documents (docs/, the READMEs) name only files that exist, and only code identifiers that exist.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SCANNED_DIRS = ["src", "tests", "scripts", "bench", "tools"];
const DOC_FILES = ["README.md", "CONTRIBUTING.md", "docs/ARCHITECTURE.md", "docs/PRODUCT.md"];
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|jsx|json|md|css|sh|yml|yaml|txt|html)$/;

// Assembled here so that this file does not match itself.
const FORBIDDEN = ["spec " + "§", "product" + "-spec", "../" + "shared"];

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

const scanned = SCANNED_DIRS.flatMap((dir) => filesUnder(path.join(ROOT, dir)));
// Several checks read the same files: each is read once (on a busy machine the rereads cost seconds).
const texts = new Map<string, string>();
const read = (file: string) => texts.get(file) ?? texts.set(file, fs.readFileSync(file, "utf8")).get(file)!;
const relative = (file: string) => path.relative(ROOT, file);

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function githubSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .replace(/`/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

describe("repository documentation", () => {
  it("finds the files it checks", () => {
    expect(scanned.length).toBeGreaterThan(100);
    expect(scanned.some((file) => relative(file) === path.join("src", "lib", "format.ts"))).toBe(true);
  });

  it("computes GitHub's anchors", () => {
    const slugs = githubSlugs("# Product\n## Portal: Billing\n## Rules: Money and dates\n```\n## not a heading\n```\n## Portal: Billing\n");
    expect([...slugs]).toEqual(["product", "portal-billing", "rules-money-and-dates", "portal-billing-1"]);
  });

  it("never points to a document outside the repository", () => {
    const offenders = scanned.flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((line, index) =>
          FORBIDDEN.some((word) => line.toLowerCase().includes(word)) ? [`${relative(file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });

  it("points only to anchors that exist in docs/PRODUCT.md", () => {
    const slugs = githubSlugs(read(path.join(ROOT, "docs/PRODUCT.md")));
    const sources = [...scanned, ...DOC_FILES.map((file) => path.join(ROOT, file))];
    const references = sources.flatMap((file) =>
      [...read(file).matchAll(/PRODUCT\.md#([\w-]+)/g)].map((match) => ({ where: relative(file), anchor: match[1]! })),
    );
    expect(references.length).toBeGreaterThan(20);
    const missing = references.filter((reference) => !slugs.has(reference.anchor)).map((r) => `${r.where} → #${r.anchor}`);
    expect(missing).toEqual([]);
  });

  it("names only files and folders that exist", () => {
    const documents = [
      ...DOC_FILES.map((file) => path.join(ROOT, file)),
      ...filesUnder(path.join(ROOT, "docs")),
      ...scanned.filter((file) => path.basename(file) === "README.md"),
    ].filter((file, index, all) => file.endsWith(".md") && all.indexOf(file) === index);
    expect(documents.map(relative)).toEqual(expect.arrayContaining(["docs/ARCHITECTURE.md", "src/features/messages/README.md"]));
    const exists = (base: string, name: string) => fs.existsSync(path.resolve(base, name));
    const missing = documents.flatMap((file) => {
      const text = read(file);
      const names = new Set<string>();
      // Paths from the repository's top, anywhere in the text (a glob or a template is not a path).
      for (const match of text.matchAll(
        /(?<![\w@/.-])((?:src|tests|scripts|bench|tools|docs|drizzle)(?:\/(?:\([\w-]+\)|\[[\w.]+\]|[\w.-]+))+)(?![*<\w.-])/g,
      )) {
        names.add(match[1]!.replace(/\.+$/, ""));
      }
      // Code spans naming a file: from the top, or (a README under src) next to the document.
      const nextToIt = relative(file).startsWith("src");
      for (const match of text.matchAll(/`([^`\s*{}<>$:…]+\.(?:ts|tsx|mts|mjs|md))`/g))
        if (nextToIt || match[1]!.includes("/")) names.add(match[1]!);
      return [...names]
        .map((name) => name.replace(/#.*$/, "").replace(/^@\//, "src/"))
        .filter((name) => !exists(ROOT, name) && !exists(path.dirname(file), name))
        .map((name) => `${relative(file)} → ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it("links within docs/PRODUCT.md only to its own headings", () => {
    const markdown = read(path.join(ROOT, "docs/PRODUCT.md"));
    const slugs = githubSlugs(markdown);
    const missing = [...markdown.matchAll(/\]\(#([\w-]+)\)/g)].map((match) => match[1]!).filter((anchor) => !slugs.has(anchor));
    expect(missing).toEqual([]);
  });

  it("names in backticks only code identifiers that exist", () => {
    const stale = docNames(documentation()).filter((name) => !nameExists(name.text));
    expect(stale.map((name) => `${name.where}: \`${name.text}\``)).toEqual([]);
  });

  it("would catch a renamed function", () => {
    const names = docNames([
      { file: "x.md", text: "Call `getLongGoneActor()` in `src/server/gone.ts`; `npm test` and `pending` are no names." },
    ]);
    expect(names.map((name) => name.text)).toEqual(["getLongGoneActor"]);
    expect(names.some((name) => nameExists(name.text))).toBe(false);
    expect(nameExists("formatCents")).toBe(true);
  });
});

// Names of other tools that the docs mention (React, better-auth's cookie, PostgreSQL, nginx,
// container platforms): not this repository's code.
const OTHER_TOOLS = new Set([
  "dangerouslySetInnerHTML",
  "dontRememberMe",
  "max_connections",
  "max_fails",
  "stop_grace_period",
  "terminationGracePeriodSeconds",
  "TimeoutStopSec",
]);

/** The Markdown the repository explains itself with: the top-level docs and every README under src/. */
function documentation(): { file: string; text: string }[] {
  const readmes = filesUnder(path.join(ROOT, "src")).filter((file) => path.basename(file) === "README.md");
  const docs = [...DOC_FILES.map((file) => path.join(ROOT, file)), ...filesUnder(path.join(ROOT, "docs")), ...readmes].filter(
    (file, index, all) => file.endsWith(".md") && all.indexOf(file) === index,
  );
  return docs.map((file) => ({ file: relative(file), text: read(file) }));
}

/**
 * The code identifiers a doc names in backticks outside code blocks (camelCase, PascalCase with an
 * inner capital, or with an underscore; a call's parentheses dropped, a dotted name's last part).
 * Plain words, commands, snippets and paths (checked above) are not.
 */
function docNames(docs: { file: string; text: string }[]): { where: string; text: string }[] {
  return docs.flatMap(({ file, text }) => {
    let inFence = false;
    return text.split("\n").flatMap((line, index) => {
      if (line.startsWith("```")) inFence = !inFence;
      if (inFence || line.startsWith("```")) return [];
      return [...line.matchAll(/`([^`]+)`/g)].flatMap((match) => {
        const token = match[1]!.trim().replace(/\(\)$/, "");
        const where = `${file}:${index + 1}`;
        if (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(token)) {
          const name = token.split(".").at(-1)!;
          return /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]|_/.test(name) && !OTHER_TOOLS.has(name) ? [{ where, text: name }] : [];
        }
        return [];
      });
    });
  });
}

let codeWords: Set<string> | undefined;
function nameExists(name: string): boolean {
  codeWords ??= new Set(
    // Not this file, whose own example names a function that does not exist.
    [
      ...scanned.filter((file) => !file.endsWith(".md") && file !== import.meta.filename),
      ...["package.json", "next.config.ts", "playwright.config.ts", "vitest.config.ts", "eslint.config.mjs", "drizzle.config.ts"].map((f) =>
        path.join(ROOT, f),
      ),
    ]
      .filter((file) => fs.existsSync(file))
      .flatMap((file) => read(file).match(/[A-Za-z_$][\w$]*/g) ?? []),
  );
  return codeWords.has(name);
}
