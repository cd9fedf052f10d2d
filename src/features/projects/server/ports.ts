import "server-only";
import type { SQL, SQLWrapper } from "drizzle-orm";

// The projects slice sits below the slices that make records for a project (authorizations,
// messages, findings, reports): it names none of their tables. What its timeline and its portal
// cards read of them comes through these ports, which those slices fill and the app hands over at
// start (src/identity-ports.ts, from src/instrumentation.ts; the integration tests' setup). Each is
// SQL embedded in projects' own statements, so no screen reads more.

/** A source's entries of a project's timeline: selects of `kind, at, title, detail, ref_id`, joined by `union all`. */
export type TimelinePart = (project: { id: string; clientId: string }) => SQL;

export type ProjectsPorts = {
  timeline: { findings: TimelinePart; reports: TimelinePart; authorizations: TimelinePart; messages: TimelinePart };
  /** The project's newest authorization waits for its company's signature, on the project's row. */
  awaitingSignature: (project: { id: SQLWrapper; clientId: SQLWrapper }) => SQL<boolean>;
};

const g = globalThis as { __projectsPorts?: () => Promise<ProjectsPorts> };
let loaded: Promise<ProjectsPorts> | undefined;

/** Hands the projects slice its ports: a loader, so a test's module mocks are in place before the slices behind it load. */
export function provideProjectsPorts(load: () => Promise<ProjectsPorts>): void {
  g.__projectsPorts = load;
  loaded = undefined;
}

/** The ports handed over at start; throws when none were (a start that skipped the wiring). */
export function projectsPorts(): Promise<ProjectsPorts> {
  const load = g.__projectsPorts;
  if (!load) throw new Error("the projects slice's ports were not provided (src/identity-ports.ts)");
  loaded ??= load();
  return loaded;
}
