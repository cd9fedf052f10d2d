// People are themselves, companies apart (docs/PRODUCT.md#portal-settings): the company record is
// its owners' to change, each person changes their own name and sign-in e-mail (confirmed by a
// mailed link), a company reads Invited until one of its people accepts, and an admin's invitation
// says whether mail went out (docs/PRODUCT.md#admin-client-page).
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { requestEmailChangeAction, updateOwnNameAction } from "@/features/identity/actions/account";
import { confirmEmailChangeAction } from "@/features/identity/actions/sign-in";
import { createClientAction } from "@/features/clients/actions/admin";
import { adminInvitePersonAction } from "@/features/clients/actions/admin-client";
import { invitePersonAction, resendInvitationAction, saveAccountSettings } from "@/features/clients/actions/portal";
import { emailChangeState } from "@/features/identity/server";
import { EMAIL_CHANGE_MESSAGES } from "@/features/identity/server/profile/email-change";
import {
  COMPANY_OWNERS_ONLY_MESSAGE,
  getAdminClientDetails,
  getInvitationContext,
  getPortalProfile,
  listAdminClients,
} from "@/features/clients/server";
import { clientInvoiceTotalsSql } from "@/features/invoices/server";
import { getOverview } from "@/features/portal/server/portal-overview";
import { auditLog } from "@/features/audit/server/schema";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { setMailTransport } from "@/server/core/mail/mailer";
import { DEMO_CLIENTS, DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { authHeaders, nextTestIp, sessionCookie } from "@tests/integration/helpers/auth";
import { resetPasswordWithToken } from "@tests/integration/helpers/auth-actions";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

const as = async (email: string) => {
  requestHeaders.current = authHeaders(await sessionCookie(email), { "x-forwarded-for": nextTestIp() });
};
const unique = () => randomUUID().slice(0, 8);
const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
const setPassword = (token: string, password: string) =>
  resetPasswordWithToken({ token, password, confirmPassword: password }, new Headers({ "x-forwarded-for": nextTestIp() }));

/** A company of this test's own, with its first owner invited (nobody accepted yet). */
async function createCompany(name = `People Co ${unique()}`) {
  requestHeaders.current = authHeaders(await sessionCookie(DEMO_USERS.admin.email), { "x-forwarded-for": nextTestIp() });
  const email = `owner-${unique()}@people.example`;
  const created = await createClientAction({ company: name, contactPerson: "Olive Owner", email, phone: "", address: "" });
  if (!created.success) throw new Error(created.error);
  return { ...created.data, company: name };
}

const companySettings = (company: string) => ({
  contactPerson: "Olive Owner",
  contactEmail: "office@people.example",
  company,
  phone: "+1 555 0101",
  address: "1 Main St",
});

afterEach(() => setMailTransport(undefined));

describe("the company record is its owners' to change", () => {
  let company: Awaited<ReturnType<typeof createCompany>>;
  const ownerPassword = "owner-password-123";
  const memberPassword = "member-password-123";
  let memberEmail = "";

  beforeAll(async () => {
    company = await createCompany();
    await setPassword(tokenOf(company.inviteUrl), ownerPassword);
    await as(company.email);
    memberEmail = `member-${unique()}@people.example`;
    const invited = await invitePersonAction({ name: "Max Member", email: memberEmail, role: "member" });
    expect(invited.success).toBe(true);
    // The owner's invitation link is mailed, not answered: read it from the outbox.
    const [mail] = await t.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, memberEmail))
      .orderBy(desc(emailOutbox.createdAt));
    const link = /https?:\/\/\S+invite=1/.exec(mail!.text)![0];
    await setPassword(tokenOf(link), memberPassword);
  });

  it("refuses a member with a clear error and changes nothing", async () => {
    await as(memberEmail);
    const renamed = `Renamed by member ${unique()}`;
    expect(await saveAccountSettings(companySettings(renamed))).toEqual({
      success: false,
      error: COMPANY_OWNERS_ONLY_MESSAGE,
      code: "forbidden",
    });
    const [row] = await t.db.select({ company: clients.company }).from(clients).where(eq(clients.id, company.clientId));
    expect(row!.company).toBe(company.company);
    // The member's Settings read the record, marked as not theirs to change.
    const profile = await getPortalProfile(t.db, { actor: await clientActor(memberEmail) });
    expect(profile).toMatchObject({ company: company.company, canEditCompany: false, personName: "Max Member" });
  });

  it("lets an owner change it", async () => {
    await as(company.email);
    const renamed = `Renamed by owner ${unique()}`;
    const saved = await saveAccountSettings(companySettings(renamed));
    expect(saved).toMatchObject({ success: true, data: { company: renamed } });
    const [row] = await t.db.select({ company: clients.company }).from(clients).where(eq(clients.id, company.clientId));
    expect(row!.company).toBe(renamed);
    expect((await getPortalProfile(t.db, { actor: await clientActor(company.email) })).canEditCompany).toBe(true);
  });

  it("greets each person by their own name, not the contact person's", async () => {
    const member = await getOverview(t.db, { actor: await clientActor(memberEmail) });
    expect(member.profile).toMatchObject({ personName: "Max Member", contactPerson: "Olive Owner" });
    // The demo company's member too (the demo data a newcomer sees).
    const riley = await getOverview(t.db, { actor: await clientActor(DEMO_USERS.acmeMember.email) });
    expect(riley.profile).toMatchObject({ personName: DEMO_USERS.acmeMember.name, contactPerson: DEMO_CLIENTS.acme.contactPerson });
  });
});

