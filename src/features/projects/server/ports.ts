import "server-only";
import { definePorts } from "@/server/core/ports";
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

const ports = definePorts<ProjectsPorts>("the projects slice");
/** Hands the projects slice its ports: once at start (src/instrumentation.ts) and in the integration tests' setup. */
export const provideProjectsPorts = ports.provide;
/** The ports handed over at start; throws when none were (a start that skipped the wiring). */
export const projectsPorts = ports.get;
