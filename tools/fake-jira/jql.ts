// The part of JQL the fake understands: `project`, `labels` and `key` compared with `=` or `in`,
// joined by AND, with an optional ORDER BY created. Anything else is an error in the query, as
// Jira would say of a query it cannot parse (the fake is stricter: it refuses fields it does not keep).

export type Clause = { field: "project" | "labels" | "key"; values: string[] };
export type Query = { clauses: Clause[]; order: "ASC" | "DESC" };

const VALUE = String.raw`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[A-Za-z0-9_.:\-]+`;
const CLAUSE = new RegExp(
  String.raw`^\s*(project|labels|key)\s*(?:=\s*(${VALUE})|in\s*\(\s*((?:${VALUE})(?:\s*,\s*(?:${VALUE}))*)\s*\))\s*$`,
  "i",
);

const unquote = (value: string) => (/^["']/.test(value) ? value.slice(1, -1).replace(/\\(.)/g, "$1") : value);

export function parseJql(jql: string): Query | { error: string } {
  const [where = "", orderBy] = jql.split(/\s+order\s+by\s+/i);
  let order: Query["order"] = "DESC";
  if (orderBy !== undefined) {
    const match = /^\s*created\s*(asc|desc)?\s*$/i.exec(orderBy);
    if (!match) return { error: `Error in the JQL Query: Not able to sort using field '${orderBy.trim().split(/\s+/)[0]}'.` };
    order = (match[1]?.toUpperCase() as Query["order"] | undefined) ?? "ASC";
  }
  if (!where.trim()) return { clauses: [], order };
  const clauses: Clause[] = [];
  for (const part of where.split(/\s+and\s+/i)) {
    const match = CLAUSE.exec(part);
    if (!match) return { error: `Error in the JQL Query: Expecting operator but got '${part.trim().slice(0, 40)}'.` };
    const field = match[1]!.toLowerCase() as Clause["field"];
    const values = match[2] !== undefined ? [unquote(match[2])] : (match[3]!.match(new RegExp(VALUE, "g")) ?? []).map(unquote);
    clauses.push({ field, values });
  }
  return { clauses, order };
}
