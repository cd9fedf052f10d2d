// A session cookie whose session is gone keeps a request on the portal page (src/proxy.ts serves
// the prerendered login page only to requests without one): the page has it cleared rather than
// render the login form itself (src/features/account/components/sign-in/stale-session-reset.tsx).
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import ClientPortalPage from "@/app/client-portal/page";
import { session } from "@/features/identity/server/schema";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { callPage } from "@tests/integration/helpers/entry-outcome";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

const renderWith = async (cookie: string | null) => {
  requestHeaders.current = new Headers(cookie ? { cookie } : {});
  return (await callPage(ClientPortalPage as never, {})).outcome;
};

describe("the portal page and a stale session cookie", () => {
  it("has a cookie whose session was deleted cleared; renders the login form without one and the portal with a live one", async () => {
    const cookie = await sessionCookie(DEMO_USERS.acme.email);
    expect(await renderWith(cookie)).toBe("renders ClientPortal");
    expect(await renderWith(null)).toBe("renders LazyClientLoginForm");

    await t.db.delete(session).where(eq(session.userId, DEMO_USERS.acme.id));
    expect(await renderWith(cookie)).toBe("renders StaleSessionReset");
  });

  it("leaves an admin's live session alone: the login form, rendered by the page", async () => {
    expect(await renderWith(await sessionCookie(DEMO_USERS.admin.email, { secondFactor: "totp" }))).toBe("renders LazyClientLoginForm");
  });
});
