import "server-only";
import { definePorts } from "@/server/core/ports";
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

const ports = definePorts<AuditPorts>("the audit module");
/** Hands the audit module its ports: once at start (src/instrumentation.ts) and in the integration tests' setup. */
export const provideAuditPorts = ports.provide;
/** The ports handed over at start; throws when none were (a start that skipped the wiring). */
export const auditPorts = ports.get;