describe("a person's own profile", () => {
  it("changes the person's own name, audited, and nothing of the company", async () => {
    const company = await createCompany();
    await setPassword(tokenOf(company.inviteUrl), "own-name-password-1");
    await as(company.email);
    expect(await updateOwnNameAction({ name: "  Olive Q. Owner " })).toEqual({ success: true, data: { name: "Olive Q. Owner" } });
    const actor = await clientActor(company.email);
    expect(actor.name).toBe("Olive Q. Owner");
    const [row] = await t.db.select({ contactPerson: clients.contactPerson }).from(clients).where(eq(clients.id, company.clientId));
    expect(row!.contactPerson).toBe("Olive Owner");
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "account.name_changed"), eq(auditLog.entityId, actor.userId)));
    expect(entry).toMatchObject({ before: { name: "Olive Owner" }, after: { name: "Olive Q. Owner" }, clientId: company.clientId });
    expect(await updateOwnNameAction({ name: "   " })).toMatchObject({ success: false, fieldErrors: { name: "Name is required" } });
  });

  it("changes the sign-in e-mail only through the link mailed to the new address", async () => {
    const company = await createCompany();
    const password = "email-change-password-1";
    await setPassword(tokenOf(company.inviteUrl), password);
    await as(company.email);
    const newEmail = `new-${unique()}@people.example`;

    // The current password is required.
    expect(await requestEmailChangeAction({ newEmail, currentPassword: "not-the-password" })).toMatchObject({
      success: false,
      error: "That password is not right.",
    });
    expect(await requestEmailChangeAction({ newEmail: company.email, currentPassword: password })).toMatchObject({
      success: false,
      error: EMAIL_CHANGE_MESSAGES.same,
    });

    expect(await requestEmailChangeAction({ newEmail: newEmail.toUpperCase(), currentPassword: password })).toEqual({
      success: true,
      data: { sentTo: newEmail },
    });
    // Nothing changes yet: the old address still signs in.
    const [before] = await t.db.select({ email: user.email }).from(user).where(eq(user.email, company.email));
    expect(before).toBeDefined();
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, newEmail));
    expect(mail).toMatchObject({ kind: "email_change" });
    const link = /https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9]+/.exec(mail!.textBody)![0];
    const token = tokenOf(link);
    expect(await emailChangeState(token)).toEqual({ newEmail });

    requestHeaders.current = new Headers({ "x-forwarded-for": nextTestIp() });
    expect(await confirmEmailChangeAction({ token })).toEqual({ success: true, data: { email: newEmail } });
    const [after] = await t.db.select({ email: user.email }).from(user).where(eq(user.email, newEmail));
    expect(after).toBeDefined();
    expect(await t.db.select().from(user).where(eq(user.email, company.email))).toEqual([]);
    // Used once; the old address is told.
    expect(await confirmEmailChangeAction({ token })).toMatchObject({ success: false, error: EMAIL_CHANGE_MESSAGES.invalidLink });
    expect(await emailChangeState(token)).toBeNull();
    const [told] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, company.email.toLowerCase()));
    expect(told).toBeDefined();
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "email_changed"))).map((m) => m.toAddress)).toContain(
      company.email.toLowerCase(),
    );
  });

  it("answers the same for an address someone else uses, and mails nothing to it", async () => {
    await as(DEMO_USERS.acmeMember.email);
    const outboxBefore = (
      await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, DEMO_USERS.globex.email))
    ).length;
    const answer = await requestEmailChangeAction({ newEmail: DEMO_USERS.globex.email, currentPassword: DEMO_PASSWORDS.client });
    expect(answer).toEqual({ success: true, data: { sentTo: DEMO_USERS.globex.email } });
    const outboxAfter = (
      await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.toAddress, DEMO_USERS.globex.email))
    ).length;
    expect(outboxAfter).toBe(outboxBefore);
  });
});

