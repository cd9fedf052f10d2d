"use server";

// Server actions behind the sign-in and password forms: thin wrappers that hand the request's
// headers to the server-side flows in src/server/auth (where the limits and role checks live).
import { headers } from "next/headers";
import { after } from "next/server";
import type { ActionResult } from "@/server/handler";
import { requestPasswordReset, resetPasswordWithToken } from "@/server/auth/password-reset";
import { signInToArea } from "@/server/auth/sign-in";

const requestHeaders = async () => new Headers(await headers());

export async function signInClientAction(input: unknown): Promise<ActionResult<{ redirectTo: string }>> {
  return signInToArea("client", input, await requestHeaders());
}

export async function signInAdminAction(input: unknown): Promise<ActionResult<{ redirectTo: string }>> {
  return signInToArea("admin", input, await requestHeaders());
}

export async function requestPasswordResetAction(input: unknown): Promise<ActionResult<null>> {
  return requestPasswordReset(input, await requestHeaders(), (task) => after(task));
}

export async function resetPasswordAction(input: unknown): Promise<ActionResult<{ redirectTo: string }>> {
  return resetPasswordWithToken(input, await requestHeaders());
}
