// The one mapping from a thrown value to an HTTP answer and to an action result (src/server/core/errors.ts,
// src/server/core/handler.ts): every error body is { success: false, error, code } (+ fieldErrors).
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as zm from "zod/mini";
import { AppError, errorResponse, GENERIC_ERROR } from "@/server/core/errors";
import { actionFailure } from "@/server/core/handler";
import { SquareApiError } from "@/features/square/server/client";

afterEach(() => vi.restoreAllMocks());

async function answer(error: unknown) {
  const response = errorResponse(error);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("errorResponse", () => {
  it("answers an AppError with its status, message and code", async () => {
    expect(await answer(new AppError("not_found", "Project not found"))).toMatchObject({
      status: 404,
      body: { success: false, error: "Project not found", code: "not_found" },
    });
    expect((await answer(new AppError("conflict", "Already approved"))).status).toBe(409);
  });

  it("keeps field errors, and leaves the key out when there are none", async () => {
    const withFields = await answer(new AppError("bad_request", "Client not found", { fieldErrors: { clientId: "Client not found" } }));
    expect(withFields.body).toEqual({
      success: false,
      error: "Client not found",
      code: "bad_request",
      fieldErrors: { clientId: "Client not found" },
    });
    expect(Object.keys((await answer(new AppError("bad_request", "Nope", { fieldErrors: {} }))).body)).toEqual([
      "success",
      "error",
      "code",
    ]);
  });

  it("carries the error's headers, such as Retry-After on a 429", async () => {
    const limited = await answer(
      new AppError("rate_limited", "Too many reports. Please wait a minute.", { headers: { "Retry-After": "42" } }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("42");
    expect(limited.body).toEqual({ success: false, error: "Too many reports. Please wait a minute.", code: "rate_limited" });
  });

  it("maps Square's errors: not connected is a 409, anything else a 502, with Square's message", async () => {
    expect(await answer(new SquareApiError("Square is not connected. Connect your Square account first.", 409))).toEqual(
      expect.objectContaining({
        status: 409,
        body: { success: false, error: "Square is not connected. Connect your Square account first.", code: "conflict" },
      }),
    );
    const upstream = await answer(new SquareApiError("Square rejected the stored access token. Reconnect Square.", 401));
    expect(upstream.status).toBe(502);
    expect(upstream.body).toEqual({
      success: false,
      error: "Square rejected the stored access token. Reconnect Square.",
      code: "bad_gateway",
    });
    expect((await answer(new SquareApiError("Square did not answer in time while listing invoices."))).status).toBe(502);
  });

  it("maps a zod error (classic and mini) to a 400 with the first message and every field's", async () => {
    const classic = z
      .object({ name: z.string().min(2, "Name must be at least 2 characters"), age: z.number("Age is a number") })
      .safeParse({ name: "A" });
    expect(await answer(classic.error)).toMatchObject({
      status: 400,
      body: {
        success: false,
        error: "Name must be at least 2 characters",
        code: "bad_request",
        fieldErrors: { name: "Name must be at least 2 characters", age: "Age is a number" },
      },
    });
    const mini = zm.object({ rates: zm.array(zm.object({ from: zm.string("Not a real date") })) }).safeParse({ rates: [{}] });
    expect((await answer(mini.error)).body).toEqual({
      success: false,
      error: "Not a real date",
      code: "bad_request",
      fieldErrors: { "rates.0.from": "Not a real date" },
    });
  });

  it("answers anything else with a generic 500 and logs the detail, never showing it", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const unknown = await answer(new Error("connection refused at 10.0.0.5:5432 password=hunter2"));
    expect(unknown).toMatchObject({ status: 500, body: { success: false, error: GENERIC_ERROR, code: "internal" } });
    expect(JSON.stringify(unknown.body)).not.toContain("hunter2");
    expect(log).toHaveBeenCalledOnce();
    expect((await answer("a thrown string")).status).toBe(500);
  });
});

describe("actionFailure", () => {
  it("gives server actions the same message, code and field errors as the HTTP body", () => {
    expect(actionFailure(new AppError("forbidden", "Admins only."))).toEqual({ success: false, error: "Admins only.", code: "forbidden" });
    const invalid = z.object({ offset: z.number("Invalid offset") }).safeParse({});
    expect(actionFailure(invalid.error)).toEqual({
      success: false,
      error: "Invalid offset",
      code: "bad_request",
      fieldErrors: { offset: "Invalid offset" },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(actionFailure(new TypeError("x is undefined"))).toEqual({ success: false, error: GENERIC_ERROR, code: "internal" });
  });
});
