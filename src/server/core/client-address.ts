import "server-only";
import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";

/**
 * The one rule for "which address is the client" (see README.md, "Client address").
 * TRUST_PROXY says who may write X-Forwarded-For: nobody (the socket peer is the client), the
 * last N hops (a hop count; the socket peer counts as the last hop), or proxies at the listed
 * addresses / CIDR ranges. Entries left of the trusted part are client-written and never used.
 */
export type ProxyTrust = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "cidrs"; cidrs: string[]; list: BlockList };

const NONE = ["", "0", "false", "no", "off"];
const ONE_HOP = ["true", "yes", "on"];
const MAX_HOPS = 32;

export class TrustProxyError extends Error {
  name = "TrustProxyError";
}

/** Parses TRUST_PROXY; throws TrustProxyError with a message fit for the start-up log. */
export function parseTrustProxy(value: string | undefined): ProxyTrust {
  const raw = (value ?? "").trim().toLowerCase();
  if (NONE.includes(raw)) return { kind: "none" };
  // `true` meant "behind one proxy" before hop counts existed.
  if (ONE_HOP.includes(raw)) return { kind: "hops", hops: 1 };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_HOPS) throw new TrustProxyError(`TRUST_PROXY: a hop count must be at most ${MAX_HOPS}, got ${raw}.`);
    return { kind: "hops", hops };
  }
  const list = new BlockList();
  const cidrs: string[] = [];
  for (const entry of raw
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = "", prefixText, ...extra] = entry.split("/");
    const normalized = normalizeAddress(address);
    const family = normalized ? isIP(normalized) : 0;
    const maxPrefix = family === 6 ? 128 : 32;
    const prefix = prefixText === undefined ? maxPrefix : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!normalized || extra.length > 0 || !(prefix >= 0 && prefix <= maxPrefix)) {
      throw new TrustProxyError(
        `TRUST_PROXY: "${entry}" is not an IP address or CIDR range. Use a hop count (e.g. 1) or a comma list of proxy addresses and ranges (e.g. 10.0.0.0/8,fd00::/8).`,
      );
    }
    list.addSubnet(normalized, prefix, family === 6 ? "ipv6" : "ipv4");
    cidrs.push(`${normalized}/${prefix}`);
  }
  if (cidrs.length === 0) throw new TrustProxyError("TRUST_PROXY: no proxy address given.");
  return { kind: "cidrs", cidrs, list };
}

/**
 * One address in canonical form (IPv4 dotted, IPv6 compressed lower-case, IPv4-mapped IPv6 as
 * IPv4), or null for anything that is not an address. Tolerates what proxies write around an
 * address: spaces, quotes, [brackets], an IPv4 port, an IPv6 zone.
 */
export function normalizeAddress(raw: string): string | null {
  let value = raw.trim().replace(/^"(.*)"$/, "$1");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(value)) value = value.slice(0, value.indexOf(":"));
  value = value.replace(/%[\w.-]+$/, "");
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6) return null;
  // The URL parser prints IPv6 in its canonical compressed form.
  const canonical = new URL(`http://[${value}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return canonical;
}

function isTrusted(address: string, trust: Extract<ProxyTrust, { kind: "cidrs" }>): boolean {
  return trust.list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * The client address for one request. `socketAddress` is the TCP peer; null when unknown (then
 * the peer is taken to be the first trusted hop, and without any trust the rightmost forwarded
 * entry stands in for it). When the chosen entry is not an address, the hop that handed it over
 * (the nearest valid address to its right) answers for it: never a client-written value.
 */
export function resolveClientAddress(input: {
  forwardedFor: string | null | undefined;
  socketAddress: string | null | undefined;
  trust: ProxyTrust;
}): string {
  const forwarded = (input.forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const socket = input.socketAddress ? normalizeAddress(input.socketAddress) : null;
  // The chain as seen from here, the nearest hop last.
  const chain: (string | null)[] = input.socketAddress ? [...forwarded.map(normalizeAddress), socket] : forwarded.map(normalizeAddress);
  if (chain.length === 0) return "unknown";
  const { trust } = input;
  // Without the socket, the peer we cannot see already used up one trusted hop.
  const hops = trust.kind === "none" ? 0 : trust.kind === "hops" ? trust.hops - (input.socketAddress ? 0 : 1) : 0;

  let index = chain.length - 1;
  if (trust.kind === "cidrs") {
    while (index > 0 && chain[index] !== null && isTrusted(chain[index]!, trust)) index--;
  } else {
    index = Math.max(0, index - Math.max(0, hops));
  }
  for (let i = index; i < chain.length; i++) {
    if (chain[i]) return chain[i]!;
  }
  return "unknown";
}

/** Rate-limit subject of an address: IPv6 clients get a /64 each, so rotating within one costs nothing. */
export function rateLimitSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const full = expandIPv6(groups);
  return `${full.slice(0, 4).join(":")}::/64`;
}

function expandIPv6(address: string): string[] {
  const [left = "", right] = address.split("::");
  const head = left ? left.split(":") : [];
  const tail = right ? right.split(":") : [];
  const zeros = Array<string>(8 - head.length - tail.length).fill("0");
  return [...head, ...(right === undefined ? [] : zeros), ...tail];
}

// ── The socket peer, stamped by the server in front of Next ───────────────────────────────
// proxy.ts cannot see the TCP socket. scripts/start.mjs (or, under `next start`, the hook that
// src/server/core/peer-stamp.ts installs) writes `x-sentinel-peer: <nonce> <address>` on every request,
// overwriting any copy a client sent. The nonce is random per process and known only inside it,
// so a client-written header never matches.

export const PEER_HEADER = "x-sentinel-peer";
export const PEER_NONCE_KEY = Symbol.for("sentinel.peerNonce");

export function currentPeerNonce(): string | undefined {
  return (globalThis as Record<symbol, string | undefined>)[PEER_NONCE_KEY];
}

/** The socket address from the stamp header, or null when the stamp is missing or not ours. */
export function peerFromStamp(value: string | null | undefined, nonce: string | undefined): string | null {
  if (!value || !nonce) return null;
  const space = value.indexOf(" ");
  if (space < 0) return null;
  const given = Buffer.from(value.slice(0, space));
  const expected = Buffer.from(nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return value.slice(space + 1).trim() || null;
}
