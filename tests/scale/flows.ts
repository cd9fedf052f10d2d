// What a person does through the load balancer: sign in (the admin with two-factor, as production
// requires), and the calls the tests repeat.
import { TOTP } from "otpauth";
import { DEMO_PASSWORDS } from "@/server/db/seed/demo-data";
import { Browser } from "./http";
import type { Cluster } from "./cluster";

let addressCounter = 0;
/** A loopback address no other simulated person in this run uses: 127.1.x.y. */
export function nextAddress(): string {
  addressCounter += 1;
  return `127.1.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function browserFor(cluster: Cluster, address = nextAddress()): Browser {
  return new Browser(cluster.appUrl, address);
}

export async function signIn(browser: Browser, email: string, password: string, upstream?: number) {
  return browser.request("/api/auth/sign-in/email", { method: "POST", json: { email, password, rememberMe: true }, upstream });
}

export async function signedInClient(cluster: Cluster, email = "client@example.com"): Promise<Browser> {
  const browser = browserFor(cluster);
  const response = await signIn(browser, email, DEMO_PASSWORDS.client);
  if (response.status !== 200) throw new Error(`client sign-in failed: ${response.status} ${response.text()}`);
  return browser;
}

/** The demo admin, enrolled in two-factor on first use (production refuses admins without it). */
export async function signedInAdmin(cluster: Cluster): Promise<Browser> {
  const browser = browserFor(cluster);
  const first = await signIn(browser, "admin@example.com", DEMO_PASSWORDS.admin);
  if (first.status !== 200) throw new Error(`admin sign-in failed: ${first.status} ${first.text()}`);
  const enable = await browser.request("/api/auth/two-factor/enable", { method: "POST", json: { password: DEMO_PASSWORDS.admin } });
  if (enable.status !== 200) throw new Error(`two-factor enable failed: ${enable.status} ${enable.text()}`);
  const uri = enable.json<{ totpURI: string }>().totpURI;
  const secret = new URL(uri).searchParams.get("secret")!;
  const code = new TOTP({ secret, digits: 6, period: 30 }).generate();
  const verify = await browser.request("/api/auth/two-factor/verify-totp", { method: "POST", json: { code } });
  if (verify.status !== 200) throw new Error(`two-factor verify failed: ${verify.status} ${verify.text()}`);
  return browser;
}

/** The session as better-auth answers it on one instance (null when signed out). */
export async function sessionOn(browser: Browser, upstream: number): Promise<{ user: { email: string } } | null> {
  const response = await browser.request("/api/auth/get-session", { upstream });
  if (response.status !== 200) throw new Error(`get-session: ${response.status}`);
  return response.json();
}
