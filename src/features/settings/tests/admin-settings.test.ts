// Settings → Default contracting rates, Security policy and Mail (docs/PRODUCT.md#admin-settings):
// the admin-only actions, what a new client starts with, the firm-wide two-factor policy enforced by
// the client guard, and a test mail that goes through the outbox to the signed-in admin.
import { and, desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createClientAction } from "@/features/clients/actions/admin";
import { sendTestMailAction } from "@/features/operations/actions/admin";
import { saveDefaultRatesAction, setClientTwoFactorPolicyAction } from "@/features/settings/actions/admin";
import type { DefaultRatesInput } from "@/features/settings/validation";
import { auditLog } from "@/features/audit/server/schema";
import { clientRates } from "@/features/rates/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { type OutgoingMail, setMailTransport } from "@/server/core/mail/mailer";
import { requireClient } from "@/features/identity/server/sessions/session";
import { listPortalRates } from "@/features/rates/server";
import { getAdminSettings } from "@/features/settings/server";
import { getMailStatus } from "@/features/operations/server";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminActor, adminCookie, clientCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { createTestClient } from "@tests/integration/helpers/portal";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

afterEach(async () => {
  setMailTransport(undefined);
  requestHeaders.current = new Headers();
});

const asAdmin = async () => (requestHeaders.current = authHeaders(await adminCookie({ secondFactor: "totp" })));

const newRates: DefaultRatesInput["rates"] = [
  { serviceType: "AI Security Assessment", hourlyRate: "400", monthlyRetainer: "30000" },
  { serviceType: "AI Security Governance", hourlyRate: "310.50", monthlyRetainer: "" },
  { serviceType: "AI Engineering Acceleration", hourlyRate: "280", monthlyRetainer: "19000" },
];

describe("default contracting rates", () => {
  it("refuses a client, and bad amounts or a missing service with messages the form shows", async () => {
    requestHeaders.current = authHeaders(await clientCookie());
    expect(await saveDefaultRatesAction({ rates: newRates })).toMatchObject({ success: false, code: "forbidden" });

    await asAdmin();
    const negative = await saveDefaultRatesAction({ rates: [{ ...newRates[0]!, hourlyRate: "-5" }, newRates[1]!, newRates[2]!] });
    expect(negative).toMatchObject({
      success: false,
      fieldErrors: { "rates.0.hourlyRate": "Enter a non-negative amount in dollars (at most 2 decimals)" },
    });
    const twice = await saveDefaultRatesAction({ rates: [newRates[0]!, newRates[0]!, newRates[2]!] });
    expect(twice).toMatchObject({ success: false, error: "Give each service once" });
    const short = await saveDefaultRatesAction({ rates: newRates.slice(0, 2) });
    expect(short).toMatchObject({ success: false, error: "Give a rate for each of the 3 services" });
    expect((await getAdminSettings(t.db, { actor: await adminActor() })).defaultRatesCustomized).toBe(false);
  });

  it("saves them (audited); a client created after starts with them, and a client without rates sees them", async () => {
    await asAdmin();
    expect(await saveDefaultRatesAction({ rates: newRates })).toMatchObject({ success: true });
    const settings = await getAdminSettings(t.db, { actor: await adminActor() });
    expect(settings.defaultRatesCustomized).toBe(true);
    expect(settings.defaultRates).toEqual([
      { serviceType: "AI Security Assessment", hourlyRateCents: 40_000, monthlyRetainerCents: 3_000_000 },
      { serviceType: "AI Security Governance", hourlyRateCents: 31_050, monthlyRetainerCents: null },
      { serviceType: "AI Engineering Acceleration", hourlyRateCents: 28_000, monthlyRetainerCents: 1_900_000 },
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.default_rates"))
      .orderBy(desc(auditLog.createdAt));
    expect(audit!.before).toEqual(expect.arrayContaining([expect.objectContaining({ hourlyRateCents: 35_000 })]));

    const created = await createClientAction({ company: "Rates Start Co", contactPerson: "Rae Start", email: "rae@ratesstart.example" });
    expect(created.success).toBe(true);
    const { clientId } = (created as { data: { clientId: string } }).data;
    const cards = await t.db
      .select({ serviceType: clientRates.serviceType, hourly: clientRates.hourlyRateCents, retainer: clientRates.monthlyRetainerCents })
      .from(clientRates)
      .where(eq(clientRates.clientId, clientId))
      .orderBy(clientRates.serviceType);
    expect(cards).toEqual([
      { serviceType: "AI Engineering Acceleration", hourly: 28_000, retainer: 1_900_000 },
      { serviceType: "AI Security Assessment", hourly: 40_000, retainer: 3_000_000 },
      { serviceType: "AI Security Governance", hourly: 31_050, retainer: null },
    ]);

    const bare = await createTestClient(t.db, "Bare Rates");
    const portal = await listPortalRates(t.db, { actor: bare });
    expect(portal.isDefault).toBe(true);
    expect(portal.rates.map((r) => r.hourlyRateCents)).toEqual([40_000, 31_050, 28_000]);
  });
});

describe("security policy: two-factor for every client company", () => {
  it("is admin only; on, the client guard refuses a person without two-factor, and off again it lets them in", async () => {
    const client = await clientCookie();
    requestHeaders.current = authHeaders(client);
    expect(await setClientTwoFactorPolicyAction({ required: true })).toMatchObject({ success: false, code: "forbidden" });
    await expect(requireClient(authHeaders(client))).resolves.toMatchObject({ email: DEMO_USERS.acme.email });

    await asAdmin();
    expect(await setClientTwoFactorPolicyAction({ required: true })).toEqual({ success: true, data: { required: true } });
    await expect(requireClient(authHeaders(client))).rejects.toThrow(
      "Your company requires two-factor sign-in. Set it up in Settings first.",
    );
    // The member of the other demo company too, and one with a second factor passes.
    await expect(requireClient(authHeaders(await clientCookie("member@example.com")))).rejects.toThrow("requires two-factor");
    await expect(requireClient(authHeaders(await clientCookie(DEMO_USERS.acme.email, { secondFactor: "totp" })))).resolves.toBeTruthy();
    // The enrolment itself still works without it.
    await expect(requireClient(authHeaders(client), { enrolment: true })).resolves.toBeTruthy();

    await asAdmin();
    expect(await setClientTwoFactorPolicyAction({ required: false })).toEqual({ success: true, data: { required: false } });
    await expect(requireClient(authHeaders(client))).resolves.toBeTruthy();
    const audits = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, "settings.client_two_factor"))
      .orderBy(auditLog.createdAt);
    expect(audits.map((a) => a.after)).toEqual([{ requireClientTwoFactor: true }, { requireClientTwoFactor: false }]);
  });
});

