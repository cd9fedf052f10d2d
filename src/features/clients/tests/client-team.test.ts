// The people of a client company (docs/PRODUCT.md#portal-team) and the admin's client page
// (docs/PRODUCT.md#admin-client-page): owners and members, the last owner, e-mails used elsewhere,
// Billing withheld from members, removed people and deactivated companies signed out, delete only
// without records, and the complete read-only view as client.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import {
  deactivateClientAction,
  deleteClientAction,
  reactivateClientAction,
  updateClientAction,
} from "@/features/clients/actions/admin-client";
import { GET as exportInvoices } from "@/app/api/client/invoices/export/route";
import { GET as getAttachment } from "@/app/api/client/messages/attachments/[id]/route";
import { GET as getThread, POST as postReply } from "@/app/api/client/messages/threads/[id]/route";
import {
  changePersonRoleAction,
  invitePersonAction,
  removePersonAction,
  setBillingWithheldAction,
} from "@/features/clients/actions/portal";
import { loadMoreInvoices } from "@/features/invoices/actions/portal";
import { BILLING_WITHHELD_MESSAGE, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";
import { auditLog } from "@/features/audit/server/schema";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { session, user } from "@/features/identity/server/schema";
import { messageThreads } from "@/features/messages/server/schema";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { startViewAsClient } from "@/features/identity/server/view-as/admin-view-as";
import { VIEW_AS_COOKIE } from "@/features/identity/server/view-as/view-as";
import { DELETE_REFUSED_MESSAGE, EMAIL_IN_USE_MESSAGE, LAST_OWNER_MESSAGE } from "@/features/clients/server";
import { adminActor, adminCookie } from "@tests/integration/helpers/admin-session";
import { authHeaders, nextTestIp, sessionCookie } from "@tests/integration/helpers/auth";
import { signInToArea } from "@tests/integration/helpers/auth-actions";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { createFreshCompany, createFreshObjects, TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
const t = setupTestDatabase({ seedDemo: true });

const as = async (email: string) => {
  const cookie = await sessionCookie(email);
  requestHeaders.current = authHeaders(cookie);
  return cookie;
};
const sessionsOf = async (userId: string) => (await t.db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).length;
const get = (url: string, headers: Headers) => new Request(`http://localhost:3000${url}`, { headers });
const params = (id: string) => ({ params: Promise.resolve({ id }) });

describe("owners and members", () => {
  it("keeps at least one active owner: the last owner can be neither demoted nor removed", async () => {
    await as(DEMO_USERS.acme.email);
    const refused = { success: false, error: LAST_OWNER_MESSAGE, code: "conflict" };
    expect(await changePersonRoleAction({ userId: DEMO_USERS.acme.id, role: "member" })).toEqual(refused);
    expect(await removePersonAction({ userId: DEMO_USERS.acme.id })).toEqual(refused);
    const [owner] = await t.db.select().from(clientPeople).where(eq(clientPeople.userId, DEMO_USERS.acme.id));
    expect(owner).toMatchObject({ role: "owner", status: "active" });
    // With a second owner, the first may step down.
    await t.db.update(clientPeople).set({ role: "owner" }).where(eq(clientPeople.userId, DEMO_USERS.acmeMember.id));
    try {
      expect(await changePersonRoleAction({ userId: DEMO_USERS.acme.id, role: "member" })).toEqual({
        success: true,
        data: { role: "member" },
      });
    } finally {
      await t.db.update(clientPeople).set({ role: "owner" }).where(eq(clientPeople.userId, DEMO_USERS.acme.id));
      await t.db.update(clientPeople).set({ role: "member" }).where(eq(clientPeople.userId, DEMO_USERS.acmeMember.id));
    }
  });

  it("refuses an e-mail used by another company or an admin with one message, creating nothing", async () => {
    await as(DEMO_USERS.acme.email);
    const usersBefore = (await t.db.select({ id: user.id }).from(user)).length;
    const refused = { success: false, error: EMAIL_IN_USE_MESSAGE, code: "conflict", fieldErrors: { email: EMAIL_IN_USE_MESSAGE } };
    for (const email of [DEMO_USERS.globex.email, DEMO_USERS.admin.email.toUpperCase(), DEMO_USERS.acmeMember.email])
      expect(await invitePersonAction({ name: "Someone", email, role: "member" })).toEqual(refused);
    expect((await t.db.select({ id: user.id }).from(user)).length).toBe(usersBefore);
    // Globex's person is untouched and still Globex's.
    const [globex] = await t.db.select().from(clientPeople).where(eq(clientPeople.userId, DEMO_USERS.globex.id));
    expect(globex).toMatchObject({ clientId: TENANTS.globex.clientId, role: "owner", status: "active" });
  });

  it("lets an owner invite a colleague, audited with the person who acted", async () => {
    await as(DEMO_USERS.acme.email);
    const result = await invitePersonAction({ name: "Casey New", email: "casey.new@acme.test", role: "member" });
    expect(result.success).toBe(true);
    const [person] = await t.db
      .select({ role: clientPeople.role, status: clientPeople.status, clientId: clientPeople.clientId })
      .from(clientPeople)
      .innerJoin(user, eq(user.id, clientPeople.userId))
      .where(eq(user.email, "casey.new@acme.test"));
    expect(person).toEqual({ role: "member", status: "invited", clientId: TENANTS.acme.clientId });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "client.person.invite"));
    expect(audit).toMatchObject({ actorUserId: DEMO_USERS.acme.id, entityId: TENANTS.acme.clientId });
  });

  it("refuses every Team action to a member, on the server", async () => {
    await as(DEMO_USERS.acmeMember.email);
    const refused = { success: false, error: "Only an owner of your company can do this.", code: "forbidden" };
    expect(await invitePersonAction({ name: "X", email: "x-member@acme.test", role: "owner" })).toEqual(refused);
    expect(await changePersonRoleAction({ userId: DEMO_USERS.acmeMember.id, role: "owner" })).toEqual(refused);
    expect(await removePersonAction({ userId: DEMO_USERS.acme.id })).toEqual(refused);
    expect(await setBillingWithheldAction({ withheld: false })).toEqual(refused);
  });

  it("withholds Billing and the invoice export from members when an owner says so, not from owners", async () => {
    await as(DEMO_USERS.acme.email);
    expect(await setBillingWithheldAction({ withheld: true })).toEqual({ success: true, data: { withheld: true } });
    try {
      const memberCookie = await as(DEMO_USERS.acmeMember.email);
      expect(await loadMoreInvoices({ offset: 0 })).toEqual({ success: false, error: BILLING_WITHHELD_MESSAGE, code: "forbidden" });
      const refused = await exportInvoices(get("/api/client/invoices/export", authHeaders(memberCookie)), params(""));
      expect(refused.status).toBe(403);
      const ownerCookie = await as(DEMO_USERS.acme.email);
      expect((await loadMoreInvoices({ offset: 0 })).success).toBe(true);
      expect((await exportInvoices(get("/api/client/invoices/export", authHeaders(ownerCookie)), params(""))).status).toBe(200);
    } finally {
      await as(DEMO_USERS.acme.email);
      await setBillingWithheldAction({ withheld: false });
    }
    const memberCookie = await as(DEMO_USERS.acmeMember.email);
    expect((await exportInvoices(get("/api/client/invoices/export", authHeaders(memberCookie)), params(""))).status).toBe(200);
  });

  it("ends a removed person's sessions at once; they cannot sign in again; their name stays on what they wrote", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    await t.db
      .insert(messageThreads)
      .values({ clientId: TENANTS.acme.clientId, subject: "By the member", createdBy: fresh.memberPersonId });
    const cookie = await sessionCookie(`member-${fresh.memberPersonId.slice(-8)}@example.test`);
    expect(await sessionsOf(fresh.memberPersonId)).toBe(1);
    await as(DEMO_USERS.acme.email);
    expect(await removePersonAction({ userId: fresh.memberPersonId })).toEqual({ success: true, data: { status: "deactivated" } });
    expect(await sessionsOf(fresh.memberPersonId)).toBe(0);
    requestHeaders.current = authHeaders(cookie);
    expect(await loadMoreInvoices({ offset: 0 })).toMatchObject({ success: false, code: "unauthorized" });
    // The user stays: the thread still names who started it.
    const [thread] = await t.db.select().from(messageThreads).where(eq(messageThreads.createdBy, fresh.memberPersonId));
    expect(thread).toBeDefined();
  });
});

