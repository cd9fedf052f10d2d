// Requests that change data come from the site itself (src/server/core/README.md, "Cross-site requests"):
// every POST, PUT, PATCH and DELETE route handler refuses a cross-site or missing Origin with a 403
// before anything else, but those that cannot carry one (each named here, with its reason in
// src/server/core/same-origin.ts) and the company API, whose proof is a bearer token; a JSON body
// must say it is JSON.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as downloadReport } from "@/app/api/admin/reports/[id]/download/route";
import { POST as sendInquiry } from "@/app/api/contact/send/route";
import { contactInquiries } from "@/features/inquiries/server/schema";
import { adminCookie } from "./helpers/admin-session";
import { APP_ORIGIN, nextTestIp } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { discoverRoutes, importEntryModule } from "./helpers/entry-points";

const t = setupTestDatabase({ seedDemo: true });

const CROSS_SITE = { success: false, error: "Cross-site requests are not allowed.", code: "forbidden" };
const NO_ORIGIN = {
  success: false,
  error: "Requests that change data must come from the site: the Origin header is missing.",
  code: "forbidden",
};
const NOT_JSON = { success: false, error: "Send the body as JSON (Content-Type: application/json).", code: "unsupported_media_type" };

// Routes that other senders reach without a usable Origin; the reason for each is in src/server/core/same-origin.ts.
const EXEMPT = [
  "POST /api/auth/[...all]",
  "POST /api/csp-report",
  "POST /api/notifications/unsubscribe",
  "POST /api/square/webhook",
  "POST /api/trackers/github/[id]",
  "POST /api/trackers/gitlab/[id]",
  "POST /api/trackers/jira/[id]",
];
/** The company API's writes: a bearer token is their proof, never a cookie. */
const isCompanyApi = (key: string) => key.split(" ")[1]!.startsWith("/api/v1/");

type Route = (request: Request, context?: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

function call(route: Route, method: string, path: string, headers: Record<string, string>, body?: string) {
  return route(new Request(`${APP_ORIGIN}${path}`, { method, headers: { "x-forwarded-for": nextTestIp(), ...headers }, body }), {
    params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000", all: ["sign-in", "email"] }),
  });
}

const inquiry = (email: string) =>
  JSON.stringify({
    name: "Dana Whitfield",
    email,
    company: "Northwind",
    serviceInterest: "AI Security Assessment",
    message: "An assessment before launch, please.",
  });
const inquiriesFrom = async (email: string) =>
  (await t.db.select({ id: contactInquiries.id }).from(contactInquiries).where(eq(contactInquiries.email, email))).length;

describe("the Origin of a request that changes data", () => {
  it("is checked by every POST, PUT, PATCH and DELETE route handler on disk, but the named exceptions and the company API", async () => {
    const cookie = await adminCookie();
    const writes = (await discoverRoutes()).flatMap((r) =>
      r.kind === "route" && ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) ? [r] : [],
    );
    const unchecked: string[] = [];
    for (const route of writes) {
      const handler = (await importEntryModule(route.file))[route.method] as Route;
      const path = route.key.split(" ")[1]!.replace("[id]", "00000000-0000-4000-8000-000000000000").replace("[...all]", "sign-in/email");
      const crossSite = await call(
        handler,
        route.method,
        path,
        { cookie, origin: "https://evil.example", "content-type": "application/json" },
        "{}",
      );
      const missing = await call(handler, route.method, path, { cookie, "content-type": "application/json" }, "{}");
      const answers = [await crossSite.json().catch(() => null), await missing.json().catch(() => null)];
      if (EXEMPT.includes(route.key) || isCompanyApi(route.key)) {
        // Its own checks answer (a signature, a token, a report's shape, better-auth's origin check), never ours.
        expect(answers, route.key).not.toContainEqual(CROSS_SITE);
        expect(answers, route.key).not.toContainEqual(NO_ORIGIN);
        if (!isCompanyApi(route.key)) unchecked.push(route.key);
        continue;
      }
      expect([crossSite.status, answers[0]], route.key).toEqual([403, CROSS_SITE]);
      expect([missing.status, answers[1]], route.key).toEqual([403, NO_ORIGIN]);
    }
    expect(unchecked.sort()).toEqual(EXEMPT);
    expect(writes.length).toBeGreaterThan(EXEMPT.length + 5);
  });

  it("refuses a cross-site or Origin-less contact form post before the guard or the body, and stores nothing", async () => {
    for (const [headers, answer] of [
      [{ origin: "https://evil.example" }, CROSS_SITE],
      [{ origin: "null" }, CROSS_SITE],
      [{ origin: `${APP_ORIGIN}.evil.example` }, CROSS_SITE],
      [{}, NO_ORIGIN],
    ] as const) {
      const response = await call(
        sendInquiry,
        "POST",
        "/api/contact/send",
        { ...headers, "content-type": "application/json" },
        inquiry("cross@site.test"),
      );
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(answer);
    }
    expect(await inquiriesFrom("cross@site.test")).toBe(0);
  });

  it("refuses a JSON body sent as text/plain (or without a type) with 415, and accepts the same request as JSON", async () => {
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      null,
    ]) {
      const response = await call(
        sendInquiry,
        "POST",
        "/api/contact/send",
        { origin: APP_ORIGIN, ...(type ? { "content-type": type } : {}) },
        inquiry("plain@site.test"),
      );
      expect(response.status, String(type)).toBe(415);
      expect(await response.json()).toEqual(NOT_JSON);
    }
    expect(await inquiriesFrom("plain@site.test")).toBe(0);

    const json = await call(
      sendInquiry,
      "POST",
      "/api/contact/send",
      { origin: APP_ORIGIN, "content-type": "application/json; charset=utf-8" },
      inquiry("plain@site.test"),
    );
    expect(json.status).toBe(200);
    expect(await inquiriesFrom("plain@site.test")).toBe(1);
    await (globalThis as { __outboxKick?: Promise<unknown> }).__outboxKick;
  });

  it("applies to the admin's JSON routes too: text/plain is refused, the same body as JSON is read", async () => {
    const cookie = await adminCookie();
    // The firm's report download takes JSON (the fresh second factor); the route's id is one no report has.
    const body = JSON.stringify({ code: "123456" });
    const path = "/api/admin/reports/00000000-0000-4000-8000-000000000000/download";
    const plain = await call(downloadReport, "POST", path, { cookie, origin: APP_ORIGIN, "content-type": "text/plain" }, body);
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual(NOT_JSON);
    const crossSite = await call(
      downloadReport,
      "POST",
      path,
      { cookie, origin: "https://evil.example", "content-type": "application/json" },
      body,
    );
    expect(crossSite.status).toBe(403);
    // Read, and answered on its own terms: the firm's download asks for the password first.
    const json = await call(downloadReport, "POST", path, { cookie, origin: APP_ORIGIN, "content-type": "application/json" }, body);
    expect(json.status, await json.clone().text()).toBe(403);
    expect(await json.json()).toMatchObject({ code: "forbidden", fieldErrors: { password: "Enter your password to confirm it is you." } });
  });
});
