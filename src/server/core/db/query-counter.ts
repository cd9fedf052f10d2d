import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

// Counts the statements this process sends, so benchmarks and tests can prove a screen costs a
// constant number of queries. Kept on globalThis so a module loaded twice (Next.js bundles) shares it.
type Scope = { value: number; statements?: string[] };
const g = globalThis as { __queryCount?: { value: number }; __queryScope?: AsyncLocalStorage<Scope> };
g.__queryCount ??= { value: 0 };
g.__queryScope ??= new AsyncLocalStorage();
const counter = g.__queryCount;
const scope = g.__queryScope;

export const countingLogger: Logger = {
  logQuery(query: string) {
    counter.value += 1;
    const own = scope.getStore();
    if (own) {
      own.value += 1;
      own.statements?.push(query);
    }
  },
};

export function queryCount(): number {
  return counter.value;
}

/**
 * The statements `fn` itself sends. Scoped to its async context, so work still running from
 * earlier (an outbox delivery kicked off by a sign-in) is not counted against it.
 */
export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const own = { value: 0 };
  const result = await scope.run(own, fn);
  return { result, queries: own.value };
}

/** Like countQueries, with the statements' texts in the order they were sent (what a screen's test names when a count moves). */
export async function recordQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number; statements: string[] }> {
  const own: Scope = { value: 0, statements: [] };
  const result = await scope.run(own, fn);
  return { result, queries: own.value, statements: own.statements ?? [] };
}
