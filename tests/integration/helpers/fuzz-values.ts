// Bad inputs for the fuzz test: wrong types, NUL bytes, huge strings and numbers, NaN and
// Infinity, prototype keys, deep nesting, unknown ids and out-of-range dates, as JavaScript values
// (server actions) and as raw request bodies (route handlers: invalid UTF-8, malformed JSON,
// wrong content types).
import fc from "fast-check";

const encoder = new TextEncoder();

export const DEEP = 10_000;
// JSON.stringify cannot write 10,000 nested arrays (it runs out of stack, JSON.parse does not):
// a marker value stands for them and is replaced in the text.
const DEEP_MARK = "\u0001deep\u0001";
const DEEP_TEXT = "[".repeat(DEEP) + "]".repeat(DEEP);

/** 10,000 nested arrays around a value, built without recursion. */
export function deepArray(inner: unknown = 1, depth = DEEP): unknown {
  let value: unknown = inner;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
}

/** An object whose own keys include "__proto__" (as JSON.parse makes it), not a prototype change. */
export function withProtoKey(base: Record<string, unknown>, payload: unknown = { isAdmin: true, role: "admin" }): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  Object.defineProperty(out, "__proto__", { value: payload, enumerable: true, configurable: true, writable: true });
  return out;
}

export const badDate = fc.constantFrom(
  "0000-01-01",
  "99999-12-31",
  "-000001-01-01",
  "+275760-09-13",
  "2024-02-30",
  "2023-13-01",
  "1970-01-01T00:00:00Z",
  "0001-01-01",
  "9999-12-31",
  "1900-01-00",
  "2024-1-1",
  "",
);

export const badId = fc.oneof(
  fc.uuid(),
  fc.constantFrom(
    "not-a-uuid",
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "1",
    "-1",
    "' OR 1=1 --",
    "..%2F..%2Fetc%2Fpasswd",
    "\u0000",
    "x".repeat(1000),
  ),
  fc.uuid().map((id) => `${id}\u0000`),
  fc.uuid().map((id) => id.toUpperCase()),
);

const nulString = fc.string({ maxLength: 20 }).chain((s) => fc.constantFrom(`${s}\u0000`, `\u0000${s}`, `${s}\u0000${s}`));
const hugeString = fc
  .constantFrom(10_000, 70_000, 300_000)
  .chain((n) => fc.constantFrom("a", "é", "😀", "<", "\n").map((c) => c.repeat(n)));
const controlString = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 10,
});
const loneSurrogate = fc.constantFrom("\ud800", "abc\udfff", "\udbff\udbff");

export const badString = fc.oneof(
  fc.string({ maxLength: 50 }),
  fc.string({ unit: "binary", maxLength: 50 }),
  nulString,
  hugeString,
  controlString,
  loneSurrogate,
  badDate,
  badId,
  fc.constantFrom(
    "",
    " ",
    "null",
    "undefined",
    "NaN",
    "Infinity",
    "true",
    "[]",
    "{}",
    "<script>alert(1)</script>",
    "admin@example.com\r\nBcc: x@y.z",
  ),
);

export const badNumber = fc.oneof(
  fc.constantFrom(
    Number.NaN,
    Infinity,
    -Infinity,
    -0,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER - 2,
    2 ** 63,
    2 ** 31,
    -(2 ** 31) - 1,
    5e-324,
    0.1 + 0.2,
  ),
  fc.integer(),
  fc.double(),
);

/** Any JavaScript value a server action might be handed, including ones JSON cannot carry. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: badString },
  { weight: 2, arbitrary: badNumber },
  fc.bigInt(),
  fc.constantFrom(null, undefined, true, false, [], {}, new Date(Number.NaN), new Date(8.64e15), new Date(-8.64e15)),
  fc.anything({
    maxDepth: 2,
    withBigInt: true,
    withDate: true,
    withNullPrototype: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withSparseArray: true,
  }),
  fc.constant(0).map(() => deepArray()),
  fc.constant(0).map(() => withProtoKey({})),
  fc.constant({ constructor: { prototype: { isAdmin: true } } }),
);

/** A JSON-safe bad value (what a route body can carry after JSON.parse). */
export const badJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: badString },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.constantFrom(1e308, -1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2),
    ),
  },
  fc.constantFrom(null, true, false, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(DEEP_MARK),
  fc.constant({ __proto__: null, constructor: { prototype: { isAdmin: true } } }),
);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sameKind(example: unknown, fallback: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (typeof example === "string" && ISO_DATE.test(example)) return badDate;
  if (typeof example === "string" && UUID.test(example)) return badId;
  if (typeof example === "string") return badString;
  if (typeof example === "number") return badNumber;
  return fallback;
}

