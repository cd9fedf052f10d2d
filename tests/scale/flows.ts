// What a person does through the load balancer: sign in (the admin with a second factor, as
// production requires), and the calls the tests repeat.
import { readFileSync } from "node:fs";
import path from "node:path";
import { DEMO_PASSWORDS } from "@/features/demo/server/demo-data";
import { assert, createCredential } from "../integration/helpers/soft-authenticator";
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

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A server action's id in the build the cluster runs, as Next's manifest names it. */
function actionId(filename: string, exportedName: string): string {
  type Entry = { filename?: string; exportedName?: string };
  const manifest = JSON.parse(readFileSync(path.join(ROOT, ".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, Entry>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.filename === filename && entry.exportedName === exportedName);
  if (!found) throw new Error(`no server action ${filename}#${exportedName} in the build`);
  return found[0];
}

/** A server action called over HTTP as its page's form calls it (Next's action request). */
export function callAction(
  browser: Browser,
  page: string,
  action: [file: string, exportedName: string],
  args: unknown[],
  upstream?: number,
) {
  return browser.request(page, {
    method: "POST",
    upstream,
    headers: { "next-action": actionId(...action), accept: "text/x-component", "content-type": "text/plain;charset=UTF-8" },
    body: JSON.stringify(args),
  });
}

/**
 * The Account page's step-up (src/features/identity/actions/account.ts): adding a passkey needs a fresh proof,
 * here the password of an admin without a factor.
 */
async function confirmStepUp(browser: Browser, page: string, password: string): Promise<void> {
  const response = await callAction(browser, page, ["src/features/identity/actions/step-up.ts", "confirmStepUpAction"], [{ password }]);
  if (response.status !== 200 || !response.text().includes('"confirmed":true')) {
    throw new Error(`step-up failed: ${response.status} ${response.text().slice(0, 300)}`);
  }
}

/**
 * The demo admin with a second factor (production refuses admins without one): the password
 * session confirms the password again (the step-up before adding an authenticator), adds a passkey, which then signs a new browser in, through the passkey endpoints the
 * login pages use (the two-factor code step is a server action, not an HTTP endpoint).
 */
export async function signedInAdmin(cluster: Cluster): Promise<Browser> {
  const enrolling = browserFor(cluster);
  const first = await signIn(enrolling, "admin@example.com", DEMO_PASSWORDS.admin);
  if (first.status !== 200) throw new Error(`admin sign-in failed: ${first.status} ${first.text()}`);
  await confirmStepUp(enrolling, "/admin/account", DEMO_PASSWORDS.admin);
  const options = await enrolling.request("/api/auth/passkey/generate-register-options?name=Scale");
  if (options.status !== 200) throw new Error(`passkey options failed: ${options.status} ${options.text()}`);
  const { credential, response } = createCredential(options.json(), cluster.appUrl);
  const registered = await enrolling.request("/api/auth/passkey/verify-registration", {
    method: "POST",
    json: { response, name: "Scale" },
  });
  if (registered.status !== 200) throw new Error(`passkey registration failed: ${registered.status} ${registered.text()}`);

  const browser = browserFor(cluster);
  const challenge = await browser.request("/api/auth/passkey/generate-authenticate-options");
  if (challenge.status !== 200) throw new Error(`passkey sign-in options failed: ${challenge.status} ${challenge.text()}`);
  const signedIn = await browser.request("/api/auth/passkey/verify-authentication", {
    method: "POST",
    json: { response: assert(credential, challenge.json(), cluster.appUrl) },
  });
  if (signedIn.status !== 200) throw new Error(`passkey sign-in failed: ${signedIn.status} ${signedIn.text()}`);
  return browser;
}

/** The session as better-auth answers it on one instance (null when signed out). */
export async function sessionOn(browser: Browser, upstream: number): Promise<{ user: { email: string } } | null> {
  const response = await browser.request("/api/auth/get-session", { upstream });
  if (response.status !== 200) throw new Error(`get-session: ${response.status}`);
  return response.json();
}
