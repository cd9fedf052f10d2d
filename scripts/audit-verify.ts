// `npm run audit:verify -- --company <id or name> [--head <file>]`: recomputes a company's
// access-log hash chain and, with --head, checks that a signed head the company kept (from its
// weekly digest mail) verifies against the firm's keys and is part of the chain. Exits non-zero
// naming the first entry that no longer matches. Works on the embedded database (stop the server
// first) and on DATABASE_URL.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { eq, ilike, or, sql } from "drizzle-orm";
import { clients } from "../src/features/clients/server/schema";
import { verifyAccessChain, verifyAccessChainAgainstHead } from "../src/features/audit/server";
import { CliError, withCliDatabase } from "./cli-db";

const USAGE = "Usage: npm run audit:verify -- --company <company id or name> [--head <file with a signed head>]";
const { values } = parseArgs({ options: { company: { type: "string" }, head: { type: "string" } } });
if (!values.company) {
  console.error(USAGE);
  process.exit(1);
}
const company = values.company.trim();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

await withCliDatabase(async ({ db }) => {
  const matches = await db
    .select({ id: clients.id, company: clients.company })
    .from(clients)
    .where(
      UUID.test(company)
        ? or(eq(clients.id, company), ilike(clients.company, company))
        : sql`lower(${clients.company}) = lower(${company})`,
    );
  if (matches.length === 0) throw new CliError(`No company with the id or name "${company}".`);
  if (matches.length > 1)
    throw new CliError(`Several companies are named "${company}": give the id (${matches.map((m) => m.id).join(", ")}).`);
  const target = matches[0]!;
  const token = values.head ? await readFile(values.head, "utf8").catch(() => null) : undefined;
  if (token === null) throw new CliError(`Cannot read the file ${values.head}.`);
  const check = token === undefined ? await verifyAccessChain(db, target.id) : await verifyAccessChainAgainstHead(db, target.id, token);
  if (!check.ok) {
    throw new CliError(
      `FAILED: ${target.company}'s access log${check.entryId !== null ? `, first mismatching entry ${check.entryId} (number ${check.seq} of the chain)` : ""}: ${check.reason}`,
    );
  }
  console.info(
    `OK: ${target.company}'s access log verifies: ${check.entries} entr${check.entries === 1 ? "y" : "ies"} after number ${check.checkpointSeq}, head number ${check.seq}, hash ${check.hash}` +
      (token === undefined ? "." : "; the signed head verifies and the chain holds it."),
  );
});
