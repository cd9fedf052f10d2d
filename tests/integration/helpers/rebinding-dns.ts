// A resolver for this process whose answer for one name changes between a check and a connection
// (DNS rebinding), in place of the system's: node:dns/promises `lookup` (what better-auth's SSO
// plugin asks to check a provider's name before it fetches) answers the public address; node:dns
// `lookup` (what a socket asks to connect, and the guarded fetch, which checks the very answer it
// connects to) answers the other. Other names go to the system's resolver as before. A test tool:
// nothing in src/ imports it.
import dns, { type LookupAddress, type LookupOptions } from "node:dns";
import { syncBuiltinESMExports } from "node:module";
import { isIP } from "node:net";

type Callback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export type RebindingResolver = {
  /** The addresses given out for the name, in order. */
  answers: string[];
  restore(): void;
};

export function rebindingResolver(name: string, answers: { toChecks: string; toConnections: string }): RebindingResolver {
  const given: string[] = [];
  const original = dns.lookup;
  const originalPromise = dns.promises.lookup;
  const answer = (address: string): LookupAddress => {
    given.push(address);
    return { address, family: isIP(address) };
  };
  const ours = (hostname: string) => hostname.toLowerCase().replace(/\.$/, "") === name;

  function lookup(hostname: string, options: LookupOptions | number | Callback, callback?: Callback): void {
    const done = (typeof options === "function" ? options : callback)!;
    const opts = typeof options === "object" ? options : {};
    if (!ours(hostname)) return void (original as (h: string, o: LookupOptions, c: Callback) => void)(hostname, opts, done);
    const found = answer(answers.toConnections);
    process.nextTick(() => (opts.all ? done(null, [found]) : done(null, found.address, found.family)));
  }
  async function lookupPromise(hostname: string, options: LookupOptions = {}) {
    if (!ours(hostname)) return originalPromise(hostname, options);
    const found = answer(answers.toChecks);
    return options.all ? [found] : found;
  }

  dns.lookup = lookup as typeof dns.lookup;
  dns.promises.lookup = lookupPromise as typeof dns.promises.lookup;
  syncBuiltinESMExports();
  return {
    answers: given,
    restore() {
      dns.lookup = original;
      dns.promises.lookup = originalPromise;
      syncBuiltinESMExports();
    },
  };
}
