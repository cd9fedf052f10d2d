// The portal's server actions: session check, shared validation, persistence on the client's own row.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { earliestStartDate } from "@/features/bookings/validation";
import { auditLog } from "@/features/audit/server/schema";
import { serviceBookings } from "@/features/bookings/server/schema";
import { clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { DEMO_CLIENTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

// Server actions read the request's cookies through next/headers; outside a Next request the test
// supplies them. Everything behind it (better-auth, the guard, the database) is real.
const request: { headers: Headers } = { headers: new Headers() };
vi.mock("next/headers", () => ({ headers: async () => request.headers }));

const { saveAccountSettings } = await import("@/features/clients/actions/portal");
const { requestServiceBooking } = await import("@/features/bookings/actions/portal");
const { loadMoreInvoices } = await import("@/features/invoices/actions/portal");

const t = setupTestDatabase({ seedDemo: true });

async function actAs(email: string | null) {
  request.headers = email ? authHeaders(await sessionCookie(email)) : new Headers();
}

const validSettings = {
  contactPerson: "  Jordan Lee-Smith ",
  contactEmail: "billing@acme.example",
  company: "Acme Robotics",
  phone: "+1 (415) 555-0199 x12",
  address: "1 Market St, San Francisco, CA 94105",
};

const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const validBooking = {
  serviceType: "AI Security Assessment" as const,
  preferredStartDate: nextWeek,
  estimatedScope: "",
  projectDescription: "Assessment of our new agent platform.",
  urgency: "high" as const,
};

beforeEach(() => {
  request.headers = new Headers();
});

describe("saveAccountSettings", () => {
  it("refuses anonymous callers and admins", async () => {
    expect(await saveAccountSettings(validSettings)).toMatchObject({ success: false, error: "Please sign in." });
    await actAs("admin@example.com");
    expect(await saveAccountSettings(validSettings)).toMatchObject({
      success: false,
      error: "Access denied. Please use the admin portal.",
    });
  });

  it("returns field errors for invalid input and changes nothing", async () => {
    await actAs("client@example.com");
    const result = await saveAccountSettings({
      ...validSettings,
      contactPerson: "   ",
      contactEmail: "not-an-email",
      phone: "call me",
      address: "a\u0000b",
    });
    expect(result).toMatchObject({
      success: false,
      fieldErrors: {
        contactPerson: "Contact person is required",
        contactEmail: "Invalid email address",
        phone: "Enter a valid phone number",
        address: "Contains an invalid character",
      },
    });
    const [row] = await t.db.select({ contactPerson: clients.contactPerson }).from(clients).where(eq(clients.id, DEMO_CLIENTS.acme.id));
    expect(row!.contactPerson).toBe(DEMO_CLIENTS.acme.contactPerson);
  });

  it("saves the signed-in client's own record (trimmed, empty optional fields as null), never the sign-in email", async () => {
    await actAs("client@example.com");
    const result = await saveAccountSettings({ ...validSettings, address: "  " });
    expect(result).toEqual({
      success: true,
      data: { ...validSettings, contactPerson: "Jordan Lee-Smith", address: null, joinedDate: DEMO_CLIENTS.acme.joinedDate },
    });
    const [acme] = await t.db.select().from(clients).where(eq(clients.id, DEMO_CLIENTS.acme.id));
    expect(acme).toMatchObject({
      contactPerson: "Jordan Lee-Smith",
      contactEmail: "billing@acme.example",
      phone: "+1 (415) 555-0199 x12",
      address: null,
    });
    const [signIn] = await t.db.select({ email: user.email }).from(user).where(eq(user.id, DEMO_USERS.acme.id));
    expect(signIn!.email).toBe("client@example.com");
    // The other client is untouched.
    const [globex] = await t.db.select().from(clients).where(eq(clients.id, DEMO_CLIENTS.globex.id));
    expect(globex).toMatchObject({
      contactPerson: DEMO_CLIENTS.globex.contactPerson,
      contactEmail: DEMO_CLIENTS.globex.contactEmail,
      phone: DEMO_CLIENTS.globex.phone,
    });
    // And the change is audited with before and after.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "client.settings.update"), eq(auditLog.entityId, DEMO_CLIENTS.acme.id)));
    expect(audit).toMatchObject({
      actorUserId: DEMO_USERS.acme.id,
      before: expect.objectContaining({ contactPerson: "Jordan Lee" }),
    });
  });
});

describe("requestServiceBooking", () => {
  it("refuses anonymous callers", async () => {
    expect(await requestServiceBooking(validBooking)).toMatchObject({ success: false, error: "Please sign in." });
  });

  it("requires service type, start date and description; refuses unknown values and past dates", async () => {
    await actAs("client2@example.com");
    const missing = await requestServiceBooking({
      serviceType: "" as never,
      preferredStartDate: "",
      projectDescription: " ",
      urgency: "medium",
    });
    expect(missing).toMatchObject({
      success: false,
      fieldErrors: {
        serviceType: "Please select a service type",
        preferredStartDate: "Preferred start date is required",
        projectDescription: "Project description is required",
      },
    });
    const bad = await requestServiceBooking({
      ...validBooking,
      serviceType: "Hacking" as never,
      urgency: "yesterday" as never,
      preferredStartDate: "2020-01-01",
    });
    expect(bad).toMatchObject({
      success: false,
      fieldErrors: {
        serviceType: "Please select a service type",
        urgency: "Please select an urgency",
        preferredStartDate: "Preferred start date cannot be in the past",
      },
    });
    expect((await requestServiceBooking({ ...validBooking, preferredStartDate: "2027-02-30" })).success).toBe(false);
  });

  it("stores a pending booking for the signed-in client, urgency medium by default", async () => {
    await actAs("client2@example.com");
    const { urgency: _urgency, ...withoutUrgency } = validBooking;
    const result = await requestServiceBooking({ ...withoutUrgency, serviceType: "Other", preferredStartDate: earliestStartDate() });
    expect(result.success).toBe(true);
    if (!result.success) return;
    const [row] = await t.db.select().from(serviceBookings).where(eq(serviceBookings.id, result.data.id));
    expect(row).toMatchObject({
      clientId: DEMO_CLIENTS.globex.id,
      status: "pending",
      serviceType: "Other",
      urgency: "medium",
      estimatedScope: null,
      projectDescription: validBooking.projectDescription,
    });
  });

  it("limits how many requests a client can send in an hour", async () => {
    await actAs("client@example.com");
    const results = [];
    for (let i = 0; i < 11; i++) results.push(await requestServiceBooking(validBooking));
    expect(results.slice(0, 10).every((r) => r.success)).toBe(true);
    expect(results[10]).toMatchObject({ success: false, error: expect.stringMatching(/Too many booking requests/) });
  });
});

describe("loadMoreInvoices", () => {
  it("pages through the signed-in client's invoices only", async () => {
    expect(await loadMoreInvoices({ offset: 0 })).toMatchObject({ success: false, error: "Please sign in." });
    await actAs("client2@example.com");
    const page = await loadMoreInvoices({ offset: 3 });
    expect(page.success && page.data.map((i) => i.invoiceNumber)).toEqual(["INV-2002", "INV-2004"]);
    expect(await loadMoreInvoices({ offset: -1 })).toMatchObject({ success: false, fieldErrors: { offset: "Invalid offset" } });
  });
});