describe("client administration", () => {
  it("deactivates a company (its people cannot sign in, sessions end) and reactivates it, audited", async () => {
    const company = await createFreshCompany(t.db);
    const { createCredentialUser } = await import("@/features/identity/server");
    const { id: personId } = await createCredentialUser(t.db, {
      email: `deact-person-${company.clientId.slice(0, 8)}@example.test`,
      name: "Deact Person",
      role: "client",
      password: DEMO_PASSWORDS.client,
    });
    await t.db.insert(clientPeople).values({ userId: personId, clientId: company.clientId, role: "member", status: "active" });
    await sessionCookie(`deact-person-${company.clientId.slice(0, 8)}@example.test`);
    expect(await sessionsOf(personId)).toBe(1);

    requestHeaders.current = authHeaders(await adminCookie());
    expect(await deactivateClientAction({ clientId: company.clientId })).toEqual({ success: true, data: { status: "inactive" } });
    expect(await sessionsOf(personId)).toBe(0);
    const signIn = {
      email: `deact-person-${company.clientId.slice(0, 8)}@example.test`,
      password: DEMO_PASSWORDS.client,
      rememberMe: false,
    };
    expect(await signInToArea("client", signIn, new Headers({ "x-forwarded-for": nextTestIp(), "user-agent": "vitest" }))).toMatchObject({
      success: false,
      error: "This client account is inactive. Please contact us to reactivate it.",
    });
    requestHeaders.current = authHeaders(await adminCookie());
    expect(await reactivateClientAction({ clientId: company.clientId })).toEqual({ success: true, data: { status: "active" } });
    expect((await signInToArea("client", signIn, new Headers({ "x-forwarded-for": nextTestIp(), "user-agent": "vitest" }))).success).toBe(
      true,
    );
    const actions = (await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, company.clientId))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["client.deactivate", "client.reactivate"]));
  });

  it("deletes a company only without invoices and documents; edits are audited with before and after", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    expect(await deleteClientAction({ clientId: TENANTS.acme.clientId })).toEqual({
      success: false,
      error: DELETE_REFUSED_MESSAGE,
      code: "conflict",
    });
    expect(await t.db.select({ id: clients.id }).from(clients).where(eq(clients.id, TENANTS.acme.clientId))).toHaveLength(1);

    const company = await createFreshCompany(t.db);
    expect(await updateClientAction({ clientId: company.clientId, ...TENANTS.globex.settings, company: "Renamed Co" })).toMatchObject({
      success: true,
    });
    const [edit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, company.clientId), eq(auditLog.action, "client.update")));
    expect(edit).toMatchObject({
      before: expect.objectContaining({ company: expect.stringMatching(/^Matrix company/) }),
      after: expect.objectContaining({ company: "Renamed Co" }),
    });
    expect(await deleteClientAction({ clientId: company.clientId })).toEqual({ success: true, data: { deleted: true } });
    expect(await t.db.select().from(clients).where(eq(clients.id, company.clientId))).toEqual([]);
    expect(await t.db.select().from(user).where(eq(user.id, company.ownerUserId))).toEqual([]);
  });
});

