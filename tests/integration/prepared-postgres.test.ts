// On a PostgreSQL server each connection prepares a statement text once
// (src/server/core/db/prepared-postgres.ts). Runs in the PostgreSQL pass (TEST_DATABASE_URL).
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type DbHandle, openPostgres } from "@/server/core/db/client";
import { statementName } from "@/server/core/db/prepared-postgres";
import { usingPostgres } from "./helpers/db";

let handle: DbHandle | undefined;
/** node-postgres' result rows (the shared Db type leaves execute's result open). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe.skipIf(!usingPostgres)("prepared statements on PostgreSQL", () => {
  it("prepares a statement text once per connection and answers as before", async () => {
    // One connection, so the statements below all meet the same prepared set.
    handle = openPostgres(process.env.TEST_DATABASE_URL!, 1);
    const query = sql`select ${41}::int + 1 as n, ${"a'b"}::text as s, ${null}::int as none`;
    const first = await handle.db.execute(query);
    const second = await handle.db.execute(sql`select ${1}::int + 1 as n, ${"c"}::text as s, ${7}::int as none`);
    expect(rowsOf(first)).toEqual([{ n: 42, s: "a'b", none: null }]);
    expect(rowsOf(second)).toEqual([{ n: 2, s: "c", none: 7 }]);

    const text = "select $1::int + 1 as n, $2::text as s, $3::int as none";
    const prepared = await handle.db.execute(sql`select name, statement from pg_prepared_statements where name = ${statementName(text)}`);
    expect(rowsOf(prepared)).toEqual([{ name: statementName(text), statement: text }]);

    // A failing statement leaves the connection usable, and utility statements are not prepared.
    await expect(handle.db.execute(sql`select ${1}::int / 0`)).rejects.toThrow();
    await handle.db.execute(sql`set statement_timeout = 5000`);
    const after = await handle.db.execute(sql`select count(*)::int as count from pg_prepared_statements where statement ilike 'set %'`);
    expect(rowsOf(after)).toEqual([{ count: 0 }]);
  });

  it("keeps transactions on one connection working with named statements", async () => {
    handle = openPostgres(process.env.TEST_DATABASE_URL!, 2);
    const total = await handle.db.transaction(async (tx) => {
      const a = await tx.execute(sql`select ${2}::int as v`);
      const b = await tx.execute(sql`select ${3}::int as v`);
      return Number(rowsOf(a)[0]!.v) + Number(rowsOf(b)[0]!.v);
    });
    expect(total).toBe(5);
  });
});
