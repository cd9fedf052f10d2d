import "server-only";
import { isAPIError } from "better-auth/api";
import { SSO_REQUIRED_MESSAGE } from "@/lib/domain/sso";
import type { z } from "zod";
import type { signInCodeSchema } from "@/features/identity/validation/account";
import { type AdminLoginInput, AUTH_MESSAGES, type ClientLoginInput } from "@/features/identity/validation/sign-in";
import { getDb } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { clientIp } from "@/server/core/rate-limit";
import { recordAudit } from "@/features/audit/server";
import { twoFactorError } from "../second-factor/two-factor";
import { getAuth } from "../auth";
import { logAdminSignIn } from "./log";
import { clientMembershipOf, membershipRefusal } from "../client-membership";
import { allowAttempt, AUTH_LIMITS, ipLimitKey } from "./brute-force";
import { ADMIN_ENROLMENT_PATH, isDemoAdminExempt } from "../sessions/session";
import { findUserByEmail } from "../users";

export type LoginArea = "client" | "admin";

type SignInInput = AdminLoginInput & Partial<Pick<ClientLoginInput, "rememberMe">>;

/** Where the browser goes next; `needsCode` when the account's second step comes first. */
export type SignInOutcome = { redirectTo: string; needsCode?: true };

export const AREAS = {
  client: {
    invalidCredentials: AUTH_MESSAGES.invalidClientCredentials,
    wrongRole: AUTH_MESSAGES.clientWrongRole,
    role: "client",
    home: "/client-portal",
  },
  admin: {
    invalidCredentials: AUTH_MESSAGES.invalidAdminCredentials,
    wrongRole: AUTH_MESSAGES.adminWrongRole,
    role: "admin",
    home: "/admin/dashboard",
  },
} as const;

/**
 * Signs in to one area with input already validated by its schema (publicAction). The server
 * decides the role: with the right password but the wrong role the new session is ended at once
 * and the area's refusal is thrown. better-auth sets the session cookie itself (through the
 * nextCookies plugin when called from a server action). `headers` are the incoming request's
 * (client address for the limit, user agent for the session).
 */
export async function signInToArea(area: LoginArea, input: SignInInput, headers: Headers): Promise<SignInOutcome> {
  if (area !== "admin") return attemptSignIn(area, input, headers);
  // The admin login promises that access attempts are logged (docs/PRODUCT.md#sign-in-admin-login). Never the password.
  try {
    const result = await attemptSignIn(area, input, headers);
    logAdminSignIn(input.email, headers, null);
    return result;
  } catch (error) {
    logAdminSignIn(input.email, headers, error instanceof Error ? error.message : "error");
    throw error;
  }
}

async function attemptSignIn(area: LoginArea, input: SignInInput, headers: Headers): Promise<SignInOutcome> {
  const config = AREAS[area];
  const { email, password } = input;
  // Clients choose with Remember me. The limits, and an admin account's browser-session cookie
  // whatever is asked, are better-auth hooks (policy.ts), shared with the HTTP endpoint.
  const rememberMe = area === "client" && input.rememberMe === true;
  try {
    const signedIn = await getAuth().api.signInEmail({ body: { email, password, rememberMe }, headers, returnHeaders: true });
    const answer = signedIn.response as {
      twoFactorRedirect?: boolean;
      user?: { id: string; role?: string | null; email: string; twoFactorEnabled?: boolean | null };
    };
    if (answer.twoFactorRedirect) {
      // The password was right and two-factor is on: no session yet, only the plugin's pending
      // sign-in cookie. The role is refused now, before anyone is asked for a code.
      const pending = await findUserByEmail(getDb(), email);
      const refusal = !pending
        ? config.invalidCredentials
        : pending.role === config.role
          ? await clientAccountRefusal(area, pending.id)
          : config.wrongRole;
      if (refusal) throw new AppError("forbidden", refusal);
      return { redirectTo: config.home, needsCode: true };
    }
    const user = answer.user!;
    const refusal = user.role === config.role ? await clientAccountRefusal(area, user.id) : config.wrongRole;
    if (refusal) {
      await endSession(signedIn.headers);
      throw new AppError("forbidden", refusal);
    }
    // An admin without two-factor goes straight to enrolment (docs/PRODUCT.md#sign-in-two-factor).
    if (area === "admin" && !user.twoFactorEnabled && !isDemoAdminExempt(user.email)) return { redirectTo: ADMIN_ENROLMENT_PATH };
    return { redirectTo: config.home };
  } catch (error) {
    throw signInError(area, error);
  }
}

