// POST /api/csp-report against a real database: reports logged without secrets (204), bodies over
// 16 KB refused (413), the per-address limit (429, IPv6 by /64), and junk answered 400.
import { afterEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/csp-report/route";
import { CSP_REPORT_RATE_LIMIT } from "@/server/core/csp-report";
import { nextTestIp } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";

setupTestDatabase();
afterEach(() => vi.restoreAllMocks());

const legacyReport = {
  "csp-report": {
    "document-uri": "http://localhost:3000/reset-password?token=RESET-TOKEN-SECRET",
    "effective-directive": "script-src-elem",
    "blocked-uri": "inline",
    "script-sample": "RESET-TOKEN-SECRET",
    disposition: "enforce",
  },
};

function report(body: BodyInit, opts: { ip?: string; type?: string; headers?: Record<string, string> } = {}) {
  return POST(
    new Request("http://localhost:3000/api/csp-report", {
      method: "POST",
      headers: { "content-type": opts.type ?? "application/csp-report", "x-forwarded-for": opts.ip ?? nextTestIp(), ...opts.headers },
      body,
      duplex: "half",
    } as RequestInit),
  );
}

describe("POST /api/csp-report", () => {
  it("logs a report-uri report without its query string or script sample and answers 204", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await report(JSON.stringify(legacyReport));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    const logged = warn.mock.calls.map((args) => args.join(" ")).join("\n");
    expect(logged).toContain("[csp] violation");
    expect(logged).toContain("http://localhost:3000/reset-password");
    expect(logged).toContain("script-src-elem");
    expect(logged).not.toContain("RESET-TOKEN-SECRET");
  });

  it("accepts the Reporting API format", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const body = [
      {
        type: "csp-violation",
        url: "http://localhost:3000/admin/dashboard",
        body: {
          documentURL: "http://localhost:3000/admin/dashboard",
          effectiveDirective: "img-src",
          blockedURL: "https://tracker.example/x.gif",
          disposition: "enforce",
        },
      },
    ];
    const response = await report(JSON.stringify(body), { type: "application/reports+json" });
    expect(response.status).toBe(204);
    expect(warn.mock.calls.map((a) => a.join(" ")).join("\n")).toContain("https://tracker.example/x.gif");
  });

  it("refuses a body over 16 KB, declared or streamed, with 413", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const padded = JSON.stringify({ "csp-report": { ...legacyReport["csp-report"], padding: "x".repeat(16 * 1024) } });
    const declared = await report(padded);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ success: false, error: "Reports are limited to 16 KB.", code: "payload_too_large" });

    // No Content-Length (chunked): the body is cut off while it streams in.
    const chunks = [padded.slice(0, 10_000), padded.slice(10_000)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    expect((await report(stream)).status).toBe(413);
    expect(warn).not.toHaveBeenCalled();

    // Exactly at the limit is still read.
    const atLimit = JSON.stringify({ "csp-report": { "effective-directive": "img-src", pad: "" } });
    const filled = atLimit.replace('"pad":""', `"pad":"${"y".repeat(16 * 1024 - atLimit.length)}"`);
    expect(Buffer.byteLength(filled)).toBe(16 * 1024);
    expect((await report(filled)).status).toBe(204);
  });

  it("limits reports per address (429 with Retry-After), other addresses unaffected", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const ip = nextTestIp();
    for (let i = 0; i < CSP_REPORT_RATE_LIMIT.max; i += 1) expect((await report(JSON.stringify(legacyReport), { ip })).status).toBe(204);
    const limited = await report(JSON.stringify(legacyReport), { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ success: false, error: "Too many reports. Please wait a minute.", code: "rate_limited" });
    // Junk and oversized bodies count too: a flood cannot dodge the limit by being malformed.
    expect((await report("x".repeat(20_000), { ip })).status).toBe(429);
    expect((await report(JSON.stringify(legacyReport))).status).toBe(204);
  });

  it("groups IPv6 clients by /64, as every other limit does: another address of the same /64 is limited too", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (let i = 0; i < CSP_REPORT_RATE_LIMIT.max; i += 1)
      expect((await report(JSON.stringify(legacyReport), { ip: "2001:db8:cafe:1::1" })).status).toBe(204);
    const sameNetwork = await report(JSON.stringify(legacyReport), { ip: "2001:db8:cafe:1:ffff:ffff:ffff:fffe" });
    expect(sameNetwork.status).toBe(429);
    expect((await report(JSON.stringify(legacyReport), { ip: "2001:db8:cafe:2::1" })).status).toBe(204);
  });

  it("answers junk with a 400 and a message, never a 5xx", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const junk = [
      "",
      "not json",
      "null",
      "[]",
      "{}",
      '{"csp-report":null}',
      '[{"type":"csp-violation","body":"x"}]',
      '[{"type":"deprecation","body":{}}]',
      "\u0000\u0001",
    ];
    for (const body of junk) {
      const response = await report(body, { type: "text/plain" });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({
        success: false,
        error: "Expected a CSP violation report (application/csp-report or application/reports+json).",
        code: "bad_request",
      });
    }
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it("logs an object-valued field of a real report as empty, not as [object Object]", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await report('{"csp-report":{"document-uri":{"$gt":1},"effective-directive":"img-src"}}');
    expect(response.status).toBe(204);
    const logged = warn.mock.calls.map((a) => a.join(" ")).join("\n");
    expect(logged).toContain('"directive":"img-src"');
    expect(logged).toContain('"documentUrl":""');
    expect(logged).not.toContain("[object Object]");
  });
});
