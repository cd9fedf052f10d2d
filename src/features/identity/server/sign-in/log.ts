import "server-only";
import { clientIp } from "@/server/core/rate-limit";

/**
 * The admin sign-in log the admin login promises (docs/PRODUCT.md#sign-in-admin-login): one line
 * per attempt, with the typed address and the client address, never the password. `refusal` is
 * the message the attempt was refused with, null when it passed; `via` names the HTTP endpoint when
 * the attempt did not come through the admin login form.
 */
export function logAdminSignIn(email: string, headers: Headers, refusal: string | null, via?: "HTTP"): void {
  const who = JSON.stringify(email.slice(0, 254));
  const where = `from ${clientIp(headers)}${via ? " (POST /api/auth/sign-in/email)" : ""}`;
  console.info(
    refusal === null
      ? `[auth] admin sign-in succeeded for ${who} ${where}`
      : `[auth] admin sign-in refused (${refusal}) for ${who} ${where}`,
  );
}
