import "server-only";

/**
 * Which statements are prepared once and reused (prepared-pglite.ts, prepared-postgres.ts): reads
 * and writes. Utility statements (BEGIN, SET, DDL) are sent as they are.
 */
export function isPreparableStatement(sql: string): boolean {
  return /^\s*(select|insert|update|delete|with)\b/i.test(sql);
}
