// Whether a server action's body is one React's reply decoder takes (src/server/core/action-request.ts,
// called by src/proxy.ts before Next decodes it): Next answers a body the decoder throws on with a 500
// and a stack in the log. The check reads the reply format (React's encodeReply): fields "0", "1", …
// each JSON text (a text/plain body is field "0" alone), strings starting with "$" being references
// and tagged values. It accepts what React's client sends for the values our actions take (JSON
// values, undefined, NaN and ±Infinity, dates, big integers, form data, files, and the references
// it writes for a repeated object), and refuses the rest: a reference to a field that is not there,
// a path through something that is no plain object, a big integer that does not parse, a file
// that is not one, a cycle, an absurd expansion, and the tags of values no action takes (maps,
// sets, promises, iterators, streams, typed arrays, functions). The action still checks its input.

/** Deeper than any form's input; React revives recursively, so deeper nesting could exhaust the stack. */
const MAX_DEPTH = 200;
/** React's own limit on what one reply's arrays may expand to (its arraySizeLimit, 1e6); also the check's own work budget. */
const MAX_EXPANDED = 1_000_000;
/** React's limit on a big integer's digits. */
const BIGINT_DIGITS_MAX = 300;
/** The tags of values no action takes: refused, though React may decode them. */
const REFUSED_TAGS = new Set([..."@hQWiAOoUSsLlGgMmVRrXx"]);
/** Tags that need nothing more to decode. */
const PLAIN_TAGS = new Set([..."uINDHK-"]);

type Fields = { texts: Map<string, string>; files: Set<string> };
const INVALID = Symbol("invalid");

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Whether React's decodeReply would decode this reply to an array of arguments (see above). */
export function replyDecodes(body: string | Iterable<[string, FormDataEntryValue]>): boolean {
  const fields: Fields = { texts: new Map(), files: new Set() };
  if (typeof body === "string") fields.texts.set("0", body);
  else
    for (const [key, value] of body) {
      // A field number sent twice is nothing React's client writes; other names belong to form data ($K).
      if (/^\d+$/.test(key) && (fields.texts.has(key) || fields.files.has(key))) return false;
      if (typeof value === "string") fields.texts.set(key, value);
      else fields.files.add(key);
    }
  const parsed = new Map<string, unknown>();
  const checked = new Map<string, boolean>();
  const openFields = new Set<string>();
  // Each object's expanded size once known (a repeated object is counted again, not walked again),
  // and the objects being walked: a reference to one of those is a cycle.
  const sizes = new WeakMap<object, number>();
  const walking = new WeakSet<object>();
  let work = 0;

  const field = (key: string): unknown => {
    if (!parsed.has(key)) {
      const text = fields.texts.get(key);
      let value: unknown = INVALID;
      if (text !== undefined)
        try {
          value = JSON.parse(text);
        } catch {
          value = INVALID;
        }
      parsed.set(key, value);
    }
    return parsed.get(key);
  };

  /** Whether a field decodes as a whole (React revives all of a field it is referred to). */
  const fieldDecodes = (key: string, depth: number): boolean => {
    if (openFields.has(key)) return true; // being walked: its own walk decides
    if (!checked.has(key)) {
      const value = field(key);
      openFields.add(key);
      checked.set(key, value !== INVALID && walk(value, depth, true) !== null);
      openFields.delete(key);
    }
    return checked.get(key)!;
  };

  /** An outlined reference ("$1", "$0:0:name"): the field, then each step an own key of a plain object or array. */
  const reference = (text: string, depth: number): number | null => {
    const [head = "", ...path] = text.slice(1).split(":");
    const key = String(parseInt(head, 16));
    if (!fieldDecodes(key, depth + 1)) return null;
    let current = field(key);
    for (const step of path) {
      if (!isRecord(current) || step === "__proto__" || !Object.hasOwn(current, step)) return null;
      current = current[step];
      // What the path reaches is read as sent: a tagged value there is nothing our client writes.
      if (typeof current === "string" && current.startsWith("$") && !current.startsWith("$$")) return null;
    }
    return walk(current, depth + 1, true);
  };

  const tagged = (text: string, depth: number, hasReference: boolean): number | null => {
    if (!text.startsWith("$")) return text.length;
    const tag = text[1] ?? "";
    if (tag === "$") return text.length - 1;
    if (tag === "T") return hasReference ? 0 : null;
    if (PLAIN_TAGS.has(tag)) return 0;
    if (REFUSED_TAGS.has(tag)) return null;
    if (tag === "n") {
      const digits = text.slice(2);
      if (digits.length > BIGINT_DIGITS_MAX) return null;
      try {
        BigInt(digits);
        return digits.length;
      } catch {
        return null;
      }
    }
    if (tag === "B") return fields.files.has(String(parseInt(text.slice(2), 16))) ? 0 : null;
    return reference(text, depth);
  };

  // The expanded size of a value, or null when it does not decode. hasReference: React gives a
  // value a path for temporary references unless an object key above it holds ":".
  function walk(value: unknown, depth: number, hasReference: boolean): number | null {
    if (depth > MAX_DEPTH || ++work > MAX_EXPANDED) return null;
    if (typeof value === "string") return tagged(value, depth, hasReference);
    if (!isRecord(value)) return 0;
    const known = hasReference ? sizes.get(value) : undefined;
    if (known !== undefined) return known;
    if (walking.has(value)) return null;
    walking.add(value);
    let total: number | null = Array.isArray(value) ? value.length + 1 : 0;
    for (const [key, child] of Object.entries(value)) {
      const size = walk(child, depth + 1, hasReference && (Array.isArray(value) || !key.includes(":")));
      total = size === null || total + size > MAX_EXPANDED ? null : total + size;
      if (total === null) break;
    }
    walking.delete(value);
    if (total !== null && hasReference) sizes.set(value, total);
    return total;
  }

  // The arguments: field 0, an array (Next applies the action to it).
  return Array.isArray(field("0")) && fieldDecodes("0", 0);
}
