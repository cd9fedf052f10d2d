// What the fuzz test asserts about every answer: no server error, nothing of the server's
// insides (stack lines, SQL, database messages), and no change in the database when refused.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";

/** Written by refused requests on purpose: the counters that make the limits work. */
const ALWAYS_WRITTEN = ["rate_limit"];

const LEAKS: [string, RegExp][] = [
  ["a stack line", /(?:^|\n|\\n)\s*at [\w$.<>[\] ]*\(?(?:[\w./\\:-]+):\d+:\d+\)?/],
  ["a file path", /(?:\/work\/|node_modules|\.tsx?:\d+|webpack-internal|file:\/\/)/],
  ["a database error", /\berror: |\bPostgresError|\bDrizzleQueryError|Failed query|PGlite|pg_catalog|SQLSTATE|\bsyntax error at\b|invalid input syntax|out of range for type|date\/time field value/i],
  ["SQL text", /\bselect\s+[\w"*].{0,200}\bfrom\s|\binsert\s+into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete\s+from\b|\bviolates\b|duplicate key|\breturning\s+"/i],
  ["an exception name", /\b(?:TypeError|RangeError|ReferenceError|SyntaxError): /],
];

/** The first leak found in an answer's text, or null. */
export function leakIn(text: string): string | null {
  for (const [name, pattern] of LEAKS) {
    const match = pattern.exec(text);
    if (match) return `${name}: ${JSON.stringify(text.slice(Math.max(0, match.index - 80), match.index + 120))}`;
  }
  return null;
}

export type Fingerprint = Record<string, string>;

let tablesCache: string[] | null = null;

async function tables(db: Db): Promise<string[]> {
  if (tablesCache) return tablesCache;
  const list = rowsOf<{ name: string }>(await db.execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`));
  tablesCache = list.map((r) => r.name).filter((name) => !ALWAYS_WRITTEN.includes(name) && !name.startsWith("__drizzle"));
  return tablesCache;
}

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []));

let cached: { lsn: string; print: Fingerprint } | null = null;

/**
 * One md5 per table over every row as text, exact enough to see any change. Any write moves the
 * WAL position, so while it stands still the last fingerprint is reused (on a shared PostgreSQL
 * server it moves with other databases too, which only costs a recount).
 */
export async function fingerprint(db: Db): Promise<Fingerprint> {
  const [position] = rowsOf<{ lsn: string }>(await db.execute(sql`select pg_current_wal_insert_lsn()::text as lsn`));
  const lsn = position?.lsn ?? "";
  if (cached && cached.lsn === lsn) return cached.print;
  const print = await countAll(db);
  cached = { lsn, print };
  return print;
}

async function countAll(db: Db): Promise<Fingerprint> {
  const names = await tables(db);
  const parts = names.map((name) => sql`select ${name} as name, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as hash from ${sql.identifier(name)} x`);
  const list = rowsOf<{ name: string; hash: string }>(await db.execute(sql.join(parts, sql` union all `)));
  return Object.fromEntries(list.map((r) => [r.name, r.hash]));
}

/** Tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}
