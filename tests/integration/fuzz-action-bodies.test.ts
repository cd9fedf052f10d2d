// Server actions' bodies, before Next decodes them (src/proxy.ts, src/server/core/action-reply.ts):
// Next answers a body React's reply decoder throws on with a 500 and a stack in the log. The proxy
// must refuse every such body with a 400 and pass on every body React's client writes for the
// values our actions take. The oracle is React's own decoder, run as Next runs it on Node
// (helpers/react-reply.ts): generated bodies, good ones (React's encodeReply of generated
// arguments: JSON values, undefined, dates, big integers, repeated objects, files, form data) and
// broken ones (references to missing fields or through non-objects, cycles, bad big integers and
// files, unknown tags, no argument list, broken JSON and multipart, deep nesting), each sent to the
// proxy and to the decoder: whatever the decoder refuses, the proxy answers 400.
//
// Seeded: FUZZ_SEED=<n> reproduces a run (FUZZ_SEED=random picks one and prints it).
import { createRequire } from "node:module";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { ACTION_BODY_UNREADABLE } from "@/server/core/action-request";
import { DEEP } from "./helpers/fuzz-values";
import { type ActionBody, multipartBody, reactDecodes, textBody } from "./helpers/react-reply";

const SEED = process.env.FUZZ_SEED === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261129);
const RUNS = Number(process.env.FUZZ_ACTION_BODY_RUNS ?? 300);

// React's client encoder, as the browser's bundle runs it (no react-server condition needed).
const { encodeReply } = createRequire(import.meta.url)("next/dist/compiled/react-server-dom-webpack/client.node.js") as {
  encodeReply: (value: unknown) => Promise<string | FormData>;
};

async function encoded(args: unknown[]): Promise<ActionBody> {
  const reply = await encodeReply(args);
  return typeof reply === "string" ? textBody(reply) : multipartBody(reply);
}

/** What the proxy answers for the body as a server action's request: "passed" (on to Next), or its status and error. */
async function proxied({ contentType, body }: ActionBody): Promise<string> {
  const headers = new Headers({ "next-action": "7f00aa", "content-type": contentType, origin: new URL(process.env.APP_URL!).origin });
  const response = await proxy(new NextRequest(new URL("/", process.env.APP_URL), { method: "POST", headers, body: Buffer.from(body) }));
  if (response.headers.get("x-middleware-next") === "1") return "passed";
  return `${response.status} ${((await response.json()) as { error: string }).error}`;
}
const REFUSED = `400 ${ACTION_BODY_UNREADABLE}`;

// --- good arguments: what our forms hand an action --------------------------------------------
const scalar = fc.oneof(
  fc.string(),
  fc.string().map((s) => `$${s}`), // the client escapes a leading "$"
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
);
const { value: argument } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string(), tie("value"), { maxKeys: 4, noNullPrototype: true }),
  ),
}));
/** Arguments, some holding one object twice (the client then writes a path reference), files or a form. */
const goodArguments = fc.oneof(
  fc.array(argument, { minLength: 1, maxLength: 3 }),
  fc
    .tuple(fc.dictionary(fc.string(), argument, { maxKeys: 3, noNullPrototype: true }), fc.string())
    .map(([shared, name]) => [{ a: shared, b: [shared] }, name]),
  fc.tuple(fc.string(), fc.string()).map(([name, text]) => [{ name, file: new File([text], "a.txt", { type: "text/plain" }) }]),
  fc.tuple(fc.string(), fc.string()).map(([name, value]) => {
    const form = new FormData();
    form.set(name || "field", value);
    form.append("file", new File(["x"], "b.bin"));
    return [form];
  }),
);

