import "server-only";
import { createHash } from "node:crypto";
import type { PoolClient } from "pg";
import { isPreparableStatement } from "./preparable";

// On a PostgreSQL server, as on the embedded database (prepared-pglite.ts): each statement text
// is prepared once per connection and then only bound and executed, so the server parses and
// plans a screen's statements once, not on every request. node-postgres does this for a query that
// carries a name; Drizzle names none, so every connection of the pool names its statements by
// their text. Statements are explicit about their columns, so a table gaining a column does not
// invalidate them; a pooled connection lives only while it is busy (node-postgres closes idle ones
// after 10 s), which bounds what each one keeps prepared.

type QueryConfig = { text: string; name?: string };

function isPlainQueryConfig(config: unknown): config is QueryConfig {
  if (typeof config !== "object" || config === null || Object.getPrototypeOf(config) !== Object.prototype) return false;
  const { text, name } = config as { text?: unknown; name?: unknown };
  return typeof text === "string" && name === undefined && isPreparableStatement(text);
}

/** A name that only this text gets (PostgreSQL names are at most 63 bytes). */
export function statementName(text: string): string {
  return `s_${createHash("sha1").update(text).digest("hex").slice(0, 30)}`;
}

/** Names every statement `client` runs by its text (called on the pool's "connect"). */
export function nameStatementsByText(client: PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    // Plain texts, streams (a Submittable such as a cursor) and statements named already go as they are.
    if (!isPlainQueryConfig(config)) return query(config, ...rest);
    return query({ ...config, name: statementName(config.text) }, ...rest);
  }) as PoolClient["query"];
}
