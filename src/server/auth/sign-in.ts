import "server-only";
import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { adminLoginSchema, AUTH_MESSAGES, clientLoginSchema } from "@/lib/validation/auth";
import { fieldErrorsOf } from "@/lib/validation/common";
import { getDb } from "../db/client";
import { clients } from "../db/schema";
import type { ActionResult } from "../handler";
import { clientIp } from "../rate-limit";
import { getAuth } from "./auth";
import { allowAttempt, AUTH_LIMITS, ipLimitKey } from "./brute-force";

export type LoginArea = "client" | "admin";

const AREAS = {
  client: {
    schema: clientLoginSchema,
    invalidCredentials: AUTH_MESSAGES.invalidClientCredentials,
    wrongRole: AUTH_MESSAGES.clientWrongRole,
    role: "client",
    home: "/client-portal",
  },
  admin: {
    schema: adminLoginSchema,
    invalidCredentials: AUTH_MESSAGES.invalidAdminCredentials,
    wrongRole: AUTH_MESSAGES.adminWrongRole,
    role: "admin",
    home: "/admin/dashboard",
  },
} as const;

/**
 * Signs in to one area. The server decides the role: with the right password but the wrong role
 * the new session is ended at once and the area's refusal is returned. better-auth sets the
 * session cookie itself (through the nextCookies plugin when called from a server action).
 * `headers` are the incoming request's (client address for the limit, user agent for the session).
 */
export async function signInToArea(area: LoginArea, input: unknown, headers: Headers): Promise<ActionResult<{ redirectTo: string }>> {
  const result = await attemptSignIn(area, input, headers);
  // The admin login promises that access attempts are logged (docs/PRODUCT.md#sign-in-admin-login). Never the password.
  if (area === "admin") {
    const email = (input as { email?: unknown } | null)?.email;
    const who = typeof email === "string" ? JSON.stringify(email.slice(0, 254)) : "(no email)";
    console.info(`[auth] admin sign-in ${result.ok ? "succeeded" : `refused (${result.error})`} for ${who} from ${clientIp(headers)}`);
  }
  return result;
}

async function attemptSignIn(area: LoginArea, input: unknown, headers: Headers): Promise<ActionResult<{ redirectTo: string }>> {
  const config = AREAS[area];
  const parsed = config.schema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return { ok: false, error: Object.values(fieldErrors)[0] ?? AUTH_MESSAGES.loginFailed, fieldErrors };
  }
  const { email, password } = parsed.data;
  // Admins get a browser-session cookie; clients choose with Remember me.
  const rememberMe = area === "client" && (parsed.data as { rememberMe?: boolean }).rememberMe === true;

  try {
    if (!(await allowAttempt(getDb(), ipLimitKey("sign-in", clientIp(headers)), AUTH_LIMITS.signInPerIp))) {
      return { ok: false, error: AUTH_MESSAGES.signInRateLimited };
    }
    const signedIn = await getAuth().api.signInEmail({ body: { email, password, rememberMe }, headers, returnHeaders: true });
    const user = signedIn.response.user as { id: string; role?: string | null };
    const refusal = user.role === config.role ? await clientAccountRefusal(area, user.id) : config.wrongRole;
    if (refusal) {
      await endSession(signedIn.headers);
      return { ok: false, error: refusal };
    }
    return { ok: true, data: { redirectTo: config.home } };
  } catch (error) {
    return { ok: false, error: signInErrorMessage(area, error) };
  }
}

/** A client user must also have an active client account, or the portal would show nothing. */
async function clientAccountRefusal(area: LoginArea, userId: string): Promise<string | null> {
  if (area !== "client") return null;
  const [row] = await getDb().select({ status: clients.status }).from(clients).where(eq(clients.userId, userId)).limit(1);
  if (!row) return "Client account not found";
  return row.status === "active" ? null : "This client account is inactive.";
}

/** Signs out the session a sign-in just created, using the cookie better-auth set for it. */
async function endSession(signInHeaders: Headers): Promise<void> {
  const cookie = signInHeaders
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await getAuth().api.signOut({ headers: new Headers({ cookie }) });
}

function signInErrorMessage(area: LoginArea, error: unknown): string {
  if (isAPIError(error)) {
    if (error.statusCode === 429) return AUTH_MESSAGES.signInRateLimited;
    // 401: unknown user, no password yet, or a wrong password. 400: an address or password
    // better-auth refuses outright. All look the same to the caller.
    if (error.statusCode === 401 || error.statusCode === 400) return AREAS[area].invalidCredentials;
  }
  console.error("[auth] sign-in failed:", error);
  return AUTH_MESSAGES.loginFailed;
}
