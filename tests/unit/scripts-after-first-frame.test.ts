// The build step that makes the prerendered pages ask for their scripts after their first frame
// (scripts/scripts-after-first-frame.mjs): the tags move into one inline loader in <head>, and the
// loader adds them once, after an animation frame and a task, when the document is parsed.
import { describe, expect, it } from "vitest";
import { loaderSource, scriptsAfterFirstFrame } from "../../scripts/scripts-after-first-frame.mjs";

const PAGE =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/s.css"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/lazy.js"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/main.js"/>' +
  '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/b.js" async=""></script>' +
  '<script src="/_next/static/chunks/poly.js" noModule=""></script><title>T</title></head>' +
  '<body><main>Text</main><script id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({})</script>' +
  '<script src="/_next/static/chunks/main.js" async=""></script><script>(self.__next_f=self.__next_f||[]).push([0])</script></body></html>';

/** A stand-in for the hash of the file as built. */
const integrityOf = (url: string) => `sha256-of-${url.split("/").pop()}`;
const move = (html: string) => scriptsAfterFirstFrame(html, integrityOf);

type FakeElement = { tag: string; [key: string]: unknown };

/** Runs the loader of `html` against a minimal document; returns the hooks a browser would fire. */
function runLoader(html: string, readyState: "loading" | "interactive") {
  const loader = /<script>(\(function\(\)\{var l=[\s\S]*?)<\/script>/.exec(html)![1]!;
  const appended: FakeElement[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const listeners: Record<string, () => void> = {};
  const document = {
    readyState,
    head: { appendChild: (e: FakeElement) => appended.push(e) },
    createElement: (tag: string) => ({ tag }),
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
  };
  new Function("document", "requestAnimationFrame", "setTimeout", loader)(
    document,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ fn, ms }),
  );
  return { appended, frames, timers, listeners, document };
}

describe("scripts after the first frame", () => {
  it("moves the external scripts and script preloads into one loader where the first of them was, in <head>", () => {
    const out = move(PAGE);
    expect(out).not.toMatch(/<script src="\/_next\/static\/chunks\/(a|b|main)\.js"/);
    expect(out).not.toContain('rel="preload" as="script"');
    // The old browsers' polyfills, the stylesheet and the inline scripts stay where they were.
    expect(out).toContain('<script src="/_next/static/chunks/poly.js" noModule=""></script>');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/s.css"/><script>(function(){');
    expect(out).toContain('<script id="_R_">');
    expect(out).toContain("<main>Text</main>");
    expect(out.match(/<script>\(function\(\)\{var l=/g)).toHaveLength(1);
    // Running the step again changes nothing (a build's pages are processed once, but safely).
    expect(move(out)).toBe(out);
    expect(move("<html><head></head><body></body></html>")).toBe("<html><head></head><body></body></html>");
    // A page whose first script is in <body> is a build this step does not know: it stops the build.
    expect(() => move('<html><head></head><body><script src="/_next/static/chunks/a.js" async=""></script></body></html>')).toThrow(
      /not in its <head>/,
    );
  });

  it("adds the scripts once, after a frame and a task, in page order, with the lazy chunk preloaded", () => {
    const { appended, frames, timers } = runLoader(move(PAGE), "interactive");
    expect(appended).toHaveLength(0);
    frames.shift()!();
    expect(appended).toHaveLength(0); // the frame is still being drawn
    const task = timers.find((t) => t.ms === 0)!;
    task.fn();
    expect(appended).toEqual([
      {
        tag: "link",
        rel: "preload",
        as: "script",
        fetchPriority: "low",
        href: "/_next/static/chunks/lazy.js",
        integrity: "sha256-of-lazy.js",
      },
      { tag: "script", src: "/_next/static/chunks/a.js", integrity: "sha256-of-a.js", async: true },
      { tag: "script", src: "/_next/static/chunks/b.js", integrity: "sha256-of-b.js", async: true },
      { tag: "script", src: "/_next/static/chunks/main.js", integrity: "sha256-of-main.js", async: true },
    ]);
    // The fallback timer finds them added already.
    timers.find((t) => t.ms === 1000)!.fn();
    expect(appended).toHaveLength(4);
  });

  it("waits for the document to be parsed, and for a second at most when no frame comes", () => {
    const { appended, timers, listeners, document } = runLoader(move(PAGE), "loading");
    timers.find((t) => t.ms === 1000)!.fn(); // a background tab: no frame
    expect(appended).toHaveLength(0);
    document.readyState = "interactive";
    listeners.DOMContentLoaded!();
    expect(appended).toHaveLength(4);
  });

  it("escapes what could close the loader's script", () => {
    expect(loaderSource([["/_next/static/chunks/a</script>.js", "sha256-x"]], [])).toContain('"/_next/static/chunks/a\\u003c/script>.js"');
  });
});
