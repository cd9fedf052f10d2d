// @vitest-environment happy-dom
// useReadOnShow: data a card reads with a server action when it shows, again on a new key or reload().
import { describe, expect, it, vi } from "vitest";
import type { ChangeResult } from "@/components/ui/use-change";
import { useReadOnShow } from "@/components/ui/use-read-on-show";
import { renderHook, settle } from "../helpers/render-hook";

const FAILURE = "Could not load your sessions. Please reload the page.";

describe("useReadOnShow", () => {
  it("reads when it shows: no data and no error until the answer, then the data", async () => {
    const read = vi.fn(async (): Promise<ChangeResult<string[]>> => ({ success: true, data: ["a", "b"] }));
    const view = renderHook(() => useReadOnShow("", read, FAILURE));
    expect(view.commits[0]).toEqual({ data: null, error: null, reload: expect.any(Function) });
    await settle();
    expect(read).toHaveBeenCalledOnce();
    expect(view.result.current).toMatchObject({ data: ["a", "b"], error: null });
  });

  it("keeps the last data on a failed read and says why: the action's message, or `failure` when it threw", async () => {
    let next: () => Promise<ChangeResult<string[]>> = async () => ({ success: true, data: ["a"] });
    const view = renderHook(() => useReadOnShow("", () => next(), FAILURE));
    await settle();

    next = async () => ({ success: false, error: "Please sign in." });
    await settle(() => void view.result.current.reload());
    expect(view.result.current).toMatchObject({ data: ["a"], error: "Please sign in." });

    next = () => Promise.reject(new TypeError("Failed to fetch"));
    await settle(() => void view.result.current.reload());
    expect(view.result.current).toMatchObject({ data: ["a"], error: FAILURE });

    next = async () => ({ success: true, data: ["a", "c"] });
    await settle(() => void view.result.current.reload());
    expect(view.result.current).toMatchObject({ data: ["a", "c"], error: null });
  });

  it("reads again with the latest function when reload() is awaited, as a change does before its busy state ends", async () => {
    let count = 0;
    const view = renderHook(() =>
      useReadOnShow("", async (): Promise<ChangeResult<number>> => ({ success: true, data: ++count }), FAILURE),
    );
    await settle();
    expect(view.result.current.data).toBe(1);
    await settle(async () => {
      await view.result.current.reload();
    });
    expect(view.result.current.data).toBe(2);
  });
});
