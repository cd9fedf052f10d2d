import "server-only";
import { PGlite, type PGliteOptions, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";
import { isPreparableStatement } from "./preparable";

// PGlite's query() sends every statement unnamed: each call parses, analyses and plans the SQL
// again, in five trips into the WebAssembly backend (parse, describe, bind, describe, execute),
// and every plan checks each relation's size on disk (an fstat per table and index). A screen's
// statements are the same text every time (Drizzle builds them from the same code), so, like
// postgres.js and node-postgres' named queries, this class prepares each text once as a named
// statement and then runs it in one trip: bind, describe, execute, sync. The portal overview's
// statement went from about 1.3 ms to 0.2 ms (bench/README.md).
//
// Reads and writes go this way, inside transactions too; utility statements (BEGIN, SET, DDL) go
// PGlite's own. PostgreSQL itself re-plans a prepared statement when a table it reads changes;
// should one still refuse to run as prepared, it is closed and the statement runs as PGlite runs it.

const { serialize } = protocol;

/** Statements kept prepared at once; the least recently used one is closed beyond this. */
const DEFAULT_MAX_STATEMENTS = 300;

type Prepared = { name: string; paramTypes: number[] };
type Transaction = Parameters<Parameters<PGlite["transaction"]>[0]>[0];

/** One protocol buffer of several messages (each serializer reuses one internal buffer: copy it). */
function messages(...parts: Uint8Array[]): Uint8Array {
  return Buffer.concat(parts.map((part) => Buffer.from(part)));
}

export class PreparedStatementPGlite extends PGlite {
  readonly #statements = new Map<string, Prepared>();
  readonly #maxStatements: number;
  #nextId = 0;

  constructor(options: PGliteOptions & { maxPreparedStatements?: number }) {
    const { maxPreparedStatements, ...pgliteOptions } = options;
    super(pgliteOptions);
    this.#maxStatements = maxPreparedStatements ?? DEFAULT_MAX_STATEMENTS;
  }

  /** How many statements are prepared now (tests). */
  get preparedStatementCount(): number {
    return this.#statements.size;
  }

  override async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!isPreparable(sql, options)) return super.query<T>(sql, params, options);
    await this._checkReady();
    try {
      return await this._runExclusiveTransaction(() => this._runExclusiveQuery(() => this.#runPrepared<T>(sql, params, options)));
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      return super.query<T>(sql, params, options);
    }
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      // The transaction's own object, but for query: its statements are prepared too.
      const prepared: Transaction = Object.create(tx);
      prepared.query = async <R>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (tx.closed || !isPreparable(sql, options)) return tx.query<R>(sql, params, options);
        try {
          return await this._runExclusiveQuery(() => this.#runPrepared<R>(sql, params, options, { inTransaction: true }));
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          return tx.query<R>(sql, params, options);
        }
      };
      return callback(prepared);
    });
  }

  async #runPrepared<T>(
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
    { inTransaction = false } = {},
  ): Promise<Results<T>> {
    const statement = await this.#prepared(sql);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    let replies;
    try {
      replies = await this.execProtocolStream(
        messages(
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          // The sync ends the exchange in the same trip, so the session is ready again even after an error.
          serialize.sync(),
        ),
        { syncToFs: false },
      );
    } catch (error) {
      // Prepared before a change PostgreSQL cannot plan around: prepare it afresh next time.
      if (isStalePlan(error)) await this.#close(sql);
      throw error;
    }
    // As PGlite's own query: the files are synced after a statement outside a transaction.
    if (!inTransaction) await this.syncToFs();
    // PGlite would copy its whole parser table (some 300 types) into a new object for every result
    // that brings parsers of its own, as Drizzle's do: layer them over the table instead.
    const parsers = options?.parsers ? Object.assign(Object.create(this.parsers), options.parsers) : this.parsers;
    return parse.parseResults(replies, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  async #prepared(sql: string): Promise<Prepared> {
    const known = this.#statements.get(sql);
    if (known) {
      // Most recently used last: the map's order is the eviction order.
      this.#statements.delete(sql);
      this.#statements.set(sql, known);
      return known;
    }
    if (this.#statements.size >= this.#maxStatements) await this.#close(this.#statements.keys().next().value!);
    const name = `pglite_s${++this.#nextId}`;
    const replies = await this.execProtocolStream(
      messages(serialize.parse({ name, text: sql }), serialize.describe({ type: "S", name }), serialize.sync()),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(replies) };
    this.#statements.set(sql, prepared);
    return prepared;
  }

  async #close(sql: string): Promise<void> {
    const prepared = this.#statements.get(sql);
    if (!prepared) return;
    this.#statements.delete(sql);
    await this.execProtocolStream(messages(serialize.close({ type: "S", name: prepared.name }), serialize.sync()), {
      syncToFs: false,
      throwOnError: false,
    });
  }
}

function isPreparable(sql: string, options: QueryOptions | undefined): boolean {
  return !options?.blob && !options?.paramTypes && isPreparableStatement(sql);
}

/** PostgreSQL's answer when a prepared statement's tables changed shape under it, or it is gone. */
function isStalePlan(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "0A000" || code === "26000";
}