describe("mail", () => {
  it("reports SMTP, the queued and failed counts, and sends a test mail to the signed-in admin through the outbox", async () => {
    const delivered: OutgoingMail[] = [];
    setMailTransport({ send: async (mail) => void delivered.push(mail) });
    const actor = await adminActor();
    const before = await getMailStatus(t.db, { actor });
    expect(before.smtpConfigured).toBe(true);
    await t.db.insert(emailOutbox).values({ toAddress: "x@example.com", subject: "Failed", textBody: "x", kind: "test", status: "failed" });
    expect((await getMailStatus(t.db, { actor })).failed).toBe(before.failed + 1);

    requestHeaders.current = authHeaders(await clientCookie());
    expect(await sendTestMailAction({})).toMatchObject({ success: false, code: "forbidden" });

    await asAdmin();
    const result = await sendTestMailAction({});
    expect(result).toEqual({
      success: true,
      data: { outcome: "sent", to: DEMO_USERS.admin.email, message: `Test mail sent to ${DEMO_USERS.admin.email}.` },
    });
    expect(delivered.filter((m) => m.to === DEMO_USERS.admin.email && m.subject.startsWith("Test mail from"))).toHaveLength(1);
    const [row] = await t.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, "test_mail"), eq(emailOutbox.toAddress, DEMO_USERS.admin.email)));
    expect(row!.status).toBe("sent");
  });

  it("says so when the mail server refuses it, and when SMTP is not configured", async () => {
    setMailTransport({
      send: async () => {
        throw Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 });
      },
    });
    await asAdmin();
    const refused = await sendTestMailAction({});
    expect(refused).toMatchObject({ success: true, data: { outcome: "retrying" } });
    expect((refused as { data: { message: string } }).data.message).toContain("550 mailbox unavailable");

    setMailTransport(null);
    expect((await getMailStatus(t.db, { actor: await adminActor() })).smtpConfigured).toBe(false);
    const logged = await sendTestMailAction({});
    expect(logged).toMatchObject({ success: true, data: { outcome: "logged" } });
  });
});
