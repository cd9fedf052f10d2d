// Reading CSP violation reports (src/server/core/csp-report.ts): both browser formats, secrets left out,
// junk refused, bodies cut off at the limit even without a Content-Length.
import { describe, expect, it } from "vitest";
import { parseCspReports, readCspReportText, redactUrl } from "@/server/core/csp-report";
import { AppError } from "@/server/core/errors";

describe("parseCspReports", () => {
  it("reads the report-uri format", () => {
    const body = {
      "csp-report": {
        "document-uri": "https://sentinel.example/reset-password?token=SECRET123#x",
        "violated-directive": "script-src-elem",
        "effective-directive": "script-src-elem",
        "blocked-uri": "inline",
        "source-file": "https://sentinel.example/_next/static/chunks/a.js?v=1",
        "line-number": 12,
        "column-number": 3,
        "script-sample": 'self.__next_f.push([1,"SECRET123"])',
        disposition: "enforce",
      },
    };
    expect(parseCspReports(JSON.stringify(body))).toEqual([
      {
        documentUrl: "https://sentinel.example/reset-password",
        directive: "script-src-elem",
        blocked: "inline",
        source: "https://sentinel.example/_next/static/chunks/a.js:12:3",
        disposition: "enforce",
      },
    ]);
    expect(JSON.stringify(parseCspReports(JSON.stringify(body)))).not.toContain("SECRET123");
  });

  it("reads the Reporting API format and skips other report types", () => {
    const body = [
      { type: "deprecation", body: { message: "x" } },
      {
        type: "csp-violation",
        url: "https://sentinel.example/client-portal",
        body: {
          documentURL: "https://sentinel.example/client-portal?section=billing",
          effectiveDirective: "img-src",
          blockedURL: "https://evil.example/p.gif?c=cookie",
          disposition: "enforce",
          sample: "secret",
        },
      },
    ];
    expect(parseCspReports(JSON.stringify(body))).toEqual([
      {
        documentUrl: "https://sentinel.example/client-portal",
        directive: "img-src",
        blocked: "https://evil.example/p.gif",
        source: "",
        disposition: "enforce",
      },
    ]);
  });

  it("refuses what is not a CSP report", () => {
    for (const raw of [
      "",
      "not json",
      "null",
      "42",
      '"text"',
      "{}",
      '{"csp-report": "x"}',
      "[]",
      '[{"type":"deprecation","body":{}}]',
      '[{"type":"csp-violation"}]',
    ]) {
      expect(parseCspReports(raw), raw).toBeNull();
    }
  });

  it("keeps control characters and long values out of the log", () => {
    const [violation] = parseCspReports(
      JSON.stringify({ "csp-report": { "violated-directive": `script-src\n[fake] admin signed in${"x".repeat(500)}` } }),
    )!;
    expect(violation!.directive).not.toContain("\n");
    expect(violation!.directive.length).toBeLessThanOrEqual(200);
  });
});

describe("redactUrl", () => {
  it("keeps origin and path, drops query and fragment, passes keywords", () => {
    expect(redactUrl("http://localhost:3000/a/b?token=x#frag")).toBe("http://localhost:3000/a/b");
    expect(redactUrl("inline")).toBe("inline");
    expect(redactUrl("eval")).toBe("eval");
    expect(redactUrl("data:text/html;base64,PHNjcmlwdD4=")).toBe("data:");
    expect(redactUrl(undefined)).toBe("");
    expect(redactUrl({ a: 1 })).toBe("");
  });
});

describe("readCspReportText (16 KB)", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://localhost/api/csp-report", { method: "POST", body, headers, duplex: "half" } as RequestInit);

  it("reads a body within the limit", async () => {
    expect(await readCspReportText(post("hello"))).toBe("hello");
  });

  it("refuses a declared length over the limit before reading", async () => {
    await expect(readCspReportText(post("x", { "content-length": String(16 * 1024 + 1) }))).rejects.toMatchObject({
      code: "payload_too_large",
      message: "Reports are limited to 16 KB.",
    });
  });

  it("stops a streamed body once it passes the limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
        if (pulled > 1000) controller.close();
      },
    });
    const error = await readCspReportText(post(stream)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect(pulled).toBeLessThan(20);
  });
});
