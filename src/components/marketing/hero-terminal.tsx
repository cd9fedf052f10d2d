"use client";

import { memo, useEffect, useRef } from "react";
import { TERMINAL_LINES, TERMINAL_PREFIX, TERMINAL_STEPS, type TerminalLine } from "./terminal-script";

const START_DELAY_MS = 600;
const TYPE_MS = 28;
const BEFORE_COMMAND_MS = 450;
const LINE_MS = 170;

const COLORS: Record<TerminalLine["kind"], string> = {
  command: "text-slate-100",
  info: "text-sky-300",
  warn: "text-amber-300",
  ok: "text-emerald-300",
  plain: "text-cyan-200",
};

// A waiting line is invisible only where motion is allowed: with reduced motion (or before this
// script runs) CSS already shows the finished transcript.
const WAITING = "motion-safe:invisible";
const CURSOR = "absolute left-0.5 top-0.5 h-4 w-2 bg-emerald-400/80";

/**
 * The animated part of the hero terminal (aria-hidden: the page carries a static transcript for
 * screen readers). Every line is always rendered at full length and unrevealed text is only made
 * invisible, so the box has its final size from the first paint and typing never shifts layout.
 * With reduced motion it shows the final state at once (CSS already does before this script runs).
 * data-step counts the completed steps; data-hydrated says the timers run.
 *
 * React renders the lines once; each tick of the animation (a character, a line) then changes the
 * few DOM nodes it concerns directly, so typing costs no React render and no long task (it runs
 * while the page is still loading and being measured).
 */
export function HeroTerminal() {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const lines = Array.from(root.children) as HTMLElement[];
    // Read in the effect, not while rendering: matchMedia during hydration forces a style update.
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let step = 0;
    let typed = 0;
    let cursor: HTMLElement | null = null;
    let timer: ReturnType<typeof setTimeout>;

    // A command line holds its prefix, the typed part and the rest, invisible while typing.
    const parts = (index: number) => {
      const [, typedPart, rest] = Array.from(lines[index]!.children) as HTMLElement[];
      return { typedPart: typedPart!, rest: rest! };
    };
    const showTyped = (index: number, count: number) => {
      const text = TERMINAL_LINES[index]!.text;
      const { typedPart, rest } = parts(index);
      typedPart.textContent = text.slice(0, count);
      rest.textContent = text.slice(count);
      rest.classList.add("invisible");
      // A new cursor element per character: a moved element would count as a layout shift.
      cursor?.remove();
      cursor = document.createElement("span");
      cursor.className = "relative";
      cursor.appendChild(document.createElement("span")).className = CURSOR;
      rest.before(cursor);
    };
    const complete = (index: number) => {
      const line = lines[index]!;
      line.classList.remove(WAITING);
      if (TERMINAL_LINES[index]!.kind !== "command") return;
      const { typedPart, rest } = parts(index);
      typedPart.textContent = TERMINAL_LINES[index]!.text;
      rest.textContent = "";
      rest.classList.remove("invisible");
      cursor?.remove();
      cursor = null;
    };

    const finish = () => {
      clearTimeout(timer);
      for (let index = step; index < TERMINAL_STEPS; index++) complete(index);
      step = TERMINAL_STEPS;
      root.dataset.step = String(step);
    };
    const advance = () => {
      const line = TERMINAL_LINES[step]!;
      if (line.kind === "command" && typed < line.text.length) {
        typed += 1;
        lines[step]!.classList.remove(WAITING);
        showTyped(step, typed);
      } else {
        complete(step);
        step += 1;
        typed = 0;
        root.dataset.step = String(step);
      }
      if (step >= TERMINAL_STEPS) return;
      const next = TERMINAL_LINES[step]!;
      const delay = next.kind !== "command" ? LINE_MS : typed === 0 ? BEFORE_COMMAND_MS : TYPE_MS;
      timer = setTimeout(advance, delay);
    };
    root.dataset.hydrated = "true";
    timer = setTimeout(motion.matches ? finish : advance, motion.matches ? 0 : START_DELAY_MS);
    motion.addEventListener("change", finish);
    return () => {
      clearTimeout(timer);
      motion.removeEventListener("change", finish);
    };
  }, []);

  return (
    <div
      ref={ref}
      aria-hidden
      data-testid="hero-terminal"
      data-step={0}
      data-hydrated={false}
      className="font-mono text-[11px] leading-5 sm:text-xs sm:leading-5"
    >
      {TERMINAL_LINES.map((line, index) => (
        <Line key={index} line={line} />
      ))}
    </div>
  );
}

// Rendered once: the effect above reveals the lines and types the commands in the DOM.
const Line = memo(function Line({ line }: { line: TerminalLine }) {
  return (
    <div className={`whitespace-pre-wrap break-words ${COLORS[line.kind]} ${WAITING}`}>
      <span className={line.kind === "command" ? "text-emerald-400" : undefined}>{TERMINAL_PREFIX[line.kind]}</span>
      {line.kind === "command" ? (
        <>
          <span />
          <span>{line.text}</span>
        </>
      ) : (
        line.text
      )}
    </div>
  );
});
