import "server-only";
import { definePorts } from "@/server/core/ports";
import type { SQL, SQLWrapper } from "drizzle-orm";

// The clients module sits below invoices and documents (both keep a client's id): it names neither
// table. What a company holds of them, which decides whether it may be deleted or only deactivated,
// comes through this port, which those slices fill and the app hands over at start
// (src/identity-ports.ts, from src/instrumentation.ts; the integration tests' setup). Each is SQL on
// the client id the clients statement holds, so the client page stays one statement.

export type ClientsPorts = {
  /** How many invoices the company holds. */
  invoiceCount: (clientId: SQLWrapper) => SQL<number>;
  /** How many documents the company holds. */
  documentCount: (clientId: SQLWrapper) => SQL<number>;
};

const ports = definePorts<ClientsPorts>("the clients module");
/** Hands the clients module its ports: once at start (src/instrumentation.ts) and in the integration tests' setup. */
export const provideClientsPorts = ports.provide;
/** The ports handed over at start; throws when none were (a start that skipped the wiring). */
export const clientsPorts = ports.get;
