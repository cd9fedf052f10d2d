// A passkey as the fresh second factor of a report download (docs/PRODUCT.md#portal-reports):
// the browser gets its challenge from better-auth's passkey endpoint, the download route verifies
// the answer against a passkey of the signed-in person only, and a verified answer stamps that
// session's factor afresh. Real keys (the soft authenticator), real challenge, real database.
import { symmetricEncrypt } from "better-auth/crypto";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as downloadRoute } from "@/app/api/client/reports/[id]/download/route";
import { confirmStepUpAction } from "@/features/identity/actions/step-up";
import { clientPeople } from "@/features/clients/server/schema";
import { passkey, session, twoFactor, user, verification } from "@/features/identity/server/schema";
import { isServedAuthEndpoint } from "@/features/identity/server";
import { createCredentialUser, getAuth } from "@/features/identity/server";
import {
  FRESH_PASSKEY_PROMPT,
  FRESH_PASSKEY_WRONG,
  FRESH_PASSWORD_PROMPT,
} from "@/features/identity/server/second-factor/fresh-second-factor";
import { APP_ORIGIN, sessionCookie } from "@tests/integration/helpers/auth";
import { Browser } from "@tests/integration/helpers/browser";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { assert, createCredential, type SoftCredential } from "@tests/integration/helpers/soft-authenticator";
import { seedTenantReports, TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const acme = TENANTS.acme;
let seq = 0;

/** A browser calling better-auth's HTTP endpoints, keeping the cookies they set (the challenge cookie). */
async function fetchAuth(browser: Browser, path: string, body?: unknown) {
  const response = await getAuth().handler(
    new Request(`${APP_ORIGIN}/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        cookie: browser.cookieHeader(),
        origin: APP_ORIGIN,
        "x-forwarded-for": browser.ip,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );
  for (const line of response.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";");
    const [name, ...rest] = pair!.split("=");
    if (rest.join("=") === "" || attributes.some((a) => /max-age=0$/i.test(a.trim()))) browser.jar.delete(name!);
    else browser.jar.set(name!, rest.join("="));
  }
  expect(response.status, path).toBe(200);
  return response.json() as Promise<{ challenge: string; rp: { id?: string } }>;
}

/** A member of Acme signed in by password, holding a passkey (and, with `totp`, an authenticator app too). */
async function personWithPasskey({ totp = false } = {}) {
  seq += 1;
  const email = `fresh-passkey-${seq}@example.test`;
  const { id } = await createCredentialUser(t.db, { email, name: `Fresh Passkey ${seq}`, role: "client", password: "fresh-passkey-1" });
  await t.db.insert(clientPeople).values({ userId: id, clientId: acme.clientId, role: "member", status: "active" });
  if (totp) {
    const ctx = await getAuth().$context;
    await t.db.insert(twoFactor).values({
      id: `fresh-passkey-2fa-${seq}`,
      userId: id,
      secret: await symmetricEncrypt({ key: ctx.secretConfig, data: "fresh-passkey-secret-0123456789" }),
      backupCodes: await symmetricEncrypt({ key: ctx.secretConfig, data: "[]" }),
    });
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, id));
  }
  const browser = new Browser();
  for (const pair of (await sessionCookie(email, totp ? { secondFactor: "totp" } : {})).split("; ")) {
    const [name, ...rest] = pair.split("=");
    browser.jar.set(name!, rest.join("="));
  }
  // Adding it takes a step-up (the password, without a second factor); then the passkey is made
  // older than the step-up window and the password proof stale, as some minutes later.
  if (!totp) await browser.call(() => confirmStepUpAction({ password: "fresh-passkey-1" }));
  const options = await fetchAuth(browser, "/passkey/generate-register-options?name=Laptop");
  const { credential, response } = createCredential(options, APP_ORIGIN);
  await fetchAuth(browser, "/passkey/verify-registration", { response, name: "Laptop" });
  await t.db
    .update(passkey)
    .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
    .where(eq(passkey.userId, id));
  await t.db.delete(verification).where(like(verification.identifier, "fresh-password:%"));
  return { id, browser, credential };
}

async function download(browser: Browser, json: unknown = {}) {
  const request = new Request(`${APP_ORIGIN}/api/client/reports/${acme.reportId}/download`, {
    method: "POST",
    headers: { cookie: browser.cookieHeader(), origin: APP_ORIGIN, "x-forwarded-for": browser.ip, "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  const response = await downloadRoute(request, { params: Promise.resolve({ id: acme.reportId }) });
  return { status: response.status, body: (await response.json()) as { fieldErrors?: Record<string, string>; downloadUrl?: string } };
}

/** The browser's answer with `credential` to a challenge it just asked for. */
async function answer(browser: Browser, credential: SoftCredential, verification: { userVerified?: boolean } = {}) {
  const options = (await fetchAuth(browser, "/passkey/generate-authenticate-options")) as unknown as { challenge: string; rpId?: string };
  return assert(credential, options, APP_ORIGIN, verification);
}

const factorOf = async (userId: string) => {
  const rows = await t.db
    .select({ method: session.secondFactorMethod, at: session.secondFactorAt })
    .from(session)
    .where(eq(session.userId, userId));
  return rows[0]!;
};
const ageFactor = (userId: string, minutes: number) =>
  t.db
    .update(session)
    .set({ secondFactorAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(session.userId, userId));

beforeAll(async () => seedTenantReports(t.db));

describe("a passkey as the fresh second factor", () => {
  it("asks a passkey-only person for the passkey, and a verified answer of theirs records the fresh factor", async () => {
    const person = await personWithPasskey();
    const asked = await download(person.browser);
    expect(asked.status).toBe(403);
    expect(asked.body.fieldErrors).toEqual({ passkey: FRESH_PASSKEY_PROMPT });
    expect((await factorOf(person.id)).method).toBeNull();

    const ok = await download(person.browser, { passkey: await answer(person.browser, person.credential) });
    expect(ok.status).toBe(200);
    expect(ok.body.downloadUrl).toMatch(/\/api\/reports\/files\//);
    const factor = await factorOf(person.id);
    expect(factor.method).toBe("passkey");
    expect(Date.now() - factor.at!.getTime()).toBeLessThan(60_000);
    // Within five minutes no proof is asked again.
    expect((await download(person.browser)).status).toBe(200);
  });

  it("refuses another person's passkey, a challenge another browser was given, and an answer without user verification", async () => {
    const person = await personWithPasskey();
    const other = await personWithPasskey();
    const wrongKey = await download(person.browser, { passkey: await answer(person.browser, other.credential) });
    expect(wrongKey).toMatchObject({ status: 400, body: { fieldErrors: { passkey: FRESH_PASSKEY_WRONG } } });

    // The other person's own challenge and key, carried into this person's session: not this session's ceremony.
    const theirs = await answer(other.browser, other.credential);
    const borrowed = new Browser();
    borrowed.jar = new Map([...person.browser.jar, ...[...other.browser.jar].filter(([name]) => name.includes("passkey"))]);
    expect((await download(borrowed, { passkey: theirs })).status).toBe(400);

    const unverified = await download(person.browser, {
      passkey: await answer(person.browser, person.credential, { userVerified: false }),
    });
    expect(unverified.status).toBe(400);
    expect((await factorOf(person.id)).method).toBeNull();
    expect((await factorOf(other.id)).method).toBeNull();
  });

  it("refuses a missing or malformed answer and a replayed one", async () => {
    const person = await personWithPasskey();
    expect((await download(person.browser, { passkey: { id: "x" } })).status).toBe(400);
    const once = await answer(person.browser, person.credential);
    expect((await download(person.browser, { passkey: once })).status).toBe(200);
    await ageFactor(person.id, 6);
    // The challenge was consumed by its first use: the same answer proves nothing again.
    const replay = await download(person.browser, { passkey: once });
    expect(replay.status).toBe(400);
    expect((await download(person.browser)).status).toBe(403);
  });

  it("offers a person with both an authenticator app and a passkey either, and accepts the passkey", async () => {
    const person = await personWithPasskey({ totp: true });
    await ageFactor(person.id, 6);
    const asked = await download(person.browser);
    expect(asked.status).toBe(403);
    expect(Object.keys(asked.body.fieldErrors ?? {}).sort()).toEqual(["code", "passkey"]);
    expect((await download(person.browser, { passkey: await answer(person.browser, person.credential) })).status).toBe(200);
    expect((await factorOf(person.id)).method).toBe("passkey");
  });

  it("the check is not an HTTP endpoint of its own: only the download route reaches it", () => {
    expect(isServedAuthEndpoint("POST", "/api/auth/passkey/confirm-fresh-factor")).toBe(false);
  });

  it("a passkey on hold since a two-factor reset is no second factor to ask for: the password is asked instead", async () => {
    const person = await personWithPasskey();
    await t.db.update(passkey).set({ needsConfirmation: true }).where(eq(passkey.userId, person.id));
    expect(await download(person.browser)).toEqual({
      status: 403,
      body: expect.objectContaining({ fieldErrors: { password: FRESH_PASSWORD_PROMPT } }),
    });
  });
});
