// The people of a client company, continued (docs/PRODUCT.md#portal-team,
// docs/PRODUCT.md#admin-client-page): a booking request names the person who asked; a removed
// person's address can be invited again by the same company (the same person, fresh credentials),
// never by another; an admin's invitation answers with the link to copy; an admin resets one
// person's two-factor.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { adminInvitePersonAction, adminResetPersonTwoFactorAction } from "@/features/clients/actions/admin-client";
import { invitePersonAction, removePersonAction, revokeInvitationAction } from "@/features/clients/actions/portal";
import { requestServiceBooking } from "@/features/bookings/actions/portal";
import { auditLog } from "@/features/audit/server/schema";
import { serviceBookings } from "@/features/bookings/server/schema";
import { clientPeople } from "@/features/clients/server/schema";
import { account, user } from "@/features/identity/server/schema";
import { messageThreads } from "@/features/messages/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { listAdminBookings } from "@/features/bookings/server";
import { EMAIL_IN_USE_MESSAGE } from "@/features/clients/server";
import { adminActor, adminCookie } from "@tests/integration/helpers/admin-session";
import { authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { createFreshObjects, TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
const t = setupTestDatabase({ seedDemo: true });

const as = async (email: string) => (requestHeaders.current = authHeaders(await sessionCookie(email)));
const personOf = async (userId: string) =>
  (
    await t.db.select({ status: clientPeople.status, role: clientPeople.role }).from(clientPeople).where(eq(clientPeople.userId, userId))
  )[0];

describe("a booking request names the person who asked", () => {
  it("stores the requester, shows it to admins, and names them in both mails and the audit entry", async () => {
    await as(DEMO_USERS.acmeMember.email);
    const result = await requestServiceBooking({
      serviceType: "AI Security Assessment",
      preferredStartDate: "2099-01-05",
      estimatedScope: "",
      urgency: "low",
      projectDescription: "Asked by the member",
    });
    expect(result.success).toBe(true);
    const id = (result as { data: { id: string } }).data.id;
    const [row] = await t.db.select({ requestedBy: serviceBookings.requestedBy }).from(serviceBookings).where(eq(serviceBookings.id, id));
    expect(row!.requestedBy).toBe(DEMO_USERS.acmeMember.id);

    const page = await listAdminBookings(t.db, { actor: await adminActor(), status: "pending", sort: "newest" });
    expect(page.rows.find((b) => b.id === id)).toMatchObject({ company: "Acme Robotics", requestedBy: DEMO_USERS.acmeMember.name });

    const mails = await t.db
      .select({ subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_admin_booking"))
      .orderBy(desc(emailOutbox.createdAt));
    expect(mails[0]!.text).toContain(`${DEMO_USERS.acmeMember.name} of Acme Robotics requested a service booking.`);
    expect(mails[0]!.text).toContain(`Requested by: ${DEMO_USERS.acmeMember.name}`);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "booking.request"), eq(auditLog.entityId, id)));
    expect(audit).toMatchObject({ actorUserId: DEMO_USERS.acmeMember.id });
  });
});

describe("inviting a removed person again", () => {
  it("makes the same person invited again with fresh credentials; another company cannot invite the address", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const email = `member-${fresh.memberPersonId.slice(-8)}@example.test`;
    await t.db
      .insert(messageThreads)
      .values({ clientId: TENANTS.acme.clientId, subject: "Before removal", createdBy: fresh.memberPersonId });
    await t.db.update(user).set({ lastSignInAt: new Date() }).where(eq(user.id, fresh.memberPersonId));
    await as(DEMO_USERS.acme.email);
    expect((await removePersonAction({ userId: fresh.memberPersonId })).success).toBe(true);

    // Another company's owner gets the one message that reveals nothing.
    await as(DEMO_USERS.globex.email);
    expect(await invitePersonAction({ name: "Elsewhere", email, role: "member" })).toEqual({
      success: false,
      error: EMAIL_IN_USE_MESSAGE,
      code: "conflict",
      fieldErrors: { email: EMAIL_IN_USE_MESSAGE },
    });

    await as(DEMO_USERS.acme.email);
    const again = await invitePersonAction({ name: "Back Again", email: email.toUpperCase(), role: "owner" });
    expect(again).toEqual({ success: true, data: { userId: fresh.memberPersonId, mailConfigured: false } });
    expect(await personOf(fresh.memberPersonId)).toEqual({ status: "invited", role: "owner" });
    const [creds] = await t.db
      .select({ password: account.password, name: user.name, twoFactor: user.twoFactorEnabled })
      .from(user)
      .leftJoin(account, eq(account.userId, user.id))
      .where(eq(user.id, fresh.memberPersonId));
    expect(creds).toEqual({ password: null, name: "Back Again", twoFactor: false });
    expect(await t.db.select().from(messageThreads).where(eq(messageThreads.createdBy, fresh.memberPersonId))).toHaveLength(1);
    const [mail] = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "client_invitation")));
    expect(mail).toBeDefined();
    const [audit] = await t.db
      .select({ before: auditLog.before })
      .from(auditLog)
      .where(eq(auditLog.action, "client.person.invite"))
      .orderBy(desc(auditLog.createdAt));
    expect(audit!.before).toMatchObject({ userId: fresh.memberPersonId, status: "deactivated" });

    // Inviting an address already invited (or active) again is still refused.
    expect(await invitePersonAction({ name: "Twice", email, role: "member" })).toMatchObject({
      success: false,
      error: EMAIL_IN_USE_MESSAGE,
    });
    // Revoking that invitation removes them again; the user and their thread stay.
    expect(await revokeInvitationAction({ userId: fresh.memberPersonId })).toEqual({ success: true, data: { revoked: true } });
    expect(await personOf(fresh.memberPersonId)).toEqual({ status: "deactivated", role: "owner" });
  });
});

