// Create New Client: user + client row + invitation in one transaction; the invitation is a
// better-auth reset token that the password-reset flow accepts.
import { createHash } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createClientAction } from "@/features/clients/actions/admin";
import { auditLog } from "@/features/audit/server/schema";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { user, verification } from "@/features/identity/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { requireClient } from "@/features/identity/server/sessions/session";
import { resetPasswordWithToken } from "@tests/integration/helpers/auth-actions";
import { authHeaders, nextTestIp, signIn } from "@tests/integration/helpers/auth";
import { adminCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie();
});

const input = {
  company: "Initech",
  contactPerson: "Peter Gibbons",
  email: "Peter@Initech.example",
  phone: "+1 555 0100",
  address: "4120 Freidrich Ln, Austin",
};
type Created = { clientId: string; email: string; inviteUrl: string; expiresAt: string };

// The same server path the /reset-password page uses (better-auth's HTTP reset endpoint is closed).
function resetPassword(token: string, password: string) {
  return resetPasswordWithToken({ token, password, confirmPassword: password }, new Headers({ "x-forwarded-for": nextTestIp() }));
}

describe("create client with invitation", () => {
  let created: Created;

  it("creates the user (role client, no password) and the client row, and queues the invitation", async () => {
    requestHeaders.current = authHeaders(cookie);
    const result = await createClientAction(input);
    expect(result.success).toBe(true);
    created = (result as { data: Created }).data;
    expect(created.email).toBe("peter@initech.example");
    expect(created.inviteUrl).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9]{32}&invite=1$/);

    const [row] = await t.db
      .select({
        company: clients.company,
        contactPerson: clients.contactPerson,
        status: clients.status,
        role: user.role,
        email: user.email,
        phone: clients.phone,
      })
      .from(clients)
      .innerJoin(clientPeople, eq(clientPeople.clientId, clients.id))
      .innerJoin(user, eq(user.id, clientPeople.userId))
      .where(eq(clients.id, created.clientId));
    expect(row).toEqual({
      company: "Initech",
      contactPerson: "Peter Gibbons",
      status: "active",
      role: "client",
      email: "peter@initech.example",
      phone: "+1 555 0100",
    });

    // The token row is better-auth's own reset token, hashed at rest, with the invitation lifetime.
    const token = new URL(created.inviteUrl).searchParams.get("token")!;
    expect(
      await t.db
        .select()
        .from(verification)
        .where(eq(verification.identifier, `reset-password:${token}`)),
    ).toEqual([]);
    const hashed = createHash("sha256").update(`reset-password:${token}`).digest("base64url");
    const [v] = await t.db.select().from(verification).where(eq(verification.identifier, hashed));
    const [invited] = await t.db.select({ id: user.id }).from(user).where(eq(user.email, created.email));
    expect(v!.value).toBe(invited!.id);
    const days = (v!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);

    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, "client_invitation"));
    expect(mail).toMatchObject({ toAddress: "peter@initech.example" });
    expect(mail!.subject).toMatch(/invited/i);
    expect(mail!.textBody).toContain(created.inviteUrl);
    expect(mail!.textBody).toContain("expires in 7 days");
    expect(mail!.htmlBody).toContain(created.inviteUrl.replace(/&/g, "&amp;"));

    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, created.clientId));
    expect(entry).toMatchObject({ action: "client.create", actorUserId: DEMO_USERS.admin.id });
    expect(JSON.stringify(entry!.after)).not.toContain(token);
  });

  it("cannot sign in before the password is set", async () => {
    const { response } = await signIn(created.email, "any-password-at-all");
    expect(response.status).toBe(401);
  });

  it("lets the invited user set a password through the reset flow, then sign in as that client", async () => {
    const token = new URL(created.inviteUrl).searchParams.get("token")!;
    expect(await resetPassword(token, "invited-client-password")).toEqual({
      success: true,
      data: { redirectTo: "/client-portal", signInEmail: "peter@initech.example" },
    });
    const { response, cookie: clientCookie } = await signIn(created.email, "invited-client-password");
    expect(response.status).toBe(200);
    const actor = await requireClient(authHeaders(clientCookie));
    expect(actor).toMatchObject({ role: "client", clientId: created.clientId, company: "Initech" });
    // Single use.
    expect(await resetPassword(token, "another-password-123")).toMatchObject({
      success: false,
      error: "Invalid or expired reset link. Please request a new password reset.",
    });
  });

  it("refuses a duplicate email (any case) with a clear error and creates nothing", async () => {
    requestHeaders.current = authHeaders(cookie);
    const before = await t.db.select({ id: clients.id }).from(clients);
    for (const email of ["PETER@initech.example", "client@example.com"]) {
      const result = await createClientAction({ ...input, company: "Duplicate Co", email });
      expect(result).toMatchObject({
        success: false,
        error: "A user with this email already exists.",
        fieldErrors: { email: "A user with this email already exists." },
      });
    }
    expect(await t.db.select({ id: clients.id }).from(clients)).toHaveLength(before.length);
    expect(await t.db.select().from(clients).where(like(clients.company, "Duplicate%"))).toEqual([]);
  });

  it("validates the form", async () => {
    requestHeaders.current = authHeaders(cookie);
    const result = await createClientAction({ company: "", contactPerson: "", email: "not-an-email" });
    expect(result).toMatchObject({
      success: false,
      fieldErrors: { company: "Company is required", contactPerson: "Contact person is required", email: "Invalid email address" },
    });
  });
});
