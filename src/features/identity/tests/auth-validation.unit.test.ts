import { describe, expect, it } from "vitest";
import {
  adminLoginSchema,
  clientLoginSchema,
  forgotPasswordSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
} from "@/features/identity/validation/sign-in";
import { fieldErrorsOf } from "@/lib/validation/field-errors";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]);

describe("auth form schemas (the product's messages)", () => {
  it("client login: valid email, password of at least 6", () => {
    expect(errorsOf(clientLoginSchema.safeParse({ email: "x", password: "12345", rememberMe: false }))).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
    const ok = clientLoginSchema.safeParse({ email: " Client@Example.com ", password: "123456", rememberMe: true });
    expect(ok.success && ok.data.email).toBe("Client@Example.com");
  });

  it("admin login: valid email and some password", () => {
    expect(errorsOf(adminLoginSchema.safeParse({ email: "admin@example.com", password: "" }))).toEqual({
      password: "Password is required",
    });
    expect(adminLoginSchema.safeParse({ email: "admin@example.com", password: "x" }).success).toBe(true);
  });

  it("forgot password: email required, then a valid address", () => {
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: "  " }))).toEqual({ email: "Email is required" });
    expect(errorsOf(forgotPasswordSchema.safeParse({ email: "nope" }))).toEqual({ email: "Invalid email address" });
    expect(errorsOf(forgotPasswordSchema.safeParse({}))).toEqual({ email: "Email is required" });
  });

  it("reset password: at least 8 characters and a matching confirmation", () => {
    expect(errorsOf(resetPasswordFormSchema.safeParse({ password: "1234567", confirmPassword: "1234567" }))).toEqual({
      password: "Password must be at least 8 characters",
    });
    expect(errorsOf(resetPasswordFormSchema.safeParse({ password: "12345678", confirmPassword: "12345679" }))).toEqual({
      confirmPassword: "Passwords do not match",
    });
    expect(resetPasswordFormSchema.safeParse({ password: "12345678", confirmPassword: "12345678" }).success).toBe(true);
  });

  it("reset password: refuses passwords better-auth would refuse, and odd tokens", () => {
    const long = "x".repeat(129);
    expect(errorsOf(resetPasswordFormSchema.safeParse({ password: long, confirmPassword: long })).password).toMatch(/at most 128/);
    for (const token of ["", "with space", "a/b", "x".repeat(257)]) {
      expect(resetPasswordSchema.safeParse({ token, password: "12345678", confirmPassword: "12345678" }).success, token).toBe(false);
    }
    expect(resetPasswordSchema.safeParse({ token: "AbC123xyz_-", password: "12345678", confirmPassword: "12345678" }).success).toBe(true);
  });
});
