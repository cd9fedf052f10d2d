import "server-only";
import type { SQL } from "drizzle-orm";

// The audit module sits below every slice that acts (all of them record here): it names none of
// their tables. The acting user (identity) and the company of a chain (clients) come through these
// ports, which those slices fill and the app hands over at start (src/identity-ports.ts, from
// src/instrumentation.ts; the integration tests' setup). Each is a source the audit statement joins
// (`from`, on `id`), so no list reads more than before.

/** A table-like source with its columns, each wrapped so it stays qualified in a one-source select. */
export type AuditUsers = { from: SQL; id: SQL<string>; name: SQL<string>; email: SQL<string>; role: SQL<string> };
export type AuditCompanies = { from: SQL; id: SQL<string>; company: SQL<string>; status: SQL<string> };
export type AuditPorts = { users: AuditUsers; companies: AuditCompanies };

const g = globalThis as { __auditPorts?: () => Promise<AuditPorts> };
let loaded: Promise<AuditPorts> | undefined;

/** Hands the audit module its ports: a loader, so a test's module mocks are in place before the slices behind it load. */
export function provideAuditPorts(load: () => Promise<AuditPorts>): void {
  g.__auditPorts = load;
  loaded = undefined;
}

/** The ports handed over at start; throws when none were (a start that skipped the wiring). */
export function auditPorts(): Promise<AuditPorts> {
  const load = g.__auditPorts;
  if (!load) throw new Error("the audit module's ports were not provided (src/identity-ports.ts)");
  loaded ??= load();
  return loaded;
}
