// Company names are unique ignoring case (docs/PRODUCT.md#admin-clients): admin pickers list
// clients by company, so a client renaming itself in Settings, or an admin creating a client, gets
// a 400 with a clear message instead of a second "Globex Systems"; the unique index decides a race.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createClientAction } from "@/features/clients/actions/admin";
import { saveAccountSettings } from "@/features/clients/actions/portal";
import { clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { HIDDEN_CHARACTER_MESSAGE } from "@/lib/validation/common";
import { COMPANY_TAKEN, companySkeleton, companyTakenInstead } from "@/features/clients/server/company-names";
import { adminCookie } from "@tests/integration/helpers/admin-session";
import { authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);
const t = setupTestDatabase({ seedDemo: true });

const TAKEN = { success: false, code: "bad_request", error: COMPANY_TAKEN, fieldErrors: { company: COMPANY_TAKEN } };
const acmeSettings = {
  contactPerson: DEMO_CLIENTS.acme.contactPerson,
  contactEmail: DEMO_CLIENTS.acme.contactEmail,
  company: DEMO_CLIENTS.acme.company,
  phone: "",
  address: "",
};
const newClient = (company: string, email: string) => ({ company, contactPerson: "Pat Doe", email, phone: "", address: "" });
const companies = async () => (await t.db.select({ company: clients.company }).from(clients)).map((r) => r.company).sort();

async function actAs(email: string) {
  requestHeaders.current = authHeaders(await sessionCookie(email));
}

beforeEach(() => {
  requestHeaders.current = new Headers();
});

describe("a client renaming its company (portal Settings)", () => {
  it("is refused with a 400 and a clear message when another client has that name in any case, and nothing changes", async () => {
    await actAs("client@example.com");
    const before = await companies();
    for (const company of [
      DEMO_CLIENTS.globex.company,
      DEMO_CLIENTS.globex.company.toUpperCase(),
      ` ${DEMO_CLIENTS.globex.company.toLowerCase()} `,
    ]) {
      expect(await saveAccountSettings({ ...acmeSettings, company })).toEqual(TAKEN);
    }
    expect(await companies()).toEqual(before);
  });

  it("may change the case of its own name, or take a free one", async () => {
    await actAs("client@example.com");
    expect(await saveAccountSettings({ ...acmeSettings, company: DEMO_CLIENTS.acme.company.toUpperCase() })).toMatchObject({
      success: true,
    });
    expect(await saveAccountSettings({ ...acmeSettings, company: "Acme Robotics International" })).toMatchObject({ success: true });
    expect(await saveAccountSettings(acmeSettings)).toMatchObject({ success: true });
  });
});

describe("an admin creating a client", () => {
  it("is refused with a 400 and the same message for an existing company in any case, and creates nothing", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const before = await companies();
    const result = await createClientAction(newClient("acme ROBOTICS", "pat@acme-two.example"));
    expect(result).toEqual(TAKEN);
    expect(await companies()).toEqual(before);
    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.email, "pat@acme-two.example"))).toEqual([]);
  });

  it("creates one of two clients created at once under the same name; the other gets the message", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const results = await Promise.all([
      createClientAction(newClient("Racing Co", "one@racing.example")),
      createClientAction(newClient("RACING CO", "two@racing.example")),
    ]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success)).toEqual([TAKEN]);
    expect((await companies()).filter((c) => c.toLowerCase() === "racing co")).toHaveLength(1);
  });
});

describe("the database", () => {
  it("refuses a second name that differs only in case, and that refusal answers with the same message", async () => {
    const error = await t.db
      .update(clients)
      .set({ company: DEMO_CLIENTS.globex.company.toLowerCase() })
      .where(eq(clients.id, DEMO_CLIENTS.acme.id))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    expect(companyTakenInstead(error)).toMatchObject({
      code: "bad_request",
      message: COMPANY_TAKEN,
      fieldErrors: { company: COMPANY_TAKEN },
    });
    // Anything else is passed on untouched.
    const other = new Error("boom");
    expect(companyTakenInstead(other)).toBe(other);
    const [{ n }] = (await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(clients)
      .where(sql`lower(${clients.company}) = lower(${DEMO_CLIENTS.globex.company})`)) as [{ n: number }];
    expect(n).toBe(1);
  });
});

describe("look-alike names", () => {
  const hidden = {
    success: false,
    code: "bad_request",
    error: HIDDEN_CHARACTER_MESSAGE,
    fieldErrors: { company: HIDDEN_CHARACTER_MESSAGE },
  };

  it("refuses a company name with an invisible or text-direction character, creating nothing", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const before = await companies();
    for (const [i, company] of [
      "Acme Robotics\u200B",
      "Acme\u200B Robotics",
      "\u202EAcme Robotics",
      "Acme\u2066 Robotics",
      "\uFEFFAcme Robotics",
    ].entries())
      expect(await createClientAction(newClient(company, `hidden-${i}@lookalike.example`)), JSON.stringify(company)).toEqual(hidden);
    expect(await companies()).toEqual(before);
  });

  it("refuses a name that only looks like another one's: a Cyrillic letter, another kind of space, full-width letters", async () => {
    requestHeaders.current = authHeaders(await adminCookie());
    const before = await companies();
    for (const [i, company] of [
      "\u0410cme Robotics",
      "Acme\u2002Robotics",
      "Acme  Robotics",
      "\uFF21cme Robotics",
      "Acme Rob\u043Etics",
    ].entries())
      expect(await createClientAction(newClient(company, `alike-${i}@lookalike.example`)), JSON.stringify(company)).toEqual(TAKEN);
    expect(await companies()).toEqual(before);
    // A client renaming itself in Settings is held to the same rule.
    await actAs("client@example.com");
    expect(await saveAccountSettings({ ...acmeSettings, company: "Gl\u043Ebex Systems" })).toEqual(TAKEN);
    expect(await saveAccountSettings({ ...acmeSettings, company: "Globex\u00A0Systems" })).toEqual(TAKEN);
  });

  it("compares with names stored before the rule, hidden characters and all", async () => {
    await t.db.insert(clients).values({ company: "Initech\u200B Labs", contactPerson: "Old", contactEmail: "old@initech.example" });
    requestHeaders.current = authHeaders(await adminCookie());
    expect(await createClientAction(newClient("Initech Labs", "new@initech.example"))).toEqual(TAKEN);
    expect(companySkeleton("Initech\u200B Labs")).toBe(companySkeleton("INITECH LABS"));
    expect(companySkeleton("Acme Robotics")).not.toBe(companySkeleton("Acme Robotics International"));
  });
});
