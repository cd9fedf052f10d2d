#!/usr/bin/env node
// The owner's own check of an access log, without the firm (docs/DEPLOYMENT.md#access-log-integrity):
//   node access-log-csv-verify.mjs access-log-2026-11-27.csv [--head head.jws] [--jwks jwks.json]
// Needs Node.js 20 or later and nothing else. Recomputes every entry's chain hash from the CSV the
// portal exports (SHA-256 of the previous entry's hash followed by the entry's `hashed_text`),
// checks that the text hashed is the entry the file shows (number, id, time, actor), and with
// --head that a signed head the portal offered is part of the chain (a log cut after it fails);
// with --jwks (the firm's /.well-known/jwks.json saved to a file) also the head's signature.
// Exits 0 with "OK: …", or 1 with "FAILED: …" naming the first entry that does not match.
import { createHash, createPublicKey, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const GENESIS = "0".repeat(64);

/** RFC 4180 records: quoted fields, doubled quotes, CRLF; the leading byte-order mark dropped. */
function parseCsv(text) {
  const records = [];
  let record = [];
  let field = "";
  let quoted = false;
  const input = text.replace(/^\uFEFF/, "");
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && input[i + 1] === "\n") i++;
      endField();
      records.push(record);
      record = [];
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

// The export puts an apostrophe before a spreadsheet formula's start in any cell (CSV injection);
// the text that was hashed had none.
const unneutralise = (text) => text.replace(/((?:^|[,;\t\r\n]) *)'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g, "$1");

const fail = (message) => {
  console.error(`FAILED: ${message}`);
  process.exit(1);
};

const { values, positionals } = parseArgs({ allowPositionals: true, options: { head: { type: "string" }, jwks: { type: "string" } } });
if (positionals.length !== 1) fail("Usage: node access-log-csv-verify.mjs <access-log.csv> [--head <head.jws>] [--jwks <jwks.json>]");
const [header, ...records] = parseCsv(readFileSync(positionals[0], "utf8")).filter((r) => r.length > 1);
const col = (name) => {
  const index = header.indexOf(name);
  if (index < 0) fail(`The file has no "${name}" column: export the access log again from the portal.`);
  return index;
};
const at = col("When (UTC)");
const who = col("Who");
const [id, actor, email, seqCol, hashCol, textCol] = ["entry_id", "actor_id", "actor_email", "chain_seq", "chain_hash", "hashed_text"].map(
  col,
);

const entries = records
  .map((r) => ({
    id: r[id],
    at: r[at],
    who: unneutralise(r[who]),
    actor: r[actor],
    email: unneutralise(r[email]),
    seq: Number(r[seqCol]),
    hash: r[hashCol],
    text: unneutralise(r[textCol]),
  }))
  .sort((a, b) => a.seq - b.seq);
for (const e of entries) if (!Number.isInteger(e.seq) || e.seq < 1) fail(`Entry ${e.id} has no number in the chain.`);

let head = null;
if (values.head) {
  const token = readFileSync(values.head, "utf8").trim();
  const [h, p, s] = token.split(".");
  try {
    head = {
      header: JSON.parse(Buffer.from(h, "base64url").toString()),
      payload: JSON.parse(Buffer.from(p, "base64url").toString()),
      token,
      signature: s,
    };
  } catch {
    fail("The signed head is not a compact JWS.");
  }
  if (values.jwks) {
    const keys = JSON.parse(readFileSync(values.jwks, "utf8")).keys ?? [];
    const jwk = keys.find((k) => k.kid === head.header.kid);
    if (!jwk) fail(`The firm's keys have no key ${head.header.kid}.`);
    const signed = Buffer.from(`${h}.${p}`);
    if (!verify(null, signed, createPublicKey({ key: jwk, format: "jwk" }), Buffer.from(s, "base64url")))
      fail("The signed head's signature does not verify.");
  }
}

const first = entries[0];
let previous = GENESIS;
let start = 0;
if (first && first.seq > 1) {
  const checkpoint = head?.payload.checkpoint;
  if (checkpoint && checkpoint.seq === first.seq - 1) previous = checkpoint.hash;
  else previous = null; // retention removed the entries before; the first one's hash is taken as given
  start = first.seq - 1;
}
let seq = start;
for (const e of entries) {
  if (e.seq !== seq + 1) fail(`Entry ${e.id} follows a missing entry (number ${seq + 1} of the chain).`);
  seq = e.seq;
  let fields;
  try {
    fields = JSON.parse(e.text);
  } catch {
    fail(`Entry ${e.id}'s hashed_text is not JSON.`);
  }
  if (fields.seq !== e.seq || String(fields.id) !== e.id || fields.at !== e.at || (fields.actor ?? "") !== e.actor)
    fail(`Entry ${e.id}: the hashed text is not the entry the file shows (number, id, time or actor differ).`);
  if (fields.v >= 2 && ((fields.who?.email ?? "") !== e.email || (fields.who?.name && fields.who.name !== e.who)))
    fail(`Entry ${e.id}: the name or e-mail shown is not the one hashed when it was written.`);
  if (previous !== null) {
    const hash = createHash("sha256").update(previous).update(e.text).digest("hex");
    if (hash !== e.hash) fail(`Entry ${e.id} (number ${e.seq}) no longer matches its hash.`);
  }
  previous = e.hash;
}
if (head) {
  const { seq: headSeq, hash: headHash } = head.payload;
  if (headSeq > seq) fail(`The file ends at number ${seq}, before the signed head's number ${headSeq}: entries after it were removed.`);
  const atHead = entries.find((e) => e.seq === headSeq);
  if (headSeq > start && (!atHead || atHead.hash !== headHash))
    fail(`The entry at number ${headSeq} does not have the hash the signed head states.`);
}
console.info(
  `OK: ${entries.length} entr${entries.length === 1 ? "y" : "ies"} verify, numbers ${start + 1} to ${seq}` +
    (start > 0 && previous !== null && first && head?.payload.checkpoint?.seq === start ? " (from the signed checkpoint)" : "") +
    (head ? `; the signed head (number ${head.payload.seq})${values.jwks ? ", its signature checked," : ""} is part of the chain.` : "."),
);
