// Admin and client actors from real sign-ins (better-auth), for data-function and action tests.
import { requireAdmin, requireClient } from "@/server/auth/session";
import { DEMO_PASSWORDS } from "@/server/db/seed/demo-data";
import { authHeaders, signIn } from "./auth";

export async function adminCookie(): Promise<string> {
  return (await signIn("admin@example.com", DEMO_PASSWORDS.admin)).cookie;
}

export async function clientCookie(email = "client@example.com"): Promise<string> {
  return (await signIn(email, DEMO_PASSWORDS.client)).cookie;
}

export async function adminActor() {
  return requireAdmin(authHeaders(await adminCookie()));
}

export async function clientActor(email = "client@example.com") {
  return requireClient(authHeaders(await clientCookie(email)));
}
