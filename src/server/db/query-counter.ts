import "server-only";
import type { Logger } from "drizzle-orm/logger";

// Counts the statements this process sends, so benchmarks and tests can prove a screen costs a
// constant number of queries.
const g = globalThis as { __queryCount?: { value: number } };
g.__queryCount ??= { value: 0 };
const counter = g.__queryCount;

export const countingLogger: Logger = {
  logQuery() {
    counter.value += 1;
  },
};

export function queryCount(): number {
  return counter.value;
}

export async function countQueries<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const start = counter.value;
  const result = await fn();
  return { result, queries: counter.value - start };
}