/** A client user must also have an active client account, or the portal would show nothing. */
export async function clientAccountRefusal(area: LoginArea, userId: string): Promise<string | null> {
  if (area !== "client") return null;
  return membershipRefusal(await clientMembershipOf(getDb(), userId));
}

/** Signs out the session a sign-in just created, using the cookie better-auth set for it. */
async function endSession(signInHeaders: Headers): Promise<void> {
  const cookie = signInHeaders
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await getAuth().api.signOut({ headers: new Headers({ cookie }) });
}

function signInError(area: LoginArea, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isAPIError(error)) {
    if (error.statusCode === 429) return new AppError("rate_limited", AUTH_MESSAGES.signInRateLimited);
    // The company requires its identity provider for this address (docs/PRODUCT.md#single-sign-on).
    if (error.body?.code === "SSO_REQUIRED") return new AppError("forbidden", SSO_REQUIRED_MESSAGE);
    // 401: unknown user, no password yet, or a wrong password. 400: an address or password
    // better-auth refuses outright. All look the same to the caller.
    if (error.statusCode === 401 || error.statusCode === 400) return new AppError("unauthorized", AREAS[area].invalidCredentials);
  }
  console.error("[auth] sign-in failed:", error);
  return new AppError("internal", AUTH_MESSAGES.loginFailed);
}

/**
 * The second step of a sign-in: a code from the app or a backup code, against the pending sign-in
 * the password step left in its cookie. Limited like passwords (per address here; per pending
 * sign-in, 5 wrong codes, and per account by the plugin). The role is checked again on the session
 * it makes.
 */
export async function verifySignInCode(input: z.output<typeof signInCodeSchema>, headers: Headers): Promise<{ redirectTo: string }> {
  const config = AREAS[input.area];
  try {
    if (!(await allowAttempt(getDb(), ipLimitKey("sign-in", clientIp(headers)), AUTH_LIMITS.signInPerIp))) {
      throw new AppError("rate_limited", AUTH_MESSAGES.signInRateLimited);
    }
    const body = { code: input.code, trustDevice: input.trustDevice };
    const verified =
      input.method === "totp"
        ? await getAuth().api.verifyTOTP({ body, headers, returnHeaders: true })
        : await getAuth().api.verifyBackupCode({ body, headers, returnHeaders: true });
    const user = verified.response.user as { id: string; role?: string | null };
    const refusal = user.role === config.role ? await clientAccountRefusal(input.area, user.id) : config.wrongRole;
    if (refusal) {
      await endSession(verified.headers);
      throw new AppError("forbidden", refusal);
    }
    if (input.method === "backup") {
      await recordAudit(getDb(), { actor: { userId: user.id }, action: "account.backup_code_used", entityType: "user", entityId: user.id });
    }
    if (input.area === "admin")
      console.info(`[auth] admin second step passed (${input.method}) for user ${user.id} from ${clientIp(headers)}`);
    return { redirectTo: config.home };
  } catch (error) {
    const mapped = twoFactorError(error);
    if (input.area === "admin") console.info(`[auth] admin second step refused (${mapped?.message ?? "error"}) from ${clientIp(headers)}`);
    if (mapped) throw mapped;
    throw signInError(input.area, error);
  }
}
