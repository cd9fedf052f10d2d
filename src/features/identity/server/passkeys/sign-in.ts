import "server-only";
import { PASSKEY_MESSAGES } from "@/lib/passkey-errors";
import { AppError } from "@/server/core/errors";
import { AREAS, clientAccountRefusal, type LoginArea } from "../sign-in/sign-in";
import { getAuth } from "../auth";
import { getSession } from "../sessions/session";

/**
 * The last step of a passkey sign-in: the browser completed the ceremony with better-auth's
 * endpoint, which made a session (marked as a passkey one by our hook). The area is checked here
 * as after a password: with the wrong role, or an inactive client account, the session is ended at
 * once and the area's refusal shown. A passkey sign-in counts as two-factor, so nobody is sent to
 * enrolment from here.
 */
export async function finishPasskeySignIn(area: LoginArea, headers: Headers): Promise<{ redirectTo: string }> {
  const config = AREAS[area];
  const session = await getSession(headers);
  // Only the session a passkey ceremony just made is finished here; any other is left alone.
  if (!session?.viaPasskey) throw new AppError("unauthorized", PASSKEY_MESSAGES.failed);
  const refusal = session.role === config.role ? await clientAccountRefusal(area, session.userId) : config.wrongRole;
  if (refusal) {
    await getAuth().api.signOut({ headers });
    throw new AppError("forbidden", refusal);
  }
  return { redirectTo: config.home };
}
