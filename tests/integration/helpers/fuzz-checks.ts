// What the fuzz test asserts about every answer: no server error, nothing of the server's
// insides (stack lines, SQL, database messages), and no change in the database when refused.
import { sql } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";

/** Written by refused requests on purpose: the counters that make the limits work. */
const ALWAYS_WRITTEN = ["rate_limit"];

const LEAKS: [string, RegExp][] = [
  ["a stack line", /(?:^|\n|\\n)\s*at [\w$.<>[\] ]*\(?(?:[\w./\\:-]+):\d+:\d+\)?/],
  ["a file path", /(?:\/work\/|node_modules|\.tsx?:\d+|webpack-internal|file:\/\/)/],
  [
    "a database error",
    /\berror: |\bPostgresError|\bDrizzleQueryError|Failed query|PGlite|pg_catalog|SQLSTATE|\bsyntax error at\b|invalid input syntax|out of range for type|date\/time field value/i,
  ],
  [
    "SQL text",
    /\bselect\s+[\w"*].{0,200}\bfrom\s|\binsert\s+into\b|\bupdate\s+"?\w+"?\s+set\b|\bdelete\s+from\b|\bviolates\b|duplicate key|\breturning\s+"/i,
  ],
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

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []));

const LOG = "fuzz_change_log";

/**
 * Installs triggers that note, in a log table, the name of every table a statement inserts into,
 * deletes from or really changes (an update that leaves a row as it was is no change). Cheaper than
 * comparing table contents after each of thousands of calls, and just as exact. Test databases only.
 */
export async function trackChanges(db: Db): Promise<void> {
  await db.execute(sql.raw(`create table if not exists ${LOG} (table_name text not null)`));
  await db.execute(
    sql.raw(
      `create or replace function fuzz_note_change() returns trigger language plpgsql as $$ begin insert into ${LOG} values (tg_table_name); return null; end $$`,
    ),
  );
  const list = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  for (const { name } of list) {
    if (ALWAYS_WRITTEN.includes(name) || name === LOG || name.startsWith("__drizzle")) continue;
    const table = sql.identifier(name);
    await db.execute(
      sql`create or replace trigger fuzz_insert_delete after insert or delete on ${table} for each row execute function fuzz_note_change()`,
    );
    await db.execute(
      sql`create or replace trigger fuzz_update after update on ${table} for each row when (old is distinct from new) execute function fuzz_note_change()`,
    );
  }
}

/** The tables changed since the last call (and a fresh start for the next one). */
export async function takeChangedTables(db: Db): Promise<string[]> {
  const rows = rowsOf<{ table_name: string }>(await db.execute(sql.raw(`delete from ${LOG} returning table_name`)));
  return [...new Set(rows.map((r) => r.table_name))].sort();
}
