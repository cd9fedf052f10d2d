// updateClientRatesAction: replaces a client's rates in one transaction, validated.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { updateClientRatesAction } from "@/features/clients/actions/admin-rates";
import { auditLog } from "@/features/audit/server/schema";
import { clientRates } from "@/features/rates/server/schema";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { replaceClientRates } from "@/features/rates/server";
import { lockCompany } from "@/features/clients/server";
import { authHeaders } from "@tests/integration/helpers/auth";
import { adminActor, adminCookie } from "@tests/integration/helpers/admin-session";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);

const t = setupTestDatabase({ seedDemo: true });
let cookie = "";
beforeAll(async () => {
  cookie = await adminCookie();
});

const post = (input: unknown) => {
  requestHeaders.current = authHeaders(cookie);
  return updateClientRatesAction(input as Parameters<typeof updateClientRatesAction>[0]);
};
const refused = { success: false, code: "bad_request" };
const ratesOf = (clientId: string) =>
  t.db
    .select({
      serviceType: clientRates.serviceType,
      hourlyRateCents: clientRates.hourlyRateCents,
      monthlyRetainerCents: clientRates.monthlyRetainerCents,
      discountTier: clientRates.discountTier,
      description: clientRates.description,
      effectiveFrom: clientRates.effectiveFrom,
    })
    .from(clientRates)
    .where(eq(clientRates.clientId, clientId))
    .orderBy(asc(clientRates.serviceType));

const card = (over: Record<string, unknown> = {}) => ({
  serviceType: "AI Security Assessment",
  hourlyRate: 365,
  monthlyRetainer: 26000,
  discountTier: "Gold",
  description: "Assessments",
  effectiveFrom: "2027-01-01",
  ...over,
});

describe("updateClientRatesAction", () => {
  it("replaces the client's rates, converting dollars to cents and blanks to null", async () => {
    const result = await post({
      clientId: DEMO_CLIENTS.acme.id,
      rates: [
        card(),
        card({ serviceType: "AI Security Governance", hourlyRate: "310.50", monthlyRetainer: "", discountTier: "", description: "" }),
      ],
    });
    expect(result).toEqual({ success: true, data: { count: 2 } });
    expect(await ratesOf(DEMO_CLIENTS.acme.id)).toEqual([
      {
        serviceType: "AI Security Assessment",
        hourlyRateCents: 36_500,
        monthlyRetainerCents: 2_600_000,
        discountTier: "Gold",
        description: "Assessments",
        effectiveFrom: "2027-01-01",
      },
      {
        serviceType: "AI Security Governance",
        hourlyRateCents: 31_050,
        monthlyRetainerCents: null,
        discountTier: null,
        description: null,
        effectiveFrom: "2027-01-01",
      },
    ]);
    // The other client's rates are untouched.
    expect((await ratesOf(DEMO_CLIENTS.globex.id)).map((r) => r.hourlyRateCents)).toEqual([26_000, 33_000]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, "client_rates.replace"));
    expect(entry).toMatchObject({ entityId: DEMO_CLIENTS.acme.id });
    expect((entry!.before as unknown[]).length).toBe(2);
    expect((entry!.after as unknown[]).length).toBe(2);
  });

  it.each([
    ["a negative hourly rate", card({ hourlyRate: -1 }), "rates.0.hourlyRate"],
    ["a negative retainer", card({ monthlyRetainer: "-5" }), "rates.0.monthlyRetainer"],
    ["a non-numeric rate", card({ hourlyRate: "abc" }), "rates.0.hourlyRate"],
    ["an exponent", card({ hourlyRate: 1e21 }), "rates.0.hourlyRate"],
    ["three decimals", card({ hourlyRate: "1.234" }), "rates.0.hourlyRate"],
    ["a missing rate", card({ hourlyRate: null }), "rates.0.hourlyRate"],
    ["an impossible date", card({ effectiveFrom: "2027-02-30" }), "rates.0.effectiveFrom"],
    ["a date in another format", card({ effectiveFrom: "01/02/2027" }), "rates.0.effectiveFrom"],
    ["the year 0000", card({ effectiveFrom: "0000-01-01" }), "rates.0.effectiveFrom"],
    ["a year after 2100", card({ effectiveFrom: "2101-01-01" }), "rates.0.effectiveFrom"],
    ["an empty service type", card({ serviceType: "  " }), "rates.0.serviceType"],
    ["a NUL character", card({ description: "a\u0000b" }), "rates.0.description"],
  ])("refuses %s and keeps every previous rate (all or nothing)", async (_label, bad, field) => {
    const before = await ratesOf(DEMO_CLIENTS.acme.id);
    // A valid card first: it must not be saved either.
    const result = await post({ clientId: DEMO_CLIENTS.acme.id, rates: [card({ serviceType: "Valid First", hourlyRate: 1 }), bad] });
    expect(result).toMatchObject(refused);
    const body = result as { success: false; error: string; fieldErrors: Record<string, string> };
    expect(body.error).toBeTruthy();
    expect(Object.keys(body.fieldErrors)).toEqual([field.replace("rates.0", "rates.1")]);
    expect(await ratesOf(DEMO_CLIENTS.acme.id)).toEqual(before);
  });

  it("rolls back the delete when an insert fails inside the transaction", async () => {
    const before = await ratesOf(DEMO_CLIENTS.acme.id);
    const good = {
      serviceType: "Kept?",
      hourlyRate: 100,
      monthlyRetainer: null,
      discountTier: null,
      description: null,
      effectiveFrom: "2027-01-01",
    };
    // Bypasses the schema on purpose: the database's own check refuses the second row mid-way.
    await expect(
      replaceClientRates(t.db, {
        actor: await adminActor(),
        clientId: DEMO_CLIENTS.acme.id,
        rates: [good, { ...good, hourlyRate: -100 }],
        lockClient: lockCompany,
      }),
    ).rejects.toThrow();
    expect(await ratesOf(DEMO_CLIENTS.acme.id)).toEqual(before);
  });

  it("refuses an unknown client and a body that is not a rate list", async () => {
    expect(await post({ clientId: "00000000-0000-4000-8000-000000000999", rates: [card()] })).toMatchObject({
      ...refused,
      error: "Client not found",
    });
    expect(await post({ clientId: DEMO_CLIENTS.acme.id, rates: "all" })).toMatchObject(refused);
    expect(await post({ clientId: DEMO_CLIENTS.acme.id })).toMatchObject(refused);
    expect(await post({ clientId: DEMO_CLIENTS.acme.id, rates: Array.from({ length: 21 }, () => card()) })).toMatchObject(refused);
  });

  it("accepts an empty list (the client falls back to the default rate cards)", async () => {
    expect(await post({ clientId: DEMO_CLIENTS.globex.id, rates: [] })).toEqual({ success: true, data: { count: 0 } });
    expect(await ratesOf(DEMO_CLIENTS.globex.id)).toEqual([]);
  });
});