describe("invitations that carry on", () => {
  it("shows a company as Invited until one of its people accepts", async () => {
    const company = await createCompany();
    const admin = await adminActor();
    const listed = async () =>
      (await listAdminClients(t.db, { actor: admin, totals: clientInvoiceTotalsSql, q: company.company })).rows[0]!;
    expect(await listed()).toMatchObject({ status: "active", shownStatus: "invited" });
    expect(await getAdminClientDetails(t.db, { actor: admin, clientId: company.clientId })).toMatchObject({ shownStatus: "invited" });
    const done = await setPassword(tokenOf(company.inviteUrl), "accepted-password-1");
    // The login form that follows opens with the invitee's address.
    expect(done).toMatchObject({ success: true, data: { redirectTo: "/client-portal", signInEmail: company.email } });
    expect(await listed()).toMatchObject({ status: "active", shownStatus: "active" });
    expect(await getAdminClientDetails(t.db, { actor: admin, clientId: company.clientId })).toMatchObject({ shownStatus: "active" });
    // Deactivated stays deactivated, whoever accepted.
    await t.db.update(clients).set({ status: "inactive" }).where(eq(clients.id, company.clientId));
    expect(await listed()).toMatchObject({ shownStatus: "inactive" });
  });

  it("names the person, the company and the inviter for the set-password page", async () => {
    const company = await createCompany();
    const [owner] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, company.email));
    expect(await getInvitationContext(t.db, { userId: owner!.id })).toEqual({
      personName: "Olive Owner",
      email: company.email,
      company: company.company,
      invitedBy: `${DEMO_USERS.admin.name} of Sentinel AI Security`,
    });
    await setPassword(tokenOf(company.inviteUrl), "context-password-1");
    await as(company.email);
    const email = `colleague-${unique()}@people.example`;
    // Without outgoing mail the owner is told so (the screen never says "sent"), on a resend too.
    expect(await invitePersonAction({ name: "Cole League", email, role: "member" })).toMatchObject({
      success: true,
      data: { mailConfigured: false },
    });
    const [colleague] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(await resendInvitationAction({ userId: colleague!.id })).toMatchObject({ success: true, data: { mailConfigured: false } });
    expect(await getInvitationContext(t.db, { userId: colleague!.id })).toMatchObject({
      personName: "Cole League",
      company: company.company,
      invitedBy: "Olive Owner",
    });
    const [person] = await t.db.select({ status: clientPeople.status }).from(clientPeople).where(eq(clientPeople.userId, colleague!.id));
    expect(person!.status).toBe("invited");
  });

  it("tells the admin plainly whether the invitation was mailed", async () => {
    const unmailed = await createCompany();
    expect(unmailed.mailConfigured).toBe(false);
    expect(unmailed.inviteUrl).toMatch(/\/reset-password\?token=[A-Za-z0-9]{32}&invite=1$/);

    setMailTransport({ send: async () => {} });
    const mailed = await createCompany();
    expect(mailed.mailConfigured).toBe(true);
    const invited = await adminInvitePersonAction({
      clientId: mailed.clientId,
      name: "Pat Person",
      email: `pat-${unique()}@people.example`,
      role: "member",
    });
    expect(invited).toMatchObject({ success: true, data: { mailConfigured: true } });
    setMailTransport(null);
    const unmailedPerson = await adminInvitePersonAction({
      clientId: mailed.clientId,
      name: "Quinn Person",
      email: `quinn-${unique()}@people.example`,
      role: "member",
    });
    expect(unmailedPerson).toMatchObject({
      success: true,
      data: { mailConfigured: false, inviteUrl: expect.stringContaining("invite=1") },
    });
  });
});
