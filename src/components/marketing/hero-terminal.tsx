"use client";

import { memo, useEffect, useState } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
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

const FINAL = { step: TERMINAL_STEPS, typed: 0 };

/**
 * The animated part of the hero terminal (aria-hidden: the page carries a static transcript for
 * screen readers). Every line is always rendered at full length and unrevealed text is only made
 * invisible, so the box has its final size from the first paint and typing never shifts layout.
 * With reduced motion it shows the final state at once (CSS already does before this script runs).
 * data-step counts the completed steps; data-hydrated says the timers run.
 */
export function HeroTerminal() {
  const [{ step, typed }, setProgress] = useState({ step: 0, typed: 0 });
  const hydrated = useHydrated();

  useEffect(() => {
    // Read in the effect, not while rendering: matchMedia during hydration forces a style update.
    const motion = window.matchMedia("(prefers-reduced-motion: reduce)");
    let current = { step: 0, typed: 0 };
    let timer: ReturnType<typeof setTimeout>;
    const finish = () => {
      clearTimeout(timer);
      current = FINAL;
      setProgress(FINAL);
    };
    const advance = () => {
      const line = TERMINAL_LINES[current.step]!;
      if (line.kind === "command" && current.typed < line.text.length) {
        current = { step: current.step, typed: current.typed + 1 };
      } else {
        current = { step: current.step + 1, typed: 0 };
      }
      setProgress(current);
      if (current.step >= TERMINAL_STEPS) return;
      const next = TERMINAL_LINES[current.step]!;
      const delay = next.kind !== "command" ? LINE_MS : current.typed === 0 ? BEFORE_COMMAND_MS : TYPE_MS;
      timer = setTimeout(advance, delay);
    };
    timer = setTimeout(motion.matches ? finish : advance, motion.matches ? 0 : START_DELAY_MS);
    motion.addEventListener("change", finish);
    return () => {
      clearTimeout(timer);
      motion.removeEventListener("change", finish);
    };
  }, []);

  return (
    <div
      aria-hidden
      data-testid="hero-terminal"
      data-step={step}
      data-hydrated={hydrated}
      className="font-mono text-[11px] leading-5 sm:text-xs sm:leading-5"
    >
      {TERMINAL_LINES.map((line, index) => (
        <Line
          key={index}
          line={line}
          state={index < step ? "done" : index === step && line.kind === "command" && typed > 0 ? "typing" : "waiting"}
          typed={index === step ? typed : 0}
        />
      ))}
    </div>
  );
}

// Memoized so that a tick re-renders only the line being typed (the animation runs while the page
// is still being measured; a cheap tick keeps every task short).
const Line = memo(function Line({ line, state, typed }: { line: TerminalLine; state: "waiting" | "typing" | "done"; typed: number }) {
  return (
    // A waiting line is invisible only where motion is allowed: with reduced motion (or before this
    // script runs) CSS already shows the finished transcript.
    <div className={`whitespace-pre-wrap break-words ${COLORS[line.kind]} ${state === "waiting" ? "motion-safe:invisible" : ""}`}>
      <span className={line.kind === "command" ? "text-emerald-400" : undefined}>{TERMINAL_PREFIX[line.kind]}</span>
      {state === "typing" ? (
        <>
          {line.text.slice(0, typed)}
          {/* A new cursor element per character (key): a moved element would count as a layout shift. */}
          <span key={typed} className="relative">
            <span className="absolute left-0.5 top-0.5 h-4 w-2 bg-emerald-400/80" />
          </span>
          <span className="invisible">{line.text.slice(typed)}</span>
        </>
      ) : (
        line.text
      )}
    </div>
  );
});
