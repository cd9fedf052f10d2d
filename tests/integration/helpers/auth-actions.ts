// The public auth actions called the way a browser would reach them (publicAction: schema, then
// the flow), with the caller's headers and, for the forgot-password action, who runs the work it
// defers. Test files using these declare the next/headers and next/server mocks
// (see next-headers-mock.ts).
import {
  requestPasswordResetAction,
  resetPasswordAction,
  signInAdminAction,
  signInClientAction,
} from "@/features/identity/actions/sign-in";
import { afterHook, requestHeaders } from "./next-headers-mock";

export async function signInToArea(area: "client" | "admin", input: unknown, headers: Headers) {
  requestHeaders.current = headers;
  return (area === "admin" ? signInAdminAction : signInClientAction)(input as never);
}

export async function requestPasswordReset(input: unknown, headers: Headers, defer: (task: () => Promise<void>) => void) {
  requestHeaders.current = headers;
  afterHook.current = defer;
  try {
    return await requestPasswordResetAction(input as never);
  } finally {
    afterHook.current = null;
  }
}

export async function resetPasswordWithToken(input: unknown, headers: Headers) {
  requestHeaders.current = headers;
  return resetPasswordAction(input as never);
}
