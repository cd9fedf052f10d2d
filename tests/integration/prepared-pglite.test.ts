// The embedded database keeps each statement text prepared (src/server/core/db/prepared-pglite.ts):
// its answers must be PGlite's own, value types and errors included, and a failed or outdated
// statement must never leave the session stuck.
import { afterEach, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { PreparedStatementPGlite } from "@/server/core/db/prepared-pglite";

const open: PGlite[] = [];
async function databases(options: { maxPreparedStatements?: number } = {}) {
  const prepared = new PreparedStatementPGlite(options);
  const plain = new PGlite();
  open.push(prepared, plain);
  const setup = `
    create table items (id uuid primary key, n int not null, at timestamptz, tags text[], doc jsonb, price numeric, big bigint);
    create unique index items_n on items (n);`;
  await prepared.exec(setup);
  await plain.exec(setup);
  // PGlite reads its type list with a query of its own when it starts: counts below are beyond it.
  return { prepared, plain, atStart: prepared.preparedStatementCount };
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

const INSERT = "insert into items (id, n, at, tags, doc, price, big) values ($1, $2, $3, $4, $5, $6, $7) returning id, n";
const ROW = [
  "00000000-0000-4000-8000-000000000001",
  7,
  new Date("2026-11-25T12:00:00Z"),
  ["a", "b,c", 'd"e'],
  JSON.stringify({ nested: [1, 2] }),
  "12.50",
  9_007_199_254_740_993n,
];

describe("prepared statements on PGlite", () => {
  it("answers as PGlite does, in objects and arrays, with each text prepared once", async () => {
    const { prepared, plain, atStart } = await databases();
    for (const db of [prepared, plain]) await db.query(INSERT, ROW);
    await prepared.query(INSERT, [ROW[0]!.toString().replace(/1$/, "2"), 8, null, null, null, null, null]);
    await plain.query(INSERT, [ROW[0]!.toString().replace(/1$/, "2"), 8, null, null, null, null, null]);

    const select = "select id, n, at, tags, doc, price, big from items where n >= $1 order by n";
    for (const rowMode of ["object", "array"] as const) {
      const ours = await prepared.query(select, [0], { rowMode });
      const theirs = await plain.query(select, [0], { rowMode });
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const ours = await prepared.query<{ n: number; at: Date | null; tags: string[] | null }>(select, [0]);
    expect(ours.rows[0]).toMatchObject({ n: 7, at: new Date("2026-11-25T12:00:00Z"), tags: ["a", "b,c", 'd"e'] });
    expect(ours.rows[1]).toMatchObject({ n: 8, at: null, tags: null });
    // The insert and the select, each prepared once however often they ran.
    expect(prepared.preparedStatementCount - atStart).toBe(2);

    const updated = await prepared.query("update items set n = n + 100 where n = $1", [8]);
    expect(updated.affectedRows).toBe(1);
  });

  it("reports a failed statement as PGlite does and goes on working", async () => {
    const { prepared } = await databases();
    await prepared.query(INSERT, ROW);
    await expect(prepared.query(INSERT, ROW)).rejects.toMatchObject({ code: "23505" });
    await expect(prepared.query("select no_such_column from items where n = $1", [1])).rejects.toMatchObject({ code: "42703" });
    // The session is not left in a failed exchange: the next statements answer.
    const after = await prepared.query<{ count: number }>("select count(*)::int as count from items where n = $1", [7]);
    expect(after.rows).toEqual([{ count: 1 }]);
    // Inside a transaction (PGlite's own path) too, with the prepared statements around it.
    await prepared.transaction(async (tx) => {
      await tx.query("update items set n = $1 where n = $2", [70, 7]);
    });
    expect((await prepared.query<{ n: number }>("select n from items where id = $1", [ROW[0]])).rows).toEqual([{ n: 70 }]);
  });

  it("prepares a transaction's statements too, and rolls back as PGlite does", async () => {
    const { prepared, atStart } = await databases();
    await prepared.transaction(async (tx) => {
      await tx.query(INSERT, ROW);
    });
    expect(prepared.preparedStatementCount - atStart).toBe(1);
    const failed = prepared.transaction(async (tx) => {
      await tx.query("update items set n = $1 where n = $2", [8, 7]);
      await tx.query(INSERT, ROW); // the same id again
    });
    await expect(failed).rejects.toMatchObject({ code: "23505" });
    await prepared.transaction(async (tx) => {
      await tx.query("update items set n = $1 where n = $2", [9, 7]);
      await tx.rollback();
    });
    // Neither the failed nor the rolled-back transaction changed anything.
    expect((await prepared.query<{ n: number }>("select n from items where id = $1", [ROW[0]])).rows).toEqual([{ n: 7 }]);
  });

  it("runs a statement again after the table it reads changed shape", async () => {
    const { prepared } = await databases();
    await prepared.query(INSERT, ROW);
    const all = "select * from items where n = $1";
    expect(Object.keys((await prepared.query<object>(all, [7])).rows[0]!)).toHaveLength(7);
    await prepared.exec("alter table items add column note text default 'new'");
    const again = await prepared.query<{ note: string }>(all, [7]);
    expect(again.rows[0]!.note).toBe("new");
  });

  it("keeps at most the given number of statements, the least recently used closed first", async () => {
    const { prepared } = await databases({ maxPreparedStatements: 2 });
    await prepared.query(INSERT, ROW);
    const texts = [
      "select n from items where n = $1",
      "select n + 1 as n from items where n = $1",
      "select n * 2 as n from items where n = $1",
    ];
    const answers = [];
    for (const text of [...texts, ...texts]) answers.push((await prepared.query<{ n: number }>(text, [7])).rows[0]!.n);
    expect(answers).toEqual([7, 8, 14, 7, 8, 14]);
    expect(prepared.preparedStatementCount).toBe(2);
    // The closed ones are gone from the backend too, not only from the map.
    const left = await prepared.query<{ count: number }>("select count(*)::int as count from pg_prepared_statements");
    expect(left.rows[0]!.count).toBeLessThanOrEqual(2);
  });

  it("leaves statements other than reads and writes to PGlite", async () => {
    const { prepared, atStart } = await databases();
    await prepared.query("set statement_timeout = 5000");
    await prepared.query("create table other (x int)");
    expect(prepared.preparedStatementCount).toBe(atStart);
  });
});
