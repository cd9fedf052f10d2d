// Signs in through the real better-auth handler and returns the cookie header for later calls.
import { getAuth } from "@/server/auth/auth";

export const APP_ORIGIN = "http://localhost:3000";
let ipCounter = 0;

/** A distinct client address per call, so rate limits of one test do not leak into another. */
export function nextTestIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function signIn(email: string, password: string, opts: { rememberMe?: boolean; ip?: string; cookie?: string } = {}) {
  const response = await getAuth().handler(
    new Request(`${APP_ORIGIN}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: APP_ORIGIN,
        "x-forwarded-for": opts.ip ?? nextTestIp(),
        ...(opts.cookie ? { cookie: opts.cookie } : {}),
      },
      body: JSON.stringify({ email, password, rememberMe: opts.rememberMe ?? true }),
    }),
  );
  const setCookies = response.headers.getSetCookie();
  const cookie = setCookies.map((c) => c.split(";")[0]).join("; ");
  return { response, cookie, setCookies };
}

/** Request headers carrying a session cookie (and the Origin better-auth requires on POSTs). */
export function authHeaders(cookie: string, extra: Record<string, string> = {}): Headers {
  return new Headers({ cookie, origin: APP_ORIGIN, "x-forwarded-for": nextTestIp(), ...extra });
}