describe("view as client, complete and read only", () => {
  it("opens a conversation and its attachment and exports invoices, without marking read; a reply is refused", async () => {
    const admin = await adminActor();
    const cookie = await adminCookie();
    const { cookie: view } = await startViewAsClient(t.db, { actor: admin, clientId: TENANTS.acme.clientId });
    const viewing = authHeaders(`${cookie}; ${VIEW_AS_COOKIE}=${view.value}`);
    const fresh = await createFreshObjects(t.db, TENANTS.acme);

    const thread = await getThread(get(`/api/client/messages/threads/${fresh.threadId}`, viewing), params(fresh.threadId));
    expect(thread.status).toBe(200);
    expect(await thread.json()).toMatchObject({
      success: true,
      messages: [expect.objectContaining({ body: expect.stringMatching(/^Matrix message/) })],
    });
    const attachment = await getAttachment(
      get(`/api/client/messages/attachments/${fresh.attachmentId}`, viewing),
      params(fresh.attachmentId),
    );
    expect(attachment.status).toBe(200);
    expect((await exportInvoices(get("/api/client/invoices/export", viewing), params(""))).status).toBe(200);

    const form = new FormData();
    form.set("body", "Sent from the view");
    const reply = await postReply(
      new Request(`http://localhost:3000/api/client/messages/threads/${fresh.threadId}`, { method: "POST", headers: viewing, body: form }),
      params(fresh.threadId),
    );
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ success: false, error: READ_ONLY_VIEW_MESSAGE });
    // Nothing was marked read for the company's people.
    const { messageReads } = await import("@/features/messages/server/schema");
    expect(await t.db.select().from(messageReads).where(eq(messageReads.threadId, fresh.threadId))).toEqual([]);
  });
});
