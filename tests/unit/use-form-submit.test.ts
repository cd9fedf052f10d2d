// @vitest-environment happy-dom
// useFormSubmit, the one form path: the browser's check, the values as typed to the server, busy
// until the outcome shows, the server's field messages under their fields, its message above the
// form, and the generic (or the screen's own) message when the form could not be sent.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { ChangeResult, Notify } from "@/components/ui/use-change";
import { type FormSubmitOptions, useFormSubmit } from "@/components/ui/use-form-submit";
import { useZodForm } from "@/components/ui/use-zod-form";
import { GENERIC_ERROR } from "@/lib/messages";
import { deferred, renderHook, settle } from "../helpers/render-hook";

const router = { refresh: vi.fn(), replace: vi.fn(), push: vi.fn() };
vi.mock("next/navigation", () => ({ useRouter: () => router }));

beforeEach(() => router.refresh.mockClear());

// Output differs from input (trimmed, blank becomes null), as in the product's schemas.
const schema = z.object({
  email: z.string().trim().email("Invalid email address"),
  note: z.string().transform((value) => value.trim() || null),
  rates: z.array(z.object({ hourlyRate: z.string() })),
});
type Input = z.input<typeof schema>;
const VALID: Input = { email: " ada@example.com ", note: "", rates: [{ hourlyRate: "150" }] };

function renderForm(
  values: Input,
  send: (values: Input) => Promise<ChangeResult<string>>,
  options?: FormSubmitOptions<string>,
  loadSchema: () => Promise<typeof schema> = async () => schema,
) {
  return renderHook(() => {
    const form = useZodForm(loadSchema, values);
    return { form, ...useFormSubmit(form, send, options) };
  });
}

describe("useFormSubmit", () => {
  it("sends nothing while the browser's check refuses the fields, and says so when asked to", async () => {
    const send = vi.fn();
    const view = renderForm({ ...VALID, email: "not an address" }, send, { invalid: "Please correct the highlighted fields." });
    await settle(() => view.result.current.onSubmit());
    expect(send).not.toHaveBeenCalled();
    expect(view.result.current.form.getFieldState("email").error?.message).toBe("Invalid email address");
    expect(view.result.current.message).toEqual({ tone: "error", text: "Please correct the highlighted fields." });
  });

  it("sends the values as typed (the server parses them with the same schema), busy until the outcome shows", async () => {
    const answer = deferred<ChangeResult<string>>();
    const send = vi.fn(() => answer.promise);
    const done = vi.fn(() => "Saved");
    const view = renderForm(VALID, send, { done });
    await settle(() => view.result.current.onSubmit());
    expect(send).toHaveBeenCalledExactlyOnceWith(VALID);
    expect(view.result.current.isBusy).toBe(true);

    await settle(() => answer.resolve({ success: true, data: "id-1" }));
    expect(done).toHaveBeenCalledExactlyOnceWith("id-1");
    expect(view.result.current.isBusy).toBe(false);
    expect(view.result.current.message).toEqual({ tone: "success", text: "Saved" });
    expect(router.refresh).toHaveBeenCalledOnce();
  });

  it("puts a refusal's field messages under their fields (nested ones too) and its message above the form", async () => {
    const view = renderForm(VALID, async () => ({
      success: false,
      error: "Client not found",
      code: "bad_request",
      fieldErrors: { email: "A user with this email already exists.", "rates.0.hourlyRate": "Too high", clientId: "Client not found" },
    }));
    await settle(() => view.result.current.onSubmit());
    const { form } = view.result.current;
    expect(form.getFieldState("email").error?.message).toBe("A user with this email already exists.");
    expect(form.getFieldState("rates.0.hourlyRate").error?.message).toBe("Too high");
    // A message for a field the form does not have goes nowhere but the form's message.
    expect(form.getFieldState("clientId" as "email").error).toBeUndefined();
    expect(view.result.current.message).toEqual({ tone: "error", text: "Client not found" });
    expect(view.result.current.isBusy).toBe(false);
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it("lets the screen show a refusal its own way (a spent reset link, a wrong current password)", async () => {
    const refused = vi.fn(() => true);
    const view = renderForm(VALID, async () => ({ success: false, error: "Invalid or expired reset link." }), { refused });
    await settle(() => view.result.current.onSubmit());
    expect(refused).toHaveBeenCalledOnce();
    expect(view.result.current.message).toBeNull();
  });

  it("says the generic message, or the screen's own, when the form could not be sent, and keeps the values", async () => {
    const view = renderForm(VALID, () => Promise.reject(new TypeError("Failed to fetch")));
    await settle(() => view.result.current.onSubmit());
    expect(view.result.current.message).toEqual({ tone: "error", text: GENERIC_ERROR });
    expect(view.result.current.form.getValues()).toEqual(VALID);

    const own = renderForm(VALID, () => Promise.reject(new TypeError("Failed to fetch")), {
      unreachable: "Login failed. Please try again.",
    });
    await settle(() => own.result.current.onSubmit());
    expect(own.result.current.message).toEqual({ tone: "error", text: "Login failed. Please try again." });
  });

  it("sends its messages where `notify` says (a toast) instead of above the form, and clears the last one on the next submit", async () => {
    const notify = vi.fn<Notify>();
    const view = renderForm(VALID, async () => ({ success: false, error: "Too many requests" }), { notify });
    await settle(() => view.result.current.onSubmit());
    expect(notify).toHaveBeenCalledExactlyOnceWith("Too many requests", "error", "submit");
    expect(view.result.current.message).toBeNull();

    const shown = renderForm(VALID, async () => ({ success: false, error: "Too many requests" }));
    await settle(() => shown.result.current.onSubmit());
    expect(shown.result.current.message).not.toBeNull();
    const answer = deferred<ChangeResult<string>>();
    const again = renderForm(VALID, () => answer.promise);
    await settle(() => again.result.current.setMessage({ tone: "error", text: "Old" }));
    await settle(() => again.result.current.onSubmit());
    expect(again.result.current.message).toBeNull();
  });

  it("loads its schema with the first check, once, not when the form shows", async () => {
    const load = vi.fn(async () => schema);
    const send = vi.fn(async (): Promise<ChangeResult<string>> => ({ success: true, data: "id-1" }));
    const view = renderForm({ ...VALID, email: "not an address" }, send, {}, load);
    expect(load).not.toHaveBeenCalled();
    await settle(() => view.result.current.onSubmit());
    expect(view.result.current.form.getFieldState("email").error?.message).toBe("Invalid email address");
    await settle(() => view.result.current.form.setValue("email", "ada@example.com"));
    await settle(() => view.result.current.onSubmit());
    expect(send).toHaveBeenCalledOnce();
    expect(load).toHaveBeenCalledOnce();
  });

  it("sends unchecked when the schema could not load (the server still parses), and tries loading again next time", async () => {
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new Error("chunk failed")).mockResolvedValue(schema);
    const send = vi.fn(async (): Promise<ChangeResult<string>> => ({
      success: false,
      error: "",
      fieldErrors: { email: "Invalid email address" },
    }));
    const view = renderForm({ ...VALID, email: "not an address" }, send, {}, load);
    await settle(() => view.result.current.onSubmit());
    expect(send).toHaveBeenCalledExactlyOnceWith({ ...VALID, email: "not an address" });
    expect(view.result.current.form.getFieldState("email").error?.message).toBe("Invalid email address");

    await settle(() => view.result.current.onSubmit());
    expect(load).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenCalledOnce();
  });
});
