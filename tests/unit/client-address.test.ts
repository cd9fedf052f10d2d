import { describe, expect, it } from "vitest";
import {
  normalizeAddress,
  parseTrustProxy,
  peerFromStamp,
  rateLimitSubject,
  resolveClientAddress,
  TrustProxyError,
} from "@/server/core/client-address";

const resolve = (forwardedFor: string | null, socketAddress: string | null, trustProxy?: string) =>
  resolveClientAddress({ forwardedFor, socketAddress, trust: parseTrustProxy(trustProxy) });

describe("parseTrustProxy", () => {
  it.each([undefined, "", " ", "0", "false", "FALSE", "no", "off"])("%s trusts nobody", (value) => {
    expect(parseTrustProxy(value)).toEqual({ kind: "none" });
  });

  it.each([
    ["true", 1],
    ["TRUE", 1],
    ["yes", 1],
    ["on", 1],
    ["1", 1],
    [" 2 ", 2],
    ["32", 32],
  ])("%s is a hop count of %i", (value, hops) => {
    expect(parseTrustProxy(value)).toEqual({ kind: "hops", hops });
  });

  it("takes a comma list of IPv4 and IPv6 addresses and ranges", () => {
    const trust = parseTrustProxy(" 10.0.0.0/8, 192.168.1.7 ,fd00::/8,2001:DB8::1, ::ffff:172.16.0.1/32");
    expect(trust.kind === "cidrs" && trust.cidrs).toEqual(["10.0.0.0/8", "192.168.1.7/32", "fd00::/8", "2001:db8::1/128", "172.16.0.1/32"]);
  });

  it.each([
    "33",
    "proxy.internal",
    "10.0.0.0/33",
    "fd00::/129",
    "10.0.0.0/8/1",
    "10.0.0/8",
    "10.0.0.0/-1",
    "10.0.0.0/x",
    ",",
    "1.2.3.4, nope",
  ])("refuses %s with a message naming it", (value) => {
    expect(() => parseTrustProxy(value)).toThrow(TrustProxyError);
  });
});

describe("normalizeAddress", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["  203.0.113.7  ", "203.0.113.7"],
    ["203.0.113.7:51234", "203.0.113.7"],
    ['"203.0.113.7"', "203.0.113.7"],
    ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
    ["[2001:db8::1]:443", "2001:db8::1"],
    ["[2001:db8::1]", "2001:db8::1"],
    ["fe80::1%eth0", "fe80::1"],
    ["::ffff:198.51.100.4", "198.51.100.4"],
    ["::FFFF:C633:6404", "198.51.100.4"],
    ["::1", "::1"],
  ])("%s → %s", (raw, expected) => {
    expect(normalizeAddress(raw)).toBe(expected);
  });

  it.each([
    "",
    "unknown",
    "_hidden",
    "300.1.1.1",
    "1.2.3",
    "01.2.3.4",
    "2001:db8::g",
    "<script>",
    "1.2.3.4 5.6.7.8",
    "1.2.3.4:99999999999x",
  ])("refuses %s", (raw) => {
    expect(normalizeAddress(raw)).toBeNull();
  });
});

