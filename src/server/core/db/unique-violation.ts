import "server-only";

/**
 * The unique constraint or index a failed statement ran into, or null when the error is anything
 * else. Drivers and Drizzle wrap the database's error, so the chain of causes is searched.
 */
export function uniqueViolationOf(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return null;
}
