import "server-only";
import { BlockList, isIP } from "node:net";

// Which addresses an outbound request to an address a client or the firm typed may reach: the
// public internet only. Everything else (this machine, the private networks, link-local with the
// cloud metadata service at 169.254.169.254, carrier-grade NAT, multicast, documentation and
// reserved ranges) is refused, so a webhook URL cannot be used to reach inside our network.

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  // The unspecified and loopback addresses, and the old IPv4-compatible ::a.b.c.d.
  ["::", 96],
  ["100::", 64],
  // NAT64 for local use (its IPv4 part may sit anywhere in the address).
  ["64:ff9b:1::", 48],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");

/** An IPv6 address's eight 16-bit groups, whatever its spelling (`::`, a dotted IPv4 tail, leading zeros). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const parse = (part: string | null | undefined) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === null ? front : [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
const zero = (groups: number[]) => groups.every((g) => g === 0);

/**
 * The IPv4 address an IPv6 address carries, if any: IPv4-mapped ::ffff:a.b.c.d, IPv4-translated
 * ::ffff:0:a.b.c.d (SIIT), NAT64 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::. Each reaches that IPv4
 * address on a host or network that translates, so it is judged as that address.
 */
function embeddedIpv4(address: string): string | null {
  const g = groupsOf(address);
  if (g.length !== 8) return null;
  if (zero(g.slice(0, 5)) && g[5] === 0xffff) return ipv4Of(g[6]!, g[7]!);
  if (zero(g.slice(0, 4)) && g[4] === 0xffff && g[5] === 0) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(g.slice(2, 6))) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

/** True for an address of the public internet; false for anything else, including what is not an address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, "ipv4");
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner !== null) return isPublicAddress(inner);
  return !NOT_PUBLIC.check(address, "ipv6");
}