describe("resolveClientAddress: no trusted proxy", () => {
  it("is the socket peer whatever the header says", () => {
    expect(resolve("1.1.1.1", "203.0.113.9")).toBe("203.0.113.9");
    expect(resolve("1.1.1.1, 2.2.2.2", "203.0.113.9")).toBe("203.0.113.9");
    expect(resolve(null, "::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(resolve("", "2001:db8::9")).toBe("2001:db8::9");
  });

  it("without a socket (served without a stamp) falls back to the rightmost entry, never the leftmost", () => {
    expect(resolve("6.6.6.6, 203.0.113.9", null)).toBe("203.0.113.9");
    expect(resolve(null, null)).toBe("unknown");
    expect(resolve("", null)).toBe("unknown");
    expect(resolve("garbage", null)).toBe("unknown");
  });

  it("answers unknown for an unusable socket address", () => {
    expect(resolve("1.1.1.1", "not-an-ip")).toBe("unknown");
  });
});

describe("resolveClientAddress: hop count", () => {
  it("1 hop: the entry the proxy appended, not what the client wrote before it", () => {
    expect(resolve("203.0.113.9", "10.0.0.2", "1")).toBe("203.0.113.9");
    expect(resolve("6.6.6.6, 203.0.113.9", "10.0.0.2", "1")).toBe("203.0.113.9");
    expect(resolve("6.6.6.6,7.7.7.7,203.0.113.9", "10.0.0.2", "true")).toBe("203.0.113.9");
  });

  it("2 hops: the entry two from the right, counting the socket peer as the last hop", () => {
    expect(resolve("6.6.6.6, 203.0.113.9, 10.0.0.5", "10.0.0.2", "2")).toBe("203.0.113.9");
    expect(resolve("203.0.113.9, 10.0.0.5", "10.0.0.2", "2")).toBe("203.0.113.9");
  });

  it("with fewer entries than hops, the farthest address known", () => {
    expect(resolve("203.0.113.9", "10.0.0.2", "3")).toBe("203.0.113.9");
    expect(resolve(null, "10.0.0.2", "1")).toBe("10.0.0.2");
    expect(resolve("", "10.0.0.2", "2")).toBe("10.0.0.2");
  });

  it("a garbage entry at the chosen place is answered for by the hop that handed it over", () => {
    expect(resolve("6.6.6.6, garbage", "10.0.0.2", "1")).toBe("10.0.0.2");
    expect(resolve("garbage, 203.0.113.9, 10.0.0.5", "10.0.0.2", "2")).toBe("203.0.113.9");
    expect(resolve("1.1.1.1, <script>, 10.0.0.5", "10.0.0.2", "2")).toBe("10.0.0.5");
  });

  it("tolerates spaces, empty entries and ports", () => {
    expect(resolve(" 6.6.6.6 ,, 203.0.113.9:4444 , ", "10.0.0.2", "1")).toBe("203.0.113.9");
  });

  it("IPv6 chains", () => {
    expect(resolve("2001:db8::bad, 2001:DB8::1", "fd00::2", "1")).toBe("2001:db8::1");
    expect(resolve("[2001:db8::1]:5555", "::ffff:10.0.0.2", "1")).toBe("2001:db8::1");
  });

  it("without a socket, the unseen peer is the first trusted hop", () => {
    expect(resolve("6.6.6.6, 203.0.113.9", null, "1")).toBe("203.0.113.9");
    expect(resolve("6.6.6.6, 203.0.113.9, 10.0.0.5", null, "2")).toBe("203.0.113.9");
  });
});

describe("resolveClientAddress: proxy ranges", () => {
  const proxies = "10.0.0.0/8, fd00::/8";

  it("the rightmost entry not from a trusted proxy", () => {
    expect(resolve("6.6.6.6, 203.0.113.9, 10.1.2.3", "10.0.0.2", proxies)).toBe("203.0.113.9");
    expect(resolve("203.0.113.9", "10.0.0.2", proxies)).toBe("203.0.113.9");
  });

  it("the socket peer itself when it is not a trusted proxy (a client connecting directly)", () => {
    expect(resolve("6.6.6.6, 10.1.2.3", "198.51.100.4", proxies)).toBe("198.51.100.4");
  });

  it("IPv6 proxies and clients, and IPv4-mapped sockets", () => {
    expect(resolve("2001:db8::7, fd00::5", "fd00::2", proxies)).toBe("2001:db8::7");
    expect(resolve("203.0.113.9", "::ffff:10.0.0.2", proxies)).toBe("203.0.113.9");
  });

  it("all trusted: the leftmost address", () => {
    expect(resolve("10.9.9.9, 10.1.2.3", "10.0.0.2", proxies)).toBe("10.9.9.9");
  });

  it("stops at garbage and answers with the trusted hop that passed it on", () => {
    expect(resolve("6.6.6.6, unknown, 10.1.2.3", "10.0.0.2", proxies)).toBe("10.1.2.3");
    expect(resolve("unknown", "10.0.0.2", proxies)).toBe("10.0.0.2");
  });

  it("a single proxy address", () => {
    expect(resolve("6.6.6.6, 203.0.113.9", "192.168.1.7", "192.168.1.7")).toBe("203.0.113.9");
    expect(resolve("6.6.6.6, 203.0.113.9", "192.168.1.8", "192.168.1.7")).toBe("192.168.1.8");
  });
});

describe("rateLimitSubject", () => {
  it("keeps IPv4 and groups IPv6 by /64", () => {
    expect(rateLimitSubject("203.0.113.9")).toBe("203.0.113.9");
    expect(rateLimitSubject("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8:1:2:bbbb:cccc:dddd:eeee")).toBe("2001:db8:1:2::/64");
    expect(rateLimitSubject("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitSubject("unknown")).toBe("unknown");
  });
});

describe("peerFromStamp", () => {
  const nonce = "n0nce-n0nce-n0nce-n0nce";
  it("accepts only a stamp carrying this process's nonce", () => {
    expect(peerFromStamp(`${nonce} 203.0.113.9`, nonce)).toBe("203.0.113.9");
    expect(peerFromStamp(`guess 203.0.113.9`, nonce)).toBeNull();
    expect(peerFromStamp(`${nonce.slice(0, -1)}x 203.0.113.9`, nonce)).toBeNull();
    expect(peerFromStamp("203.0.113.9", nonce)).toBeNull();
    expect(peerFromStamp(`${nonce} 203.0.113.9`, undefined)).toBeNull();
    expect(peerFromStamp(null, nonce)).toBeNull();
    expect(peerFromStamp(`${nonce} `, nonce)).toBeNull();
  });
});
