// Invitations (docs/PRODUCT.md#portal-team): a removed person invited again gets a link that works;
// a withdrawn invitation's link says so plainly.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { invitePersonAction, removePersonAction, revokeInvitationAction } from "@/app/client-portal/actions";
import { AUTH_MESSAGES } from "@/lib/validation/auth";
import { clientPeople, emailOutbox, user } from "@/server/core/db/schema";
import { resetLinkState } from "@/server/modules/account";
import { DEMO_USERS } from "@/server/core/db/seed/demo-data";
import { authHeaders, nextTestIp, sessionCookie } from "./helpers/auth";
import { resetPasswordWithToken } from "./helpers/auth-actions";
import { setupTestDatabase } from "./helpers/db";
import { requestHeaders } from "./helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) => (await import("./helpers/next-headers-mock")).nextServerMock(importOriginal));
const t = setupTestDatabase({ seedDemo: true });

const as = async (email: string) => (requestHeaders.current = authHeaders(await sessionCookie(email)));

/** The token of the newest invitation mailed to `email`. */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await t.db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "client_invitation")))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = /token=([A-Za-z0-9]+)/.exec(mail!.text)?.[1];
  expect(token).toBeDefined();
  return token!;
}

const setPassword = (token: string) =>
  resetPasswordWithToken(
    { token, password: "a fresh password 123", confirmPassword: "a fresh password 123" },
    new Headers({ "x-forwarded-for": nextTestIp() }),
  );

describe("invitations after removal", () => {
  it("mails a removed person invited again a link that works", async () => {
    await as(DEMO_USERS.acme.email);
    const email = `back-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await invitePersonAction({ name: "First Time", email, role: "member" });
    const userId = (invited as { data: { userId: string } }).data.userId;
    expect(await setPassword(await mailedToken(email))).toMatchObject({ success: true });
    await as(DEMO_USERS.acme.email);
    expect((await removePersonAction({ userId })).success).toBe(true);
    expect(await invitePersonAction({ name: "Back Again", email, role: "member" })).toEqual({ success: true, data: { userId } });
    const token = await mailedToken(email);
    expect(await resetLinkState(token)).toBe("valid");
    expect(await setPassword(token)).toEqual({ success: true, data: { redirectTo: "/client-portal" } });
    const [person] = await t.db.select({ status: clientPeople.status }).from(clientPeople).where(eq(clientPeople.userId, userId));
    expect(person).toEqual({ status: "active" });
  });

  it("answers a revoked invitation's link with the withdrawal, and the next invitation's link works", async () => {
    await as(DEMO_USERS.acme.email);
    const email = `withdrawn-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await invitePersonAction({ name: "Not Yet", email, role: "member" });
    const userId = (invited as { data: { userId: string } }).data.userId;
    const old = await mailedToken(email);
    expect((await revokeInvitationAction({ userId })).success).toBe(true);
    expect(await resetLinkState(old)).toBe("withdrawn");
    expect(await setPassword(old)).toEqual({ success: false, error: AUTH_MESSAGES.invitationWithdrawn, code: "bad_request" });

    await as(DEMO_USERS.acme.email);
    expect((await invitePersonAction({ name: "Now Then", email, role: "member" })).success).toBe(true);
    const fresh = await mailedToken(email);
    expect(await setPassword(fresh)).toMatchObject({ success: true });
    // The withdrawn link stays withdrawn after the new one is used.
    expect(await setPassword(old)).toEqual({ success: false, error: AUTH_MESSAGES.invitationWithdrawn, code: "bad_request" });
  });

  it("withdraws the link of a removed person invited again and then revoked, whose user stays", async () => {
    await as(DEMO_USERS.acme.email);
    const email = `twice-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await invitePersonAction({ name: "Twice", email, role: "member" });
    const userId = (invited as { data: { userId: string } }).data.userId;
    expect(await setPassword(await mailedToken(email))).toMatchObject({ success: true });
    // They signed in once, so their user (and what they wrote) is kept when removed.
    await t.db.update(user).set({ lastSignInAt: new Date() }).where(eq(user.id, userId));
    await as(DEMO_USERS.acme.email);
    await removePersonAction({ userId });
    await invitePersonAction({ name: "Twice Again", email, role: "member" });
    const link = await mailedToken(email);
    expect((await revokeInvitationAction({ userId })).success).toBe(true);
    expect(await setPassword(link)).toEqual({ success: false, error: AUTH_MESSAGES.invitationWithdrawn, code: "bad_request" });
    const [person] = await t.db.select({ status: clientPeople.status }).from(clientPeople).where(eq(clientPeople.userId, userId));
    expect(person).toEqual({ status: "deactivated" });
  });
});
