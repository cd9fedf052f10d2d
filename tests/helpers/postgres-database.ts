// A throwaway database on a PostgreSQL server, for integration tests and benchmarks; with
// `template`, a copy of that database (CREATE DATABASE ... TEMPLATE: nobody may be connected to it).
import { randomBytes } from "node:crypto";
import { Client } from "pg";

export async function createPostgresDatabase(
  baseUrl: string,
  prefix: string,
  options: { template?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
