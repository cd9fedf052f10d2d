import "server-only";
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

const g = globalThis as { __clientsPorts?: () => Promise<ClientsPorts> };
let loaded: Promise<ClientsPorts> | undefined;

/** Hands the clients module its ports: a loader, so a test's module mocks are in place before the slices behind it load. */
export function provideClientsPorts(load: () => Promise<ClientsPorts>): void {
  g.__clientsPorts = load;
  loaded = undefined;
}

/** The ports handed over at start; throws when none were (a start that skipped the wiring). */
export function clientsPorts(): Promise<ClientsPorts> {
  const load = g.__clientsPorts;
  if (!load) throw new Error("the clients module's ports were not provided (src/identity-ports.ts)");
  loaded ??= load();
  return loaded;
}
