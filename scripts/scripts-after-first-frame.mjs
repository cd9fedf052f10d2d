// The prerendered pages (the landing and legal pages, the 404) ask for their scripts only once
// their first frame is drawn.
//
// Next puts every chunk of a page in its <head> as `<script async>` (and the lazy ones as
// `<link rel="preload" as="script">`), so the browser fetches them with the HTML and V8 compiles
// them on background threads while the first screen is styled, laid out and painted. On two cores
// that compiling starves the first frame: in Lighthouse's traces of the landing page the frame's
// task took 60-110 ms of wall time for about 25 ms of the main thread's work, and the compositor,
// answering late, had its frames held by the GPU process until past a second (bench/README.md,
// "The landing page"). These pages read whole without script (their HTML is complete), so the
// build moves those tags into one inline loader that adds them once the first frame is drawn (an
// animation frame, then a task; or a second, when no frame comes, as in a tab opened in the
// background) and the document is parsed (so the page's inline scripts, such as Turbopack's chunk
// list in <body>, have run first, as they did when its main chunk followed them there). The
// elements it adds are the ones Next wrote (`async` scripts, low-priority preloads, each with the
// `integrity` of its file as built), which React adopts as its own when it hydrates; under the
// pages' 'strict-dynamic' policy they run because the loader's hash is listed (static-page-csp.mjs,
// run afterwards).
import fs from "node:fs";
import { builtFileIntegrity, prerenderedPages } from "./static-page-csp.mjs";

// `noModule` scripts (Next's polyfills for old browsers) stay: a current browser never fetches them.
const EXTERNAL_SCRIPT = /<script\b(?![^>]*\bnoModule)(?=[^>]*\bsrc="(\/_next\/static\/[^"]+)")[^>]*><\/script>/gi;
const SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")(?=[^>]*\bhref="(\/_next\/static\/[^"]+)")[^>]*\/?>/g;

/**
 * The loader's source for these scripts and preloads, each a URL and its integrity (JSON in a
 * script: `<` escaped).
 */
export function loaderSource(scripts, preloads) {
  const list = JSON.stringify({ scripts, preloads }).replace(/</g, "\\u003c");
  return (
    `(function(){var l=${list},d=0;function add(t,p){var e=document.createElement(t);` +
    `for(var k in p)e[k]=p[k];document.head.appendChild(e)}function go(){if(d)return;d=1;` +
    `l.preloads.forEach(function(s){add("link",{rel:"preload",as:"script",fetchPriority:"low",href:s[0],integrity:s[1]})});` +
    `l.scripts.forEach(function(s){add("script",{src:s[0],integrity:s[1],async:true})})}` +
    `function ready(){if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",go);else go()}` +
    `requestAnimationFrame(function(){setTimeout(ready,0)});setTimeout(ready,1000)})()`
  );
}

/**
 * Takes the external scripts and script preloads of the build out of `html` and puts a loader in
 * their place (where the first of them was, in <head>); `integrityOf` gives each file's hash.
 * Returns the HTML unchanged when it has none.
 */
export function scriptsAfterFirstFrame(html, integrityOf) {
  const scripts = [];
  const preloads = [];
  const cuts = [];
  for (const [pattern, list] of [
    [EXTERNAL_SCRIPT, scripts],
    [SCRIPT_PRELOAD, preloads],
  ]) {
    for (const match of html.matchAll(pattern)) {
      if (!list.includes(match[1])) list.push(match[1]);
      cuts.push({ index: match.index, length: match[0].length });
    }
  }
  if (cuts.length === 0) return html;
  cuts.sort((a, b) => a.index - b.index);
  const at = cuts[0].index;
  if (at > html.indexOf("</head>")) throw new Error("scripts after first frame: the page's first script is not in its <head>");
  // Cut from the end backwards, so the offsets taken in the original HTML stay right.
  let out = html;
  for (const { index, length } of cuts.reverse()) out = out.slice(0, index) + out.slice(index + length);
  // A chunk the page runs anyway needs no preload of its own.
  const pair = (url) => [url, integrityOf(url)];
  const loader = loaderSource(scripts.map(pair), preloads.filter((url) => !scripts.includes(url)).map(pair));
  return `${out.slice(0, at)}<script>${loader}</script>${out.slice(at)}`;
}

/** Moves the scripts of every prerendered page of the build in `nextDir` behind its first frame. */
export function moveScriptsAfterFirstFrame(nextDir) {
  const integrityOf = (url) => builtFileIntegrity(nextDir, url);
  for (const { file } of prerenderedPages(nextDir))
    fs.writeFileSync(file, scriptsAfterFirstFrame(fs.readFileSync(file, "utf8"), integrityOf));
}
