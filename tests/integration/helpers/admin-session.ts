// Admin and client actors of the demo data set, from sessions made without signing in
// (sessionCookie in ./auth.ts): for data-function, route and action tests that are not about
// signing in. The guards read them exactly as they read a signed-in browser's cookie.
import type { SecondFactorMethod } from "@/features/identity/server/schema";
import { requireAdmin, requireClient } from "@/features/identity/server/sessions/session";
import { authHeaders, sessionCookie } from "./auth";

type SessionOptions = { secondFactor?: SecondFactorMethod };

/** The demo admin (exempt from two-factor while the demo data set is in use, as in a demo start). */
export async function adminCookie(options: SessionOptions = {}): Promise<string> {
  return sessionCookie("admin@example.com", options);
}

export async function clientCookie(email = "client@example.com", options: SessionOptions = {}): Promise<string> {
  return sessionCookie(email, options);
}

export async function adminActor() {
  return requireAdmin(authHeaders(await adminCookie()));
}

export async function clientActor(email = "client@example.com") {
  return requireClient(authHeaders(await clientCookie(email)));
}
