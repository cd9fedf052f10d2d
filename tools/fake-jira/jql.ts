// The part of JQL the fake understands: `project`, `labels` and `key` compared with `=` or `IN (…)`,
// joined by AND, with an optional `ORDER BY created [ASC|DESC]`. A query Jira could not parse gets
// Jira's "Error in the JQL Query: … (line 1, character N)"; a query Jira would run but the fake
// cannot (another field, operator or OR) gets the same prefix and says what the fake lacks, so a
// test sees at once that the fake, not the product, is short.

export type Clause = { field: "project" | "labels" | "key"; values: string[] };
export type Query = { clauses: Clause[]; order: "ASC" | "DESC" };

type Token = { kind: "word" | "string" | "op" | "punct"; text: string; at: number };

const FIELDS = new Set(["project", "labels", "key"]);
const VALID_OPERATORS = "The valid operators are '=', '!=', '<', '>', '<=', '>=', '~', '!~', 'IN', 'NOT IN', 'IS' and 'IS NOT'.";

class JqlError extends Error {}
const fail = (message: string, at?: number): never => {
  throw new JqlError(`Error in the JQL Query: ${message}${at === undefined ? "" : ` (line 1, character ${at})`}`);
};

function tokenize(jql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < jql.length) {
    const c = jql[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let value = "";
      while (j < jql.length && jql[j] !== c) {
        if (jql[j] === "\\" && j + 1 < jql.length) j += 1;
        value += jql[j];
        j += 1;
      }
      if (j >= jql.length) fail(`The quoted string '${jql.slice(i + 1)}' has not been completed.`, i + 1);
      tokens.push({ kind: "string", text: value, at: i + 1 });
      i = j + 1;
    } else if (/[!<>=~]/.test(c)) {
      const op = /^(!=|!~|<=|>=|=|<|>|~)/.exec(jql.slice(i))?.[0] ?? c;
      tokens.push({ kind: "op", text: op, at: i + 1 });
      i += op.length;
    } else if (/[(),]/.test(c)) {
      tokens.push({ kind: "punct", text: c, at: i + 1 });
      i += 1;
    } else {
      const word = /^[^\s"'!<>=~(),]+/.exec(jql.slice(i))![0];
      tokens.push({ kind: "word", text: word, at: i + 1 });
      i += word.length;
    }
  }
  return tokens;
}

const isWord = (token: Token | undefined, word: string) => token?.kind === "word" && token.text.toLowerCase() === word;

export function parseJql(jql: string): Query | { error: string } {
  try {
    return parse(tokenize(jql));
  } catch (error) {
    if (error instanceof JqlError) return { error: error.message };
    throw error;
  }
}

function parse(tokens: Token[]): Query {
  let i = 0;
  const clauses: Clause[] = [];
  const value = (): string => {
    const token = tokens[i];
    if (!token || (token.kind !== "word" && token.kind !== "string"))
      fail("Expecting either a value, list or function but got the end of the query.", token?.at);
    i += 1;
    return token!.text;
  };
  while (i < tokens.length && !isWord(tokens[i], "order")) {
    if (clauses.length) {
      if (isWord(tokens[i], "or")) fail("the fake Jira does not read OR (only AND).", tokens[i]!.at);
      if (!isWord(tokens[i], "and")) fail(`Expecting either 'OR' or 'AND' but got '${tokens[i]!.text}'.`, tokens[i]!.at);
      i += 1;
    }
    const field = tokens[i];
    if (!field || field.kind === "op" || field.kind === "punct")
      fail(`Expecting a field name but got '${field?.text ?? "the end of the query"}'.`, field?.at);
    i += 1;
    if (!FIELDS.has(field!.text.toLowerCase()))
      fail(`the fake Jira does not read the field '${field!.text}' (only project, labels and key).`, field!.at);
    const op = tokens[i];
    if (!op) fail(`Expecting operator before the end of the query. ${VALID_OPERATORS}`);
    if (op!.kind === "op" && op!.text === "=") {
      i += 1;
      clauses.push({ field: field!.text.toLowerCase() as Clause["field"], values: [value()] });
    } else if (isWord(op, "in")) {
      i += 1;
      if (tokens[i]?.text !== "(") fail(`Expecting '(' but got '${tokens[i]?.text ?? "the end of the query"}'.`, tokens[i]?.at);
      i += 1;
      const values = [value()];
      while (tokens[i]?.text === ",") {
        i += 1;
        values.push(value());
      }
      if (tokens[i]?.text !== ")") fail(`Expecting ')' before the end of the query.`, tokens[i]?.at);
      i += 1;
      clauses.push({ field: field!.text.toLowerCase() as Clause["field"], values });
    } else if (op!.kind === "op" || isWord(op, "not") || isWord(op, "is")) {
      fail(`the fake Jira does not read the operator '${op!.text}' (only = and IN).`, op!.at);
    } else {
      fail(`Expecting operator but got '${op!.text}'. ${VALID_OPERATORS}`, op!.at);
    }
  }
  let order: Query["order"] = "DESC";
  if (i < tokens.length) {
    i += 1;
    if (!isWord(tokens[i], "by")) fail(`Expecting 'BY' but got '${tokens[i]?.text ?? "the end of the query"}'.`, tokens[i]?.at);
    i += 1;
    const sort = tokens[i];
    if (!sort) fail("Expecting a field name but got the end of the query.");
    if (!isWord(sort, "created")) fail(`the fake Jira sorts only by created, not '${sort!.text}'.`, sort!.at);
    i += 1;
    // Jira sorts a date field newest first unless told.
    if (isWord(tokens[i], "asc") || isWord(tokens[i], "desc")) order = tokens[i++]!.text.toUpperCase() as Query["order"];
    if (i < tokens.length) fail(`Expecting end of query but got '${tokens[i]!.text}'.`, tokens[i]!.at);
  }
  return { clauses, order };
}