/**
 * A bad input built on a valid one, so it gets past the first checks: one field replaced, removed
 * or joined by prototype keys, or the whole value replaced.
 */
export function mutatedInput(
  base: () => Record<string, unknown>,
  value: fc.Arbitrary<unknown> = badValue,
  deep: () => unknown = deepArray,
): fc.Arbitrary<unknown> {
  const sample = base();
  const keys = Object.keys(sample);
  // Half the time a field gets a bad value of its own kind (a date an impossible date, an id an
  // unknown id), which reaches the checks behind the type check.
  const fieldValue = (key: string) => fc.oneof(value, sameKind(sample[key], value));
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...keys).chain((key) => fieldValue(key).map((v) => ({ ...base(), [key]: v }))) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...keys).map((key) => {
        const b = base();
        delete b[key];
        return b;
      }),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...keys), value).map(([key, v]) => withProtoKey({ ...base(), [key]: v })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...keys)).map(([a, b]) => ({ ...base(), [a]: deep(), [b]: "\u0000" })),
    },
    { weight: 2, arbitrary: value },
  );
}

// --- raw bodies for route handlers ---------------------------------------------------------------

export type RawBody = { contentType: string | null; bytes: Uint8Array<ArrayBuffer> };

export const badContentType = fc.constantFrom<string | null>(
  null,
  "",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/json; charset=utf-16",
  "application/xml",
  "*/*",
);

const INVALID_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0x80],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc3],
];

function concat(parts: (Uint8Array | number[])[]): Uint8Array<ArrayBuffer> {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : new Uint8Array(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.byteLength, 0));
  let offset = 0;
  for (const a of arrays) {
    out.set(a, offset);
    offset += a.byteLength;
  }
  return out;
}

/** JSON text of a value ("__proto__" stays an own key, as JSON.parse will make it again). */
export const jsonBytes = (value: unknown) =>
  encoder.encode((JSON.stringify(value) ?? "null").replaceAll(JSON.stringify(DEEP_MARK), DEEP_TEXT));

/** mutatedInput for JSON bodies: JSON-safe bad values, deep nesting as the text marker. */
export const mutatedJsonInput = (base: () => Record<string, unknown>) => mutatedInput(base, badJsonValue, () => DEEP_MARK);

const malformedJson = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    '{"a":',
    "NaN",
    "Infinity",
    '{"offset": NaN}',
    '{"n": 1e999}',
    '{"n": -1e999}',
    "[".repeat(DEEP) + "]".repeat(DEEP),
    '{"a":'.repeat(DEEP) + "1" + "}".repeat(DEEP),
    "[".repeat(DEEP),
    "\u0000",
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    "null",
    "true",
    "0",
    '"string"',
    "name=Dana&email=dana%40x.test",
    '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"role": "admin"}}}',
    '{"a": 1, "a": 2}',
  ),
  fc.string({ maxLength: 200 }),
);

/**
 * Raw bodies built on a valid JSON input: mutated fields as JSON, malformed JSON text, invalid
 * UTF-8 spliced into the JSON, arbitrary bytes; each with a right or a wrong content type.
 */
export function rawJsonBody(base: () => Record<string, unknown>): fc.Arbitrary<RawBody> {
  const json = "application/json";
  const contentType = fc.oneof({ weight: 4, arbitrary: fc.constant<string | null>(json) }, { weight: 1, arbitrary: badContentType });
  const bytes = fc.oneof(
    { weight: 5, arbitrary: mutatedJsonInput(base).map(jsonBytes) },
    { weight: 2, arbitrary: malformedJson.map((text) => encoder.encode(text)) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...Object.keys(base())), fc.constantFrom(...INVALID_UTF8)).map(([key, bad]) => {
        const text = JSON.stringify({ ...base(), [key]: "MARK" });
        const [before, after] = text.split("MARK") as [string, string];
        return concat([encoder.encode(before), bad, encoder.encode(after)]);
      }),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((a) => new Uint8Array(a)) },
  );
  return fc.record({ contentType, bytes });
}
