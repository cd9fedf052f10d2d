// The browser's one fetch helper (src/lib/api-client.ts): success bodies parsed, error bodies
// turned into ApiError, network failures left as they are.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiErrorOf, apiFetch } from "@/lib/api-client";

const respond = (body: BodyInit | null, init: ResponseInit = {}) => vi.fn(async () => new Response(body, init));

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch", () => {
  it("returns the parsed success body and sends json with its content type", async () => {
    const fetchMock = respond(JSON.stringify({ success: true, linkedCount: 3 }), { headers: { "content-type": "application/json" } });
    vi.stubGlobal("fetch", fetchMock);
    expect(await apiFetch<{ linkedCount: number }>("/api/x", { method: "POST", json: { a: 1 } })).toEqual({
      success: true,
      linkedCount: 3,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/x");
    expect(init).toMatchObject({ method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } });
  });

  it("returns undefined for an empty success (204)", async () => {
    vi.stubGlobal("fetch", respond(null, { status: 204 }));
    expect(await apiFetch("/api/csp-report")).toBeUndefined();
  });

  it("throws an ApiError with status, code, message and field errors from an error body", async () => {
    const body = {
      success: false,
      error: "Not a real date",
      code: "bad_request",
      fieldErrors: { "rates.0.effectiveFrom": "Not a real date", junk: 3 },
    };
    vi.stubGlobal("fetch", respond(JSON.stringify(body), { status: 400 }));
    const error = await apiFetch("/api/admin/findings/import").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: "bad_request",
      message: "Not a real date",
      fieldErrors: { "rates.0.effectiveFrom": "Not a real date" },
    });
    expect((error as ApiError).fieldErrors).not.toHaveProperty("junk");
  });

  it("still gives the status when the error body is not ours (a proxy's HTML page)", async () => {
    vi.stubGlobal("fetch", respond("<html>Bad gateway</html>", { status: 502 }));
    await expect(apiFetch("/api/square/sync-invoices")).rejects.toMatchObject({
      name: "ApiError",
      status: 502,
      code: "unknown",
      message: "",
      fieldErrors: {},
    });
  });

  it("lets a network failure through as it is, so callers can tell it from a refusal", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = await apiFetch("/api/contact/send").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it("refuses a success that is not JSON", async () => {
    vi.stubGlobal("fetch", respond("not json", { status: 200 }));
    await expect(apiFetch("/api/x")).rejects.toMatchObject({ name: "ApiError", status: 200, code: "invalid_response" });
  });
});

describe("apiErrorOf", () => {
  it("reads the error of a non-JSON request's failure (a signed download link)", async () => {
    const error = await apiErrorOf(
      new Response(JSON.stringify({ success: false, error: "This download link is invalid or has expired.", code: "forbidden" }), {
        status: 403,
      }),
    );
    expect(error).toMatchObject({ status: 403, code: "forbidden", message: "This download link is invalid or has expired." });
  });
});