// --- broken bodies: what React's decoder may throw on ------------------------------------------
const hex = fc.integer({ min: 0, max: 40 }).map((n) => n.toString(16));
const hostile = fc.oneof(
  hex.map((id) => `$${id}`),
  fc
    .tuple(hex, fc.array(fc.constantFrom("0", "1", "a", "b", "name", "__proto__", "constructor", "length"), { minLength: 1, maxLength: 3 }))
    .map(([id, path]) => `$${id}:${path.join(":")}`),
  fc
    .tuple(fc.constantFrom(..."@hQWiAOoUSsLlGgMmVRrXxFBKTnDuIN-$"), fc.oneof(hex, fc.string({ maxLength: 6 })))
    .map(([tag, rest]) => `$${tag}${rest}`),
  fc.constantFrom("$", "$n", "$n0x1f", "$nabc", `$n${"9".repeat(301)}`, "$B", "$Bz", "$T", "$Dnot-a-date", "$0", "$0:0"),
);
/** An encoded body with a hostile string put somewhere in field 0 (or replacing it). */
type BrokenText = { args: unknown[] | null; wrap: (text: string) => string };
const brokenText: fc.Arbitrary<BrokenText> = fc.oneof(
  fc.tuple(goodArguments, hostile, fc.nat()).chain(([args, bad, at]) =>
    fc.constant({
      args,
      bad,
      at,
      wrap: (text: string) => text.replace(/"[^"]*"(?=[,\]}])/g, (m, offset: number) => (offset % 7 === at % 7 ? JSON.stringify(bad) : m)),
    }),
  ),
  fc.tuple(hostile, hostile).map(([a, b]) => ({ args: null, bad: a, at: 0, wrap: () => JSON.stringify([{ x: a, y: [b] }]) })),
  fc
    .constantFrom(
      '{"a":1}',
      '"x"',
      "1",
      "null",
      "[",
      "[1,]",
      "",
      "[{}",
      '[{"a":"$1"}',
      "[".repeat(DEEP) + "]".repeat(DEEP),
      `[${"[".repeat(300)}1${"]".repeat(300)}]`,
    )
    .map((text) => ({ args: null, bad: text, at: 0, wrap: () => text })),
);
async function brokenMultipart(kind: number, hostileText: string): Promise<ActionBody> {
  const form = new FormData();
  if (kind === 0) form.set("1", "[]"); // no field 0
  if (kind === 1) form.set("0", "{not json");
  if (kind === 2) {
    // A "file" that is text.
    form.set("1", "text");
    form.set("0", '["$B1"]');
  }
  if (kind === 3) {
    form.set("0", JSON.stringify([hostileText]));
    form.set("1", JSON.stringify([hostileText]));
  }
  if (kind === 4) form.set("0", new File(["[]"], "0"));
  if (kind === 5) {
    form.set("0", '["$1"]');
    form.append("0", "[]");
  }
  if (kind === 6) {
    form.set("0", '["$1"]');
    form.set("1", '["$0"]');
  }
  if (kind === 7)
    return {
      contentType: "multipart/form-data; boundary=x",
      body: new TextEncoder().encode(`--x\r\nContent-Disposition: form-data; name="0"\r\n\r\n[]`),
    };
  return multipartBody(form);
}
const brokenBody: fc.Arbitrary<() => Promise<ActionBody>> = fc.oneof(
  brokenText.map(({ args, wrap }) => async () => {
    if (!args) return textBody(wrap(""));
    const body = await encoded(args);
    if (!body.contentType.startsWith("text/plain")) return body;
    return textBody(wrap(new TextDecoder().decode(body.body)));
  }),
  fc.tuple(fc.integer({ min: 0, max: 7 }), hostile).map(
    ([kind, text]) =>
      () =>
        brokenMultipart(kind, text),
  ),
);

describe("server-action bodies through the proxy, against React's own decoder", () => {
  it("passes on every body React's client writes for generated arguments, and React decodes each", async () => {
    const samples = fc.sample(goodArguments, { numRuns: RUNS, seed: SEED });
    const bodies = await Promise.all(samples.map(encoded));
    const decoded = await reactDecodes(bodies);
    for (const [i, body] of bodies.entries()) {
      const text = new TextDecoder().decode(body.body).slice(0, 300);
      expect(decoded[i], `React refused its own client's body (seed ${SEED}): ${text}`).toEqual({ ok: true });
      expect(await proxied(body), `seed ${SEED}: ${text}`).toBe("passed");
    }
  });

  it("answers 400 to every body React's decoder refuses, and passes on only bodies it decodes", async () => {
    const makers = fc.sample(brokenBody, { numRuns: RUNS, seed: SEED });
    const bodies = await Promise.all(makers.map((make) => make()));
    const decoded = await reactDecodes(bodies);
    let refusedByReact = 0;
    for (const [i, body] of bodies.entries()) {
      const answer = await proxied(body);
      const text = new TextDecoder().decode(body.body).slice(0, 300);
      if (!decoded[i]!.ok) {
        refusedByReact += 1;
        expect(answer, `React: ${decoded[i]!.error} (seed ${SEED}): ${text}`).toBe(REFUSED);
      } else expect([REFUSED, "passed"], `seed ${SEED}: ${text}`).toContain(answer);
    }
    // The generator reaches the decoder's failures, not only bodies it takes.
    expect(refusedByReact).toBeGreaterThan(RUNS / 3);
  });
});
