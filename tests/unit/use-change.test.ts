// @vitest-environment happy-dom
// useChange, the one busy state: busy from the press until the outcome is on screen, the outcome
// committed together, and the three endings (done, refused, unreachable).
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type ChangeOptions, type ChangeResult, type Notify, routeChange, useChange } from "@/components/ui/use-change";
import { ApiError } from "@/lib/api-client";
import { GENERIC_ERROR } from "@/lib/messages";
import { deferred, renderHook, settle } from "../helpers/render-hook";

const router = { refresh: vi.fn(), replace: vi.fn(), push: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router }));

beforeEach(() => {
  router.refresh.mockClear();
  router.replace.mockClear();
});

/** useChange with a piece of state `done` sets, as a screen's saved status would be. */
function renderChange() {
  const notify = vi.fn<Notify>();
  const view = renderHook(
    () => {
      const [saved, setSaved] = useState<string | null>(null);
      return { ...useChange<"save" | "other">(notify), saved, setSaved };
    },
    ({ running, saved }) => ({ running, saved }),
  );
  return { ...view, notify };
}

async function start<T>(view: ReturnType<typeof renderChange>, key: "save" | "other", options: ChangeOptions<T> = {}) {
  const answer = deferred<ChangeResult<T>>();
  await settle(() => view.result.current.run(key, () => answer.promise, options));
  return answer;
}

describe("useChange", () => {
  it("is busy with the running change from the press until its outcome shows, and commits the outcome, the message and the refresh together", async () => {
    const view = renderChange();
    expect(view.result.current.running).toBeNull();
    const answer = await start<string>(view, "save", {
      done: (status) => {
        view.result.current.setSaved(status);
        return "Saved";
      },
    });
    expect(view.result.current.running).toBe("save");
    // The same boolean useFormSubmit answers: a screen never tests a boolean against null.
    expect(view.result.current.isBusy).toBe(true);
    expect(view.notify).not.toHaveBeenCalled();

    await settle(() => answer.resolve({ success: true, data: "approved" }));
    expect(view.result.current).toMatchObject({ isBusy: false, running: null, saved: "approved" });
    expect(view.notify).toHaveBeenCalledExactlyOnceWith("Saved", "success", "save");
    expect(router.refresh).toHaveBeenCalledOnce();
    // No commit ever showed the old state without the busy state, nor the new state with it.
    const first = view.commits.findIndex((commit) => commit.saved === "approved");
    expect(view.commits[first]).toEqual({ running: null, saved: "approved" });
    expect(view.commits.slice(1, first).every((commit) => commit.running === "save")).toBe(true);
  });

  it("shows an answer that reports a failure (a connection test that failed) as a refusal, named by its change", async () => {
    const view = renderChange();
    const answer = await start<{ state: string }>(view, "other", {
      done: (result) => (result.state === "connected" ? "Connected." : { kind: "refusal", text: "Bad credentials" }),
    });
    await settle(() => answer.resolve({ success: true, data: { state: "failing" } }));
    expect(view.notify).toHaveBeenCalledExactlyOnceWith("Bad credentials", "error", "other");
  });

  it("does not refresh the page when the answer is the whole new state", async () => {
    const view = renderChange();
    const answer = await start(view, "save", { refresh: false, done: () => undefined });
    await settle(() => answer.resolve({ success: true, data: null }));
    expect(router.refresh).not.toHaveBeenCalled();
    expect(view.notify).not.toHaveBeenCalled();
    expect(view.result.current.running).toBeNull();
  });

  it("shows a refusal's message and leaves the screen as it was", async () => {
    const view = renderChange();
    const done = vi.fn();
    const answer = await start(view, "save", { done });
    await settle(() => answer.resolve({ success: false, error: "Too many requests" }));
    expect(view.notify).toHaveBeenCalledExactlyOnceWith("Too many requests", "error", "save");
    expect(done).not.toHaveBeenCalled();
    expect(router.refresh).not.toHaveBeenCalled();
    expect(view.result.current.running).toBeNull();
  });

  it("says the generic message for a refusal without text, and nothing for one the screen showed itself", async () => {
    const view = renderChange();
    const empty = await start(view, "save");
    await settle(() => empty.resolve({ success: false, error: "" }));
    expect(view.notify).toHaveBeenLastCalledWith(GENERIC_ERROR, "error", "save");

    view.notify.mockClear();
    const refused = vi.fn(() => true);
    const shown = await start(view, "save", { refused });
    await settle(() =>
      shown.resolve({ success: false, error: "Reason is required", code: "bad_request", fieldErrors: { reason: "Reason is required" } }),
    );
    expect(refused).toHaveBeenCalledWith({
      success: false,
      error: "Reason is required",
      code: "bad_request",
      fieldErrors: { reason: "Reason is required" },
    });
    expect(view.notify).not.toHaveBeenCalled();
  });

  it("says the generic message, or the screen's own, when the change could not be sent", async () => {
    const view = renderChange();
    const generic = await start(view, "save");
    await settle(() => generic.reject(new TypeError("Failed to fetch")));
    expect(view.notify).toHaveBeenLastCalledWith(GENERIC_ERROR, "error", "save");
    expect(view.result.current.running).toBeNull();

    const own = await start(view, "save", { unreachable: "Logout failed. Please try again." });
    await settle(() => own.reject(new TypeError("Failed to fetch")));
    expect(view.notify).toHaveBeenLastCalledWith("Logout failed. Please try again.", "error", "save");
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it("names the latest change while several run, and is idle once all have ended", async () => {
    const view = renderChange();
    const first = await start(view, "save");
    const second = await start(view, "other");
    expect(view.result.current.running).toBe("other");
    await settle(() => first.resolve({ success: true, data: null }));
    await settle(() => second.resolve({ success: true, data: null }));
    expect(view.result.current.running).toBeNull();
  });

  it("leaves the page from `done` when the change ends there (sign-in, View portal), without a needless refresh", async () => {
    const view = renderChange();
    const answer = await start(view, "save", { done: () => router.replace("/client-portal"), refresh: false });
    await settle(() => answer.resolve({ success: true, data: null }));
    expect(router.replace).toHaveBeenCalledExactlyOnceWith("/client-portal");
    expect(router.refresh).not.toHaveBeenCalled();
  });
});

describe("routeChange", () => {
  it("wraps a route handler's success body as the change's data", async () => {
    expect(await routeChange(Promise.resolve({ success: true, linkedCount: 2 }))).toEqual({
      success: true,
      data: { success: true, linkedCount: 2 },
    });
  });

  it("turns the route's error body into a refusal with its text, code and field messages", async () => {
    const refusal = await routeChange(
      Promise.reject(new ApiError(400, "bad_request", "Client not found", { clientId: "Client not found" })),
    );
    expect(refusal).toEqual({
      success: false,
      error: "Client not found",
      code: "bad_request",
      fieldErrors: { clientId: "Client not found" },
    });
  });

  it("says the generic message, or the screen's own, for an error body without text (a proxy's page)", async () => {
    expect(await routeChange(Promise.reject(new ApiError(502, "unknown", "")))).toMatchObject({ success: false, error: GENERIC_ERROR });
    expect(await routeChange(Promise.reject(new ApiError(502, "unknown", "")), "Failed to send message")).toMatchObject({
      success: false,
      error: "Failed to send message",
    });
  });

  it("lets an unreachable server throw, so useChange tells it apart from a refusal", async () => {
    await expect(routeChange(Promise.reject(new TypeError("Failed to fetch")))).rejects.toThrow("Failed to fetch");
  });
});