describe("the admin's client page", () => {
  it("answers an admin's invitation with the link to copy; an owner's answer carries no link", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const result = await adminInvitePersonAction({
      clientId: TENANTS.acme.clientId,
      name: "Link Person",
      email: "link.person@acme.test",
      role: "member",
    });
    expect(result).toMatchObject({
      success: true,
      data: { inviteUrl: expect.stringMatching(/\/reset-password\?token=[A-Za-z0-9]+&invite=1$/) },
    });
    await as(DEMO_USERS.acme.email);
    const owner = await invitePersonAction({ name: "No Link", email: "no.link@acme.test", role: "member" });
    expect(owner.success && Object.keys(owner.data)).toEqual(["userId", "mailConfigured"]);
  });

  it("resets one person's two-factor: admin only, refused without it, and the person is e-mailed", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    await as(DEMO_USERS.acme.email);
    expect(await adminResetPersonTwoFactorAction({ clientId: TENANTS.acme.clientId, userId: fresh.memberPersonId })).toMatchObject({
      success: false,
      code: "forbidden",
    });
    requestHeaders.current = authHeaders(await adminCookie());
    expect(await adminResetPersonTwoFactorAction({ clientId: TENANTS.acme.clientId, userId: fresh.memberPersonId })).toEqual({
      success: false,
      error: "This person has no two-factor sign-in to reset.",
      code: "conflict",
    });
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, fresh.memberPersonId));
    expect(await adminResetPersonTwoFactorAction({ clientId: TENANTS.acme.clientId, userId: fresh.memberPersonId })).toEqual({
      success: true,
      data: { reset: true },
    });
    const [after] = await t.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, fresh.memberPersonId));
    expect(after!.on).toBe(false);
    // Another company's id with this person answers like a missing one.
    expect(await adminResetPersonTwoFactorAction({ clientId: TENANTS.globex.clientId, userId: fresh.memberPersonId })).toMatchObject({
      success: false,
      code: "not_found",
    });
  });
});
