// Invitations (docs/PRODUCT.md#portal-team): limited per owner, per company and per resent
// address, each refusal a 429 that says which; a removed person invited again gets a link that
// works; a withdrawn invitation's link says so plainly.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { adminInvitePersonAction } from "@/features/clients/actions/admin-client";
import { createClientAction } from "@/features/clients/actions/admin";
import { invitePersonAction, removePersonAction, resendInvitationAction, revokeInvitationAction } from "@/features/clients/actions/portal";
import { AUTH_MESSAGES } from "@/features/identity/validation/sign-in";
import { clientPeople } from "@/features/clients/server/schema";
import { rateLimit, user } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { resetLinkState } from "@/features/identity/server";
import { INVITATION_LIMITS } from "@/features/clients/server/invitation-limits";
import { adminCookie } from "@tests/integration/helpers/admin-session";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { authHeaders, nextTestIp, sessionCookie } from "@tests/integration/helpers/auth";
import { resetPasswordWithToken } from "@tests/integration/helpers/auth-actions";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { createFreshCompany } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
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

const mailsTo = async (email: string) =>
  (await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, email))).length;

/** A fresh company with two active owners, signed in as the first. */
async function twoOwnerCompany() {
  const company = await createFreshCompany(t.db);
  const second = await createFreshCompany(t.db);
  // The second company's owner joins the first company as its second owner.
  await t.db.update(clientPeople).set({ clientId: company.clientId }).where(eq(clientPeople.userId, second.ownerUserId));
  const emailOf = async (id: string) => (await t.db.select({ email: user.email }).from(user).where(eq(user.id, id)))[0]!.email;
  return { ...company, owner: await emailOf(company.ownerUserId), otherOwner: await emailOf(second.ownerUserId) };
}

const SENDER_LIMIT = "You have sent too many invitations. Please wait 60 minutes and try again.";
const COMPANY_LIMIT = "Too many invitations have been sent for this company. Please wait 60 minutes and try again.";
const RESEND_LIMIT = "An invitation was sent to this address a moment ago. Please wait 5 minutes before sending another.";

describe("limits on invitations", () => {
  it("refuses an owner's 21st invitation or resend within the hour with a 429, sending nothing", async () => {
    const company = await twoOwnerCompany();
    await as(company.owner);
    const tag = randomUUID().slice(0, 8);
    const first = await invitePersonAction({ name: "Invitee 0", email: `inv-${tag}-0@example.test`, role: "member" });
    const firstId = (first as { data: { userId: string } }).data.userId;
    // Resends count with the invitations: one resend, then 18 invitations make 20.
    expect((await resendInvitationAction({ userId: firstId })).success).toBe(true);
    for (let i = 1; i <= 18; i++)
      expect((await invitePersonAction({ name: `Invitee ${i}`, email: `inv-${tag}-${i}@example.test`, role: "member" })).success).toBe(
        true,
      );
    const over = `inv-${tag}-over@example.test`;
    expect(await invitePersonAction({ name: "One too many", email: over, role: "member" })).toEqual({
      success: false,
      error: SENDER_LIMIT,
      code: "rate_limited",
    });
    expect(await mailsTo(over)).toBe(0);
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.email, over))).toEqual([]);
    expect(await resendInvitationAction({ userId: firstId })).toMatchObject({ success: false, code: "rate_limited" });

    // The company's budget is spent too: its other owner is refused, with the company's words.
    await as(company.otherOwner);
    expect(await invitePersonAction({ name: "Colleague", email: `inv-${tag}-colleague@example.test`, role: "member" })).toEqual({
      success: false,
      error: COMPANY_LIMIT,
      code: "rate_limited",
    });

    // The firm is not held by the company's budget.
    requestHeaders.current = authHeaders(await adminCookie());
    expect(
      (
        await adminInvitePersonAction({
          clientId: company.clientId,
          name: "By Admin",
          email: `inv-${tag}-admin@example.test`,
          role: "member",
        })
      ).success,
    ).toBe(true);
  });

  it("allows one resend per address every 5 minutes", async () => {
    const company = await twoOwnerCompany();
    await as(company.owner);
    const email = `resend-${randomUUID().slice(0, 8)}@example.test`;
    const invited = await invitePersonAction({ name: "Resent", email, role: "member" });
    const userId = (invited as { data: { userId: string } }).data.userId;
    expect((await resendInvitationAction({ userId })).success).toBe(true);
    expect(await resendInvitationAction({ userId })).toEqual({ success: false, error: RESEND_LIMIT, code: "rate_limited" });
    // Another owner resending to the same address is refused the same way.
    await as(company.otherOwner);
    expect(await resendInvitationAction({ userId })).toEqual({ success: false, error: RESEND_LIMIT, code: "rate_limited" });
    expect(await mailsTo(email)).toBe(2);
    // Five minutes later the address may have another.
    await t.db
      .update(rateLimit)
      .set({ lastRequest: Date.now() - INVITATION_LIMITS.resendPerAddress.windowSeconds * 1000 - 1000 })
      .where(eq(rateLimit.key, `invite:resend:${userId}`));
    expect((await resendInvitationAction({ userId })).success).toBe(true);
    expect(await mailsTo(email)).toBe(3);
  });

  it("limits an admin's invitations, new clients included, to 100 an hour", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const [admin] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_USERS.admin.email));
    const key = `invite:sender:${admin!.id}`;
    // The admin's budget nearly spent (one left), as after a busy hour.
    await t.db.delete(rateLimit).where(eq(rateLimit.key, key));
    await t.db.insert(rateLimit).values({ id: randomUUID(), key, count: INVITATION_LIMITS.perAdmin.max - 1, lastRequest: Date.now() });
    const tag = randomUUID().slice(0, 8);
    const client = (n: number) => ({
      company: `Limit Co ${tag} ${n}`,
      contactPerson: "Pat",
      email: `limit-${tag}-${n}@example.test`,
      phone: "",
      address: "",
    });
    expect((await createClientAction(client(1))).success).toBe(true);
    expect(await createClientAction(client(2))).toEqual({ success: false, error: SENDER_LIMIT, code: "rate_limited" });
    expect(await mailsTo(client(2).email)).toBe(0);
    await t.db.delete(rateLimit).where(eq(rateLimit.key, key));
  });
});

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
    expect(await invitePersonAction({ name: "Back Again", email, role: "member" })).toEqual({
      success: true,
      data: { userId, mailConfigured: false },
    });
    const token = await mailedToken(email);
    expect(await resetLinkState(token)).toBe("valid");
    expect(await setPassword(token)).toEqual({ success: true, data: { redirectTo: "/client-portal", signInEmail: email } });
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
