// The entry-point matrix: every route handler, admin and portal page and server action found on
// disk, called as anonymous, client A (Acme Robotics: its owner, and its member in a column that
// defaults to the owner's outcome), client B (Globex Systems) and admin, with
// the expected outcome of each in ONE table. An entry point on disk without a row here fails, and
// so does a row without its entry point, so nothing new ships unexamined. Then every entry point
// is called as client A with client B's ids: nothing of B may come back. How to add a row:
// CONTRIBUTING.md.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PORTAL_SECTIONS } from "@/lib/domain/portal-section";
import { SETTINGS_TABS } from "@/lib/domain/settings-tab";
import { ADMIN_ACCOUNT_TABS, ADMIN_SETTINGS_TABS } from "@/lib/domain/admin-settings-tab";
import { PASSKEY_MESSAGES } from "@/lib/passkey-errors";
import { recentQuarters } from "@/features/analytics/validation";
import { DEMO_LETTER, DEMO_SUBSCRIPTIONS, DEMO_TIERS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { BUILTIN_CASES, engagementTargets, ensureBuiltinPlan, PACK_NOT_FOUND } from "@/features/evidence/server";
import { DEMO_TEMPLATES } from "@/features/demo/server/demo-templates";
import { and, eq } from "drizzle-orm";
import { apiTokens as apiTokensTable } from "@/features/api/server/schema";
import { findingTemplates } from "@/features/findings/server/schema/records";
import { ssoDomains, ssoSettings } from "@/features/sso/server/schema";
import { trackerConnections } from "@/features/trackers/server/schema";
import { webhookDeliveries, webhookEndpoints, webhookEvents } from "@/features/webhooks/server/schema";
import { sealSecret } from "@/server/core/sealed-secret";
import { DEFAULT_TRACKER_MAPPING } from "@/lib/domain/tracker";
import { newSealedWebhookSecret } from "@/features/webhooks/server";
import { DEMO_OVERAGE_REQUEST_ID } from "@/features/demo/server/demo-retainer";
import { demoPdf } from "@/features/demo/server/demo-files";
import { saveAuthorizationDraft } from "@/features/authorizations/server";
import { DEFAULT_AUTHORIZATION_TERMS } from "@/lib/domain/authorization-terms";
import { adminActor } from "./helpers/admin-session";
import { API_SCOPES, type ApiScope } from "@/lib/domain/api-scope";
import { createApiToken } from "@/features/api/server";
import { requireClient } from "@/features/identity/server/sessions/session";
import { SSO_STEP_UP_UNAVAILABLE } from "@/features/identity/server/sso/start";
import { FRESH_PASSWORD_PROMPT } from "@/features/identity/server/second-factor/fresh-second-factor";
import { DELETE_REFUSED_MESSAGE } from "@/features/clients/server";
import { DEAD_JOB_GONE } from "@/features/operations/server";
import { signDownloadUrl } from "@/server/core/storage/signed-url";
import { signReportLink } from "@/features/reports/server/report-link";
import { createUnsubscribeToken } from "@/features/notifications/server/unsubscribe-token";
import { authHeaders, APP_ORIGIN, nextTestIp, sessionCookie } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { discoverEntryPoints, importEntryModule, isServerActionModule, type EntryPoint } from "./helpers/entry-points";
import { callAction, callPage, callRoute, errorBody, type PageCall, type RouteCall } from "./helpers/entry-outcome";
import { requestHeaders, settleAfterTasks } from "./helpers/next-headers-mock";
import { setupFakeSquare } from "./helpers/square";
import {
  createFreshCompany,
  createFreshObjects,
  leakedIdentifiers,
  rateCardsOf,
  seedTenantReports,
  TENANTS,
  type FreshObjects,
  type Tenant,
} from "./helpers/tenants";
import { pdfBytes } from "./helpers/upload-files";
import { shareItems, shareRecipients, shares, shareSessions } from "@/features/sharing/server/schema";
import { hashSecret } from "@/features/sharing/server/secrets";
import { LINK_INVALID, LINK_REQUESTED, MEMBERS_MAY_NOT_SHARE, NOT_SIGNED_IN } from "@/features/sharing/server";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) => (await import("./helpers/next-headers-mock")).nextServerMock(importOriginal));

const t = setupTestDatabase({ seedDemo: true });
beforeAll(async () => seedTenantReports(t.db));
setupFakeSquare();
// The contact route starts a background outbox drain; let it finish before the database closes.
afterAll(async () => {
  await (globalThis as { __outboxKick?: Promise<unknown> }).__outboxKick;
});

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

const ROLES = ["anonymous", "clientA", "clientAMember", "clientB", "admin", "recipient"] as const;
type Role = (typeof ROLES)[number];
/**
 * The columns every row writes out; client A's member gets client A's (owner's) outcome unless the
 * row says otherwise, and a share recipient (a third party signed in by a mailed link to one of
 * client A's shares: its own cookie, no user: docs/PRODUCT.md#sharing-with-third-parties) gets the
 * anonymous outcome unless the row says otherwise.
 */
type Expectations<E = Expected> = Record<Exclude<Role, "clientAMember" | "recipient">, E> & { clientAMember?: E; recipient?: E };
const expectedOf = (c: Case, role: Role): Expected =>
  role === "clientAMember"
    ? (c.expect.clientAMember ?? c.expect.clientA)
    : role === "recipient"
      ? (c.expect.recipient ?? c.expect.anonymous)
      : c.expect[role];

/**
 * What a call gets: `target` is the tenant whose objects the call names (client A in the matrix,
 * client B in the cross-tenant run), `own` the caller's tenant (client B for the clientB column,
 * client A otherwise), `fresh` objects of `target` made for this call alone when the row sets
 * `fresh: true`.
 */
type Ctx = { own: Tenant; target: Tenant; fresh: FreshObjects };

/** Route: a status, or a status with the body's `error`, a partial JSON body, a Location pattern. */
type RouteExpect = number | { status: number; error?: string; json?: Record<string, unknown>; location?: RegExp };
/** Page: "renders" (a fragment), "renders <TopComponent>", "redirect <url>", "notFound". */
type PageExpect = string;
/** Action: "ok" (any data), or the result to match: { success: false, error } / { success: true, data }. */
type ActionExpect = "ok" | { success: boolean; error?: string; data?: unknown; fieldErrors?: Record<string, string> };
type Expected = RouteExpect | PageExpect | ActionExpect;

type Case = {
  /** Several cases of one entry point (query variants, extra checks) are told apart by name. */
  name?: string;
  /** Route handlers: the request (made after any setup it awaits); pages: params/searchParams. */
  call?: (c: Ctx) => RouteCall | PageCall | Promise<RouteCall>;
  /** Server actions: the input. */
  input?: (c: Ctx) => unknown | Promise<unknown>;
  /** Make fresh objects of the target tenant for each call (destructive entry points). */
  fresh?: boolean;
  expect: Expectations;
  /** Client A naming client B's objects; defaults to the clientB column (B naming A's objects). */
  crossTenant?: Expected;
};

const SIGN_IN: RouteExpect = { status: 401, error: "Please sign in." };
const ADMINS_ONLY: RouteExpect = { status: 403, error: "Access denied. Admins only." };
const CLIENTS_ONLY: RouteExpect = { status: 403, error: "Access denied. Please use the admin portal." };
const ACTION_SIGN_IN: ActionExpect = { success: false, error: "Please sign in." };
/** The company API: a client role's company token reads; no token (anonymous) and a session cookie (admin) are 401. */
const apiRead = (ok: RouteExpect): Expectations<RouteExpect> => ({ anonymous: 401, clientA: ok, clientB: ok, admin: 401 });
const apiEveryone = (e: RouteExpect): Expectations<RouteExpect> => ({ anonymous: e, clientA: e, clientB: e, admin: e });

/** A step-up asking a person without a second factor for the password (docs/PRODUCT.md#portal-reports). */
const PASSWORD_STEP_UP: RouteExpect = {
  status: 403,
  json: { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
};
/** The RFC 8058 one-click body a mail client posts. */
function oneClickForm(): FormData {
  const form = new FormData();
  form.set("List-Unsubscribe", "One-Click");
  return form;
}
const ACTION_ADMINS_ONLY: ActionExpect = { success: false, error: "Access denied. Admins only." };
const ACTION_CLIENTS_ONLY: ActionExpect = { success: false, error: "Access denied. Please use the admin portal." };
const IN_SQUARE = "This subscription is run by Square: change it in Square and the change comes back here.";
const PLAN_PROVIDER_FAILED =
  "Your plan could not be changed with our payment provider. Please try again later or contact your account manager.";
const ADMIN_LOGIN = "redirect /admin/login";
/** The share room's recipient routes: every user role alike (a user's session is no recipient's). */
const sharedEveryone = (e: RouteExpect): Expectations<RouteExpect> => ({ anonymous: e, clientA: e, clientB: e, admin: e });
/** The same outcome for every role (public entry points). */
const everyone = <E extends Expected>(e: E): Expectations<E> => ({ anonymous: e, clientA: e, clientB: e, admin: e });
const signedInEveryone = <E extends Expected>(e: E) => ({ clientA: e, clientB: e, admin: e });
const adminOnlyRoute = (admin: RouteExpect): Expectations<RouteExpect> => ({
  anonymous: SIGN_IN,
  clientA: ADMINS_ONLY,
  clientB: ADMINS_ONLY,
  admin,
});
const adminOnlyAction = (admin: ActionExpect): Expectations<ActionExpect> => ({
  anonymous: ACTION_SIGN_IN,
  clientA: ACTION_ADMINS_ONLY,
  clientB: ACTION_ADMINS_ONLY,
  admin,
});
const OWNER_ONLY: ActionExpect = { success: false, error: "Only an owner of your company can do this." };
/** The board summary rows' calls so far: each asks for a quarter of its own. */
let summaryCalls = 0;
/**
 * A Team action: client A's owner gets `owner`, its member the owner-only refusal, client B (naming
 * A's people) finds none of them unless `clientB` says what it gets on its own company.
 */
const PRIVATE_TRACKER_REFUSAL =
  "10.0.0.1 is not an address on the public internet: requests to private, local and reserved addresses are refused.";
const PRIVATE_TRACKER_ADDRESS: ActionExpect = {
  success: false,
  error: PRIVATE_TRACKER_REFUSAL,
  fieldErrors: { token: PRIVATE_TRACKER_REFUSAL },
};
const ownerOnlyAction = (
  owner: ActionExpect,
  clientB: ActionExpect = { success: false, error: "Person not found" },
): Expectations<ActionExpect> => ({
  anonymous: ACTION_SIGN_IN,
  clientA: owner,
  clientAMember: OWNER_ONLY,
  clientB,
  admin: ACTION_CLIENTS_ONLY,
});
const adminPage = (admin: PageExpect): Expectations<PageExpect> => ({
  anonymous: ADMIN_LOGIN,
  clientA: ADMIN_LOGIN,
  clientB: ADMIN_LOGIN,
  admin,
});

const reportForm = (projectId: string) => {
  const form = new FormData();
  form.set("projectId", projectId);
  form.set("title", "Matrix report");
  form.set("file", new File([demoPdf("Matrix report") as Uint8Array<ArrayBuffer>], "matrix-report.pdf", { type: "application/pdf" }));
  return form;
};
const templateForm = () => {
  const form = new FormData();
  const bytes = readFileSync(path.join(process.cwd(), "src/features/reports/server/templates/default-report.docx"));
  form.set("file", new File([new Uint8Array(bytes)], "firm-template.docx", { type: "application/octet-stream" }));
  return form;
};
const uploadForm = (clientId: string) => {
  const form = new FormData();
  form.set("clientId", clientId);
  form.set("category", "report");
  form.set("file", new File([pdfBytes()], "matrix.pdf", { type: "application/pdf" }));
  return form;
};
const messageForm = (fields: Record<string, string>, withFile = false) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (withFile) form.set("file", new File([pdfBytes()], "matrix.pdf", { type: "application/pdf" }));
  return form;
};
const THREAD_NOT_FOUND: RouteExpect = { status: 404, error: "Conversation not found" };
const FINDING_NOT_FOUND: ActionExpect = { success: false, error: "Finding not found" };
/** A client's step on a finding: client A (owner and member alike) may, B finds none of A's, the firm uses its own screens. */
const clientFindingAction = (clientA: ActionExpect, clientAMember: ActionExpect = clientA): Expectations<ActionExpect> => ({
  anonymous: ACTION_SIGN_IN,
  clientA,
  clientAMember,
  clientB: FINDING_NOT_FOUND,
  admin: ACTION_CLIENTS_ONLY,
});
/** A SARIF 2.1.0 log with one result. */
const oneResultSarif = () =>
  JSON.stringify({
    version: "2.1.0",
    runs: [{ tool: { driver: { name: "matrix" } }, results: [{ ruleId: "MX1", level: "error", message: { text: "Matrix result" } }] }],
  });
const importForm = (projectId: string) => {
  const form = new FormData();
  form.set("projectId", projectId);
  form.set("format", "sarif");
  form.set("file", new File([oneResultSarif()], "matrix.sarif", { type: "application/json" }));
  return form;
};
/** A promptfoo results file of one run in which the attack never landed (nothing moves). */
const runForm = () => {
  const form = new FormData();
  form.set("modelVersion", "matrix");
  const results = { results: { results: [{ success: true, provider: "matrix:model", testCase: {} }] } };
  form.set("file", new File([JSON.stringify(results)], "results.json", { type: "application/json" }));
  return form;
};
const evidenceForm = () => {
  const form = new FormData();
  form.set("file", new File([pdfBytes()], "evidence.pdf", { type: "application/pdf" }));
  return form;
};
/** A template of the firm's for a call that changes or deletes one. */
const matrixTemplate = async () =>
  (await t.db.insert(findingTemplates).values({ title: "Matrix template" }).returning({ id: findingTemplates.id }))[0]!.id;

const findingInput = {
  title: "Matrix finding",
  severity: "low",
  cvssVector: "",
  assets: "",
  description: "",
  remediation: "",
  references: "",
  owaspLlm: ["LLM01"],
  atlas: ["AML.T0051"],
};
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const ENTRY_POINTS: Record<string, Case | Case[]> = {
  // --- public ---------------------------------------------------------------------------------
  // The signed unsubscribe link works signed out; the caller's own user's link (a mail it received).
  "POST /api/notifications/unsubscribe": {
    call: ({ own }) => ({
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(DEMO_USERS[own.name].id, "projects"))}`,
      form: oneClickForm(),
    }),
    expect: everyone({ status: 200, json: { success: true, category: "projects" } }),
  },
  "GET /api/notifications/unsubscribe": {
    call: ({ own }) => ({
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(DEMO_USERS[own.name].id, "projects"))}`,
    }),
    expect: everyone({ status: 303, location: /\/unsubscribe\?token=[^&]+$/ }),
  },
  // Development only: the tests run without APP_ENV=development, as production does.
  "GET /dev/mail/[id]": {
    call: () => ({ url: "/dev/mail/00000000-0000-4000-8000-000000000000", params: { id: "00000000-0000-4000-8000-000000000000" } }),
    expect: everyone({ status: 404, error: "Not found" }),
  },
  "GET /api/health": [
    { name: "plain", call: () => ({ url: "/api/health" }), expect: everyone({ status: 200, json: { status: "ok" } }) },
    // Each queue's backlog: a signed-in admin (or the monitoring token, in its own test); nobody else.
    {
      name: "deep",
      call: () => ({ url: "/api/health?deep=1" }),
      expect: adminOnlyRoute({ status: 200, json: { status: "ok", queues: expect.any(Array) } }),
    },
  ],
  "GET /.well-known/jwks.json": {
    call: () => ({ url: "/.well-known/jwks.json" }),
    // The letters' Ed25519 key, then the PDF-sealing certificate a client can pin.
    expect: everyone({
      status: 200,
      json: {
        keys: [
          { kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" },
          { kty: "RSA", use: "sig", x5c: [expect.any(String)] },
        ],
      },
    }),
  },
  // A letter's state is public, like its /verify page: the same answer for everyone.
  "GET /api/verify/[code]": {
    call: () => ({ url: `/api/verify/${DEMO_LETTER.code}`, params: { code: DEMO_LETTER.code } }),
    // Other rows issue and revoke letters of this engagement, so the state is whichever is current.
    expect: everyone({
      status: 200,
      json: { success: true, code: "ACME0-GATE1", state: expect.stringMatching(/^(valid|superseded|revoked)$/) },
    }),
  },
  "POST /api/contact/send": {
    call: () => ({
      url: "/api/contact/send",
      json: {
        name: "Matrix Tester",
        email: "matrix@example.test",
        company: "Matrix Co",
        serviceInterest: "AI Security Assessment",
        message: "Testing every entry point.",
      },
    }),
    expect: everyone({ status: 200, json: { success: true } }),
  },
  // Browsers post violation reports without credentials; a signed-in caller is treated the same.
  "POST /api/csp-report": {
    call: () => ({
      url: "/api/csp-report",
      json: {
        "csp-report": {
          "document-uri": "http://localhost:3000/client-portal",
          "effective-directive": "script-src-elem",
          "blocked-uri": "inline",
        },
      },
    }),
    expect: everyone(204),
  },
  "POST /api/square/webhook": {
    call: () => ({
      url: "/api/square/webhook",
      json: { event_id: "matrix", type: "invoice.updated" },
      headers: { "x-square-hmacsha256-signature": "bogus" },
    }),
    expect: everyone({ status: 401, error: "Invalid webhook signature." }),
  },
  // Whoever holds a signed link may download (a bearer link, minted only for the owner or an
  // admin). The call holds a link to a document of the caller's own tenant but names the target's
  // document: the same document for everyone but client B, whose link cannot open A's.
  // A stamped copy's link: the signature is the permission, like /api/files. Client B's link names
  // B's own download; put on A's download id it opens nothing.
  // Sharing with third parties (docs/PRODUCT.md#sharing-with-third-parties): the recipient's session
  // cookie is the permission; a user's session is none. Client A naming B's item: still not signed in.
  "GET /api/shared/items/[id]/file": {
    call: async ({ target }) => {
      const { itemId } = await shareFixture(target);
      return { url: `/api/shared/items/${itemId}/file`, params: { id: itemId } };
    },
    expect: { ...sharedEveryone({ status: 401, error: NOT_SIGNED_IN }), recipient: 200 },
  },
  "GET /api/shared/items/[id]/pages/[page]": {
    call: async ({ target }) => {
      const { itemId } = await shareFixture(target);
      return { url: `/api/shared/items/${itemId}/pages/1`, params: { id: itemId, page: "1" } };
    },
    expect: { ...sharedEveryone({ status: 401, error: NOT_SIGNED_IN }), recipient: 200 },
  },
  "POST /api/shared/nda": {
    call: () => ({ url: "/api/shared/nda", json: { name: "Matrix Recipient", accept: true } }),
    expect: { ...sharedEveryone({ status: 401, error: NOT_SIGNED_IN }), recipient: { status: 200, json: { success: true } } },
  },
  "POST /api/shared/session": {
    call: () => ({ url: "/api/shared/session", json: { token: "x".repeat(43) } }),
    expect: sharedEveryone({ status: 403, error: LINK_INVALID }),
  },
  "DELETE /api/shared/session": {
    call: () => ({ url: "/api/shared/session" }),
    expect: sharedEveryone(204),
  },
  // An address of its own per call: the same answer whether or not anything is shared with it.
  "POST /api/shared/link": {
    call: () => ({ url: "/api/shared/link", json: { email: `m${randomUUID().slice(0, 8)}@matrix.example` } }),
    expect: sharedEveryone({ status: 200, json: { success: true, message: LINK_REQUESTED } }),
  },
  "GET /api/reports/files/[id]": {
    call: ({ own, target }) => {
      const signed = new URL(signReportLink(own.reportDownloadId));
      return { url: `/api/reports/files/${target.reportDownloadId}${signed.search}`, params: { id: target.reportDownloadId } };
    },
    expect: { anonymous: 200, clientA: 200, clientB: { status: 403, error: "This download link is invalid or has expired." }, admin: 200 },
  },
  "GET /api/files/[id]": {
    call: ({ own, target }) => {
      const signed = new URL(signDownloadUrl(own.documentId, { holder: { userId: own.ownerUserId } }).url);
      return { url: `/api/files/${target.documentId}${signed.search}`, params: { id: target.documentId } };
    },
    expect: { anonymous: 200, clientA: 200, clientB: { status: 403, error: "This download link is invalid or has expired." }, admin: 200 },
  },
  // better-auth's catch-all: the session endpoint shows who is signed in, sign-in refuses a wrong password.
  "GET /api/auth/[...all]": [
    {
      name: "get-session",
      call: () => ({ url: "/api/auth/get-session", params: { all: ["get-session"] } }),
      expect: {
        anonymous: 200,
        clientA: { status: 200, json: { user: { email: "client@example.com" } } },
        clientAMember: { status: 200, json: { user: { email: "member@example.com" } } },
        clientB: { status: 200, json: { user: { email: "client2@example.com" } } },
        admin: { status: 200, json: { user: { email: "admin@example.com" } } },
      },
      crossTenant: { status: 200, json: { user: { email: "client@example.com" } } },
    },
    {
      // A company's identity provider sending a browser back: without the flow's state, to the error page.
      name: "sso-callback",
      call: ({ target }) => ({
        url: `/api/auth/sso/callback/company-${target.clientId}?code=matrix&state=matrix`,
        params: { all: ["sso", "callback", `company-${target.clientId}`] },
      }),
      expect: everyone(302),
    },
    {
      // Our service provider metadata for a company's SAML provider: Acme's provider is OpenID
      // Connect, Globex has none.
      name: "sso-saml-metadata",
      call: ({ target }) => ({
        url: `/api/auth/sso/saml2/sp/metadata?providerId=company-${target.clientId}`,
        params: { all: ["sso", "saml2", "sp", "metadata"] },
      }),
      expect: everyone(400),
      crossTenant: 404,
    },
    {
      // One of better-auth's endpoints the route does not serve (src/features/identity/server/http-endpoints.ts).
      name: "list-sessions",
      call: () => ({ url: "/api/auth/list-sessions", params: { all: ["list-sessions"] } }),
      expect: everyone(404),
    },
  ],
  // The login's address step: a domain's single sign-on, never whether an account exists.
  "GET /api/sso/lookup": [
    {
      name: "password",
      call: () => ({ url: "/api/sso/lookup?email=someone%40example.com" }),
      expect: everyone({ status: 200, json: { kind: "password" } }),
    },
    {
      name: "acme.example",
      call: () => ({ url: "/api/sso/lookup?email=dana%40acme.example" }),
      // The company is not named: anyone may type an address.
      expect: everyone({ status: 200, json: { kind: "sso", required: false } }),
    },
    {
      name: "not an address",
      call: () => ({ url: "/api/sso/lookup?email=nope" }),
      expect: everyone(400),
    },
  ],
  "POST /api/auth/[...all]": [
    {
      // Client B's account, so this row and the sign-in action's (client A's) each stay within one
      // account's budget of failed attempts from unknown browsers, over every column.
      name: "sign-in",
      call: () => ({
        url: "/api/auth/sign-in/email",
        params: { all: ["sign-in", "email"] },
        json: { email: "client2@example.com", password: "wrong-password" },
      }),
      expect: everyone(401),
    },
    {
      // A SAML provider posting to a company's ACS: neither demo company has a SAML provider.
      name: "sso-saml-acs",
      call: ({ target }) => ({
        url: `/api/auth/sso/saml2/sp/acs/company-${target.clientId}`,
        params: { all: ["sso", "saml2", "sp", "acs", `company-${target.clientId}`] },
        json: { SAMLResponse: Buffer.from("<not-a-response/>").toString("base64") },
      }),
      expect: everyone(404),
    },
  ],

  // --- client routes --------------------------------------------------------------------------
  "GET /api/client/documents/[id]": {
    call: ({ target }) => ({ url: `/api/client/documents/${target.documentId}`, params: { id: target.documentId } }),
    expect: {
      anonymous: SIGN_IN,
      clientA: { status: 200, json: { filename: "Master Services Agreement.pdf" } },
      clientB: { status: 404, error: "Document not found" },
      admin: CLIENTS_ONLY,
    },
  },
  // The report vault (docs/PRODUCT.md#portal-reports): B's own list carries none of A's reports.
  // The demo people have no second factor, so a download asks for the password first (the proofs
  // and what follows them: src/features/reports/tests/report-vault.test.ts, authenticator-step-up.test.ts).
  "GET /api/client/reports": {
    call: () => ({ url: "/api/client/reports" }),
    expect: { anonymous: SIGN_IN, clientA: { status: 200, json: { success: true } }, clientB: 200, admin: CLIENTS_ONLY },
  },
  // Only an owner signs (a member is refused before the step-up); the owner, and B naming A's, are asked for the password first.
  "POST /api/client/authorizations/[id]/sign": {
    call: ({ target }) => ({
      url: `/api/client/authorizations/${target.authorizationId}/sign`,
      params: { id: target.authorizationId },
      json: { fullName: "Jordan Lee", entitled: true, documentHash: "0".repeat(64) },
    }),
    expect: {
      anonymous: SIGN_IN,
      clientA: PASSWORD_STEP_UP,
      clientAMember: { status: 403, error: "Only an owner of your company can sign the authorization." },
      clientB: PASSWORD_STEP_UP,
      admin: CLIENTS_ONLY,
    },
  },
  "GET /api/client/authorizations/[id]/pdf": {
    call: ({ target }) => ({ url: `/api/client/authorizations/${target.authorizationId}/pdf`, params: { id: target.authorizationId } }),
    expect: {
      anonymous: SIGN_IN,
      clientA: 200,
      clientB: { status: 404, error: "Authorization not found" },
      admin: CLIENTS_ONLY,
    },
  },
  "POST /api/client/reports/[id]/download": {
    call: ({ target }) => ({ url: `/api/client/reports/${target.reportId}/download`, params: { id: target.reportId }, json: {} }),
    expect: {
      anonymous: SIGN_IN,
      clientA: PASSWORD_STEP_UP,
      clientB: PASSWORD_STEP_UP,
      admin: CLIENTS_ONLY,
    },
  },
  // A finding's reproducer: owners only (a member is refused before the step-up); the owner, and B
  // naming A's, are asked for the password first (what follows the proof: reproducers-and-runs.test.ts).
  "POST /api/client/findings/[id]/reproducer": {
    call: ({ target }) => ({ url: `/api/client/findings/${target.findingId}/reproducer`, params: { id: target.findingId }, json: {} }),
    expect: {
      anonymous: SIGN_IN,
      clientA: PASSWORD_STEP_UP,
      clientAMember: { status: 403, error: "Only an owner of your company can do this." },
      clientB: PASSWORD_STEP_UP,
      admin: CLIENTS_ONLY,
    },
  },
  // A run's results uploaded by an owner (no success: nothing moves); a member is refused, B naming A's finding finds none.
  "POST /api/client/findings/[id]/runs": {
    call: ({ target }) => ({ url: `/api/client/findings/${target.findingId}/runs`, params: { id: target.findingId }, form: runForm() }),
    expect: {
      anonymous: SIGN_IN,
      clientA: { status: 200, json: { success: true, regressed: false } },
      clientAMember: { status: 403, error: "Only an owner of your company can do this." },
      clientB: { status: 404, error: "Finding not found" },
      admin: CLIENTS_ONLY,
    },
  },
  // The access log: owners only (a member is refused); B's own log names nothing of A.
  "GET /api/client/access-log": {
    call: () => ({ url: "/api/client/access-log?page=1" }),
    expect: {
      anonymous: SIGN_IN,
      clientA: { status: 200, json: { success: true, page: 1 } },
      clientAMember: { status: 403, error: "Only an owner of your company can do this." },
      clientB: 200,
      admin: CLIENTS_ONLY,
    },
  },
  "GET /api/client/access-log/export": {
    call: () => ({ url: "/api/client/access-log/export" }),
    expect: {
      anonymous: SIGN_IN,
      clientA: 200,
      clientAMember: { status: 403, error: "Only an owner of your company can do this." },
      clientB: 200,
      admin: CLIENTS_ONLY,
    },
  },
  // The company API (docs/PRODUCT.md#api-and-webhooks): a client role calls it with its company's
  // token (apiTokenFor), never its cookie, so the admin's session and no credential are both 401.
  "GET /api/v1/openapi.json": {
    call: () => ({ url: "/api/v1/openapi.json" }),
    expect: everyone({ status: 200, json: { openapi: "3.1.0" } }),
  },
  "GET /api/v1/projects": [
    { call: () => ({ url: "/api/v1/projects" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/projects", headers: withoutScope("projects:read") }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/findings": [
    { call: () => ({ url: "/api/v1/findings?limit=100" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/findings", headers: withoutScope("findings:read") }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/exports/findings": [
    { call: () => ({ url: "/api/v1/exports/findings?format=ocsf" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/exports/findings?format=sarif", headers: withoutScope("findings:read") }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/findings/[id]": [
    {
      call: ({ target }) => ({ url: `/api/v1/findings/${target.findingId}`, params: { id: target.findingId } }),
      expect: { ...apiRead({ status: 200, json: { data: { id: expect.any(String) } } }), clientB: 404 },
    },
    {
      name: "a token without the scope",
      call: ({ target }) => ({
        url: `/api/v1/findings/${target.findingId}`,
        params: { id: target.findingId },
        headers: withoutScope("findings:read"),
      }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/reports": [
    { call: () => ({ url: "/api/v1/reports?limit=100" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/reports", headers: withoutScope("reports:read") }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/invoices": [
    { call: () => ({ url: "/api/v1/invoices?limit=100" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/invoices", headers: withoutScope("invoices:read") }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/retests": [
    { call: () => ({ url: "/api/v1/retests?limit=100" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/retests", headers: withoutScope("findings:read") }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/attestation-letters": [
    { call: () => ({ url: "/api/v1/attestation-letters" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/attestation-letters", headers: withoutScope("reports:read") }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/engagements/[id]/coverage": [
    {
      call: ({ target }) => ({ url: `/api/v1/engagements/${target.projectId}/coverage`, params: { id: target.projectId } }),
      expect: { ...apiRead({ status: 200, json: { data: expect.objectContaining({ summary: expect.any(String) }) } }), clientB: 404 },
      crossTenant: 404,
    },
    {
      name: "a token without the scope",
      call: ({ target }) => ({
        url: `/api/v1/engagements/${target.projectId}/coverage`,
        params: { id: target.projectId },
        headers: withoutScope("reports:read"),
      }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/engagements/[id]/evidence-pack": [
    {
      call: ({ target }) => ({ url: `/api/v1/engagements/${target.projectId}/evidence-pack`, params: { id: target.projectId } }),
      expect: { ...apiRead({ status: 200, json: { data: expect.objectContaining({ jws: expect.any(String) }) } }), clientB: 404 },
      crossTenant: 404,
    },
    {
      name: "a token without the scope",
      call: ({ target }) => ({
        url: `/api/v1/engagements/${target.projectId}/evidence-pack`,
        params: { id: target.projectId },
        headers: withoutScope("reports:read"),
      }),
      expect: apiEveryone(403),
    },
  ],
  // The access log is an owner's read: the scope grants it (only owners make tokens).
  "GET /api/v1/access-log": [
    {
      call: () => ({ url: "/api/v1/access-log?limit=100" }),
      expect: apiRead({ status: 200, json: { data: expect.any(Array) } }),
    },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/access-log", headers: withoutScope("access-log:read") }),
      expect: apiEveryone(403),
    },
  ],
  // The client's moves on a finding: B's token naming A's finding finds none.
  "POST /api/v1/findings/[id]/comments": [
    {
      call: ({ target }) => ({
        url: `/api/v1/findings/${target.findingId}/comments`,
        params: { id: target.findingId },
        json: { body: "From the matrix" },
      }),
      expect: { ...apiRead({ status: 201, json: { data: { id: expect.any(String) } } }), clientB: 404 },
    },
    {
      name: "a token without the scope",
      call: ({ target }) => ({
        url: `/api/v1/findings/${target.findingId}/comments`,
        params: { id: target.findingId },
        json: { body: "From the matrix" },
        headers: withoutScope("findings:write"),
      }),
      expect: apiEveryone(403),
    },
  ],
  "POST /api/v1/findings/[id]/retest-requests": {
    fresh: true,
    call: ({ fresh }) => ({
      url: `/api/v1/findings/${fresh.openFindingId}/retest-requests`,
      params: { id: fresh.openFindingId },
      json: { note: "Fixed in the matrix" },
    }),
    expect: { ...apiRead({ status: 201, json: { data: { id: expect.any(String) } } }), clientB: 404 },
  },
  "POST /api/v1/findings/[id]/risk-acceptance": {
    fresh: true,
    call: ({ fresh }) => ({
      url: `/api/v1/findings/${fresh.openFindingId}/risk-acceptance`,
      params: { id: fresh.openFindingId },
      json: { reason: "Accepted in the matrix", expiresOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) },
    }),
    expect: { ...apiRead({ status: 200, json: { data: { status: "risk_accepted" } } }), clientB: 404 },
  },
  "PUT /api/v1/findings/[id]/remediation-owner": {
    call: ({ target }) => ({
      url: `/api/v1/findings/${target.findingId}/remediation-owner`,
      params: { id: target.findingId },
      json: { ownerEmail: null },
    }),
    expect: { ...apiRead({ status: 200, json: { data: { owner: null } } }), clientB: 404 },
  },
  // A run of the company's CI on an AI finding (no success: nothing moves); B's token naming A's finding finds none.
  "POST /api/v1/findings/[id]/runs": [
    {
      call: ({ target }) => ({
        url: `/api/v1/findings/${target.findingId}/runs`,
        params: { id: target.findingId },
        json: { trials: 10, successes: 0, modelVersion: "matrix" },
      }),
      expect: { ...apiRead({ status: 201, json: { data: { regressed: false } } }), clientB: 404 },
    },
    {
      name: "a token without the scope",
      call: ({ target }) => ({
        url: `/api/v1/findings/${target.findingId}/runs`,
        params: { id: target.findingId },
        json: { trials: 10, successes: 0, modelVersion: "matrix" },
        headers: withoutScope("findings:write"),
      }),
      expect: apiEveryone(403),
    },
  ],
  // The version a target of the engagement runs now: B's token naming A's engagement finds none.
  "PUT /api/v1/projects/[id]/model-versions": [
    {
      call: ({ target }) => ({
        url: `/api/v1/projects/${target.projectId}/model-versions`,
        params: { id: target.projectId },
        json: { modelId: "matrix-model", modelVersion: "2026-12" },
      }),
      expect: { ...apiRead({ status: 200, json: { data: { modelVersion: "2026-12" } } }), clientB: 404 },
    },
    {
      name: "a token without the scope",
      call: ({ target }) => ({
        url: `/api/v1/projects/${target.projectId}/model-versions`,
        params: { id: target.projectId },
        json: { modelId: "matrix-model", modelVersion: "2026-12" },
        headers: withoutScope("findings:write"),
      }),
      expect: apiEveryone(403),
    },
  ],
  // A scheduled re-run of the engagement's reproducers: B's token naming A's engagement finds none.
  "POST /api/v1/projects/[id]/runs": [
    {
      call: ({ target }) => ({
        url: `/api/v1/projects/${target.projectId}/runs`,
        params: { id: target.projectId },
        json: { modelId: "matrix-model", modelVersion: "2026-12", results: [{ findingId: target.findingId, trials: 10, successes: 0 }] },
      }),
      expect: { ...apiRead({ status: 201, json: { data: { findings: 1 } } }), clientB: 404 },
    },
    {
      name: "a token without the scope",
      call: ({ target }) => ({
        url: `/api/v1/projects/${target.projectId}/runs`,
        params: { id: target.projectId },
        json: { modelId: "matrix-model", modelVersion: "2026-12", results: [{ findingId: target.findingId, trials: 10, successes: 0 }] },
        headers: withoutScope("findings:write"),
      }),
      expect: apiEveryone(403),
    },
  ],
  "GET /api/v1/webhooks": [
    { call: () => ({ url: "/api/v1/webhooks" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/webhooks", headers: withoutScope("webhooks:manage") }),
      expect: apiEveryone(403),
    },
  ],
  // The caller's company starts without endpoints: the other rows' fresh ones would reach the limit of 10.
  "POST /api/v1/webhooks": {
    call: async ({ own }) => {
      await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.clientId, own.clientId));
      return {
        url: "/api/v1/webhooks",
        json: { kind: "standard", url: "https://hooks.example.com/matrix", events: ["finding.published"] },
      };
    },
    expect: apiRead({ status: 201, json: { data: { id: expect.any(String), secret: expect.stringMatching(/^whsec_/) } } }),
  },
  "GET /api/v1/shares": [
    { call: () => ({ url: "/api/v1/shares" }), expect: apiRead({ status: 200, json: { data: expect.any(Array) } }) },
    {
      name: "a token without the scope",
      call: () => ({ url: "/api/v1/shares", headers: withoutScope("shares:read") }),
      expect: apiEveryone(403),
    },
  ],
  "POST /api/v1/shares/[id]/revoke": {
    call: async ({ target }) => {
      const { shareId } = await freshShare(target);
      return { url: `/api/v1/shares/${shareId}/revoke`, params: { id: shareId } };
    },
    expect: { ...apiRead(204), clientB: { status: 404, json: { detail: "Share not found" } } },
  },
  "DELETE /api/v1/webhooks/[id]": {
    call: async ({ target }) => {
      const { endpointId } = await freshWebhook(target);
      return { url: `/api/v1/webhooks/${endpointId}`, params: { id: endpointId } };
    },
    expect: { ...apiRead(204), clientB: { status: 404, json: { detail: "Webhook endpoint not found" } } },
  },
  // A client's GitHub posting to a connection: its signature under the connection's secret is the
  // only proof (no session), so every caller without it is refused alike.
  "POST /api/trackers/github/[id]": {
    call: () => ({
      url: "/api/trackers/github/00000000-0000-4000-8000-000000000000",
      params: { id: "00000000-0000-4000-8000-000000000000" },
      json: { action: "closed" },
      headers: { "x-github-event": "issues", "x-hub-signature-256": `sha256=${"0".repeat(64)}` },
    }),
    expect: everyone({ status: 401, error: "Invalid webhook signature." }),
  },
  // A client's GitLab posting to a connection: the secret token in its header is the only proof.
  "POST /api/trackers/gitlab/[id]": {
    call: () => ({
      url: "/api/trackers/gitlab/00000000-0000-4000-8000-000000000000",
      params: { id: "00000000-0000-4000-8000-000000000000" },
      json: { object_kind: "issue", object_attributes: { iid: 1, action: "close" } },
      headers: { "x-gitlab-event": "Issue Hook", "x-gitlab-token": "not-the-secret" },
    }),
    expect: everyone({ status: 401, error: "Invalid webhook signature." }),
  },
  // A client's Jira posting to a connection: the signature (X-Hub-Signature) is the only proof.
  "POST /api/trackers/jira/[id]": {
    call: () => ({
      url: "/api/trackers/jira/00000000-0000-4000-8000-000000000000",
      params: { id: "00000000-0000-4000-8000-000000000000" },
      json: { webhookEvent: "jira:issue_updated", issue: { key: "SEC-1" } },
      headers: { "x-hub-signature": `sha256=${"0".repeat(64)}` },
    }),
    expect: everyone({ status: 401, error: "Invalid webhook signature." }),
  },
  // Client B naming nothing of A's still gets its own invoices only (the leak check reads the body).
  "GET /api/client/invoices/export": {
    call: () => ({ url: "/api/client/invoices/export" }),
    expect: { anonymous: SIGN_IN, clientA: 200, clientB: 200, admin: CLIENTS_ONLY },
  },

  // One of the client's own invoices as a PDF; B naming A's is missing (docs/PRODUCT.md#invoice-page).
  "GET /api/client/invoices/[id]/pdf": {
    call: ({ target }) => ({ url: `/api/client/invoices/${target.invoiceId}/pdf`, params: { id: target.invoiceId } }),
    expect: {
      anonymous: SIGN_IN,
      clientA: 200,
      clientB: { status: 404, error: "Invoice not found" },
      admin: CLIENTS_ONLY,
    },
  },

  // The client's own statement for a period: the client comes from the session, so B reads its own (docs/PRODUCT.md#statements).
  "GET /api/client/statement": [
    {
      name: "PDF",
      call: () => ({ url: "/api/client/statement?from=2026-01-01&to=2026-12-31&format=pdf" }),
      expect: { anonymous: SIGN_IN, clientA: 200, clientB: 200, admin: CLIENTS_ONLY },
    },
    {
      name: "CSV, this year so far",
      call: () => ({ url: "/api/client/statement?format=csv" }),
      expect: { anonymous: SIGN_IN, clientA: 200, clientB: 200, admin: CLIENTS_ONLY },
    },
  ],
  // One of the company's attestation letters as its PDF (docs/PRODUCT.md#verifying-a-letter); B naming A's is missing.
  "GET /api/client/attestations/[id]/pdf": {
    call: ({ target }) => ({ url: `/api/client/attestations/${target.letterId}/pdf`, params: { id: target.letterId } }),
    expect: { anonymous: SIGN_IN, clientA: 200, clientB: { status: 404, error: "Letter not found." }, admin: CLIENTS_ONLY },
  },

  "GET /api/client/findings/evidence/[id]": {
    fresh: true,
    call: ({ fresh }) => ({ url: `/api/client/findings/evidence/${fresh.evidenceId}`, params: { id: fresh.evidenceId } }),
    expect: { anonymous: SIGN_IN, clientA: 200, clientB: { status: 404, error: "Evidence not found" }, admin: CLIENTS_ONLY },
  },
  "GET /api/client/findings/export": {
    call: () => ({ url: "/api/client/findings/export" }),
    expect: { anonymous: SIGN_IN, clientA: 200, clientB: 200, admin: CLIENTS_ONLY },
  },
  // B naming A's engagement gets an empty file of its own findings.
  "GET /api/client/findings/interchange": {
    call: ({ target }) => ({ url: `/api/client/findings/interchange?format=sarif&engagement=${target.projectId}` }),
    expect: { anonymous: SIGN_IN, clientA: 200, clientB: 200, admin: CLIENTS_ONLY },
  },
  "GET /api/client/retainer/export": {
    call: () => ({ url: "/api/client/retainer/export" }),
    expect: { anonymous: SIGN_IN, clientA: 200, clientB: 200, admin: CLIENTS_ONLY },
  },

  "POST /api/client/messages/threads": {
    call: () => ({
      url: "/api/client/messages/threads",
      form: messageForm({ subject: "Matrix question", body: "A question from the matrix." }, true),
    }),
    expect: {
      anonymous: SIGN_IN,
      clientA: { status: 201, json: { success: true } },
      clientB: { status: 201, json: { success: true } },
      admin: CLIENTS_ONLY,
    },
  },
  "GET /api/client/messages/threads/[id]": {
    fresh: true,
    call: ({ fresh }) => ({ url: `/api/client/messages/threads/${fresh.threadId}`, params: { id: fresh.threadId } }),
    expect: { anonymous: SIGN_IN, clientA: { status: 200, json: { success: true } }, clientB: THREAD_NOT_FOUND, admin: CLIENTS_ONLY },
  },
  "POST /api/client/messages/threads/[id]": {
    fresh: true,
    call: ({ fresh }) => ({
      url: `/api/client/messages/threads/${fresh.threadId}`,
      params: { id: fresh.threadId },
      form: messageForm({ body: "A reply from the matrix." }),
    }),
    expect: { anonymous: SIGN_IN, clientA: { status: 201, json: { success: true } }, clientB: THREAD_NOT_FOUND, admin: CLIENTS_ONLY },
  },
  "GET /api/client/messages/attachments/[id]": {
    fresh: true,
    call: ({ fresh }) => ({ url: `/api/client/messages/attachments/${fresh.attachmentId}`, params: { id: fresh.attachmentId } }),
    expect: { anonymous: SIGN_IN, clientA: { status: 200 }, clientB: { status: 404, error: "Attachment not found" }, admin: CLIENTS_ONLY },
  },

  // --- admin routes ---------------------------------------------------------------------------
  "GET /api/admin/invoices/[id]/pdf": {
    call: ({ target }) => ({ url: `/api/admin/invoices/${target.invoiceId}/pdf`, params: { id: target.invoiceId } }),
    expect: adminOnlyRoute(200),
  },
  "GET /api/admin/clients/[id]/statement": [
    {
      name: "PDF",
      call: ({ target }) => ({
        url: `/api/admin/clients/${target.clientId}/statement?from=2026-01-01&to=2026-12-31`,
        params: { id: target.clientId },
      }),
      expect: adminOnlyRoute(200),
    },
    {
      name: "CSV",
      call: ({ target }) => ({ url: `/api/admin/clients/${target.clientId}/statement?format=csv`, params: { id: target.clientId } }),
      expect: adminOnlyRoute(200),
    },
  ],
  "GET /api/admin/attestations/[id]/pdf": {
    call: ({ target }) => ({ url: `/api/admin/attestations/${target.letterId}/pdf`, params: { id: target.letterId } }),
    expect: adminOnlyRoute(200),
  },
  "GET /api/admin/attestations": {
    call: ({ target }) => ({ url: `/api/admin/attestations?projectId=${target.projectId}` }),
    expect: adminOnlyRoute({ status: 200, json: { success: true } }),
  },
  "GET /api/admin/authorizations": {
    call: ({ target }) => ({ url: `/api/admin/authorizations?projectId=${target.projectId}` }),
    expect: adminOnlyRoute({ status: 200, json: { success: true } }),
  },
  "GET /api/admin/exports/clients": { call: () => ({ url: "/api/admin/exports/clients?q=acme" }), expect: adminOnlyRoute(200) },
  "GET /api/admin/exports/projects": {
    call: () => ({ url: "/api/admin/exports/projects?status=in_progress" }),
    expect: adminOnlyRoute(200),
  },
  "GET /api/admin/exports/findings": {
    call: ({ target }) => ({ url: `/api/admin/exports/findings?format=asff&client=${target.clientId}` }),
    expect: adminOnlyRoute(200),
  },
  "GET /api/admin/exports/invoices": {
    call: ({ target }) => ({
      url: `/api/admin/exports/invoices?client=${target.clientId}&status=partially_paid&dates=due&from=2020-01-01`,
    }),
    expect: adminOnlyRoute(200),
  },
  "POST /api/admin/messages/threads": {
    call: ({ target }) => ({
      url: "/api/admin/messages/threads",
      form: messageForm({ clientId: target.clientId, subject: "From the team", body: "A note from the matrix." }, true),
    }),
    expect: adminOnlyRoute({ status: 201, json: { success: true } }),
  },
  "GET /api/admin/messages/threads/[id]": {
    fresh: true,
    call: ({ fresh }) => ({ url: `/api/admin/messages/threads/${fresh.threadId}`, params: { id: fresh.threadId } }),
    expect: adminOnlyRoute({ status: 200, json: { success: true } }),
  },
  "POST /api/admin/messages/threads/[id]": {
    fresh: true,
    call: ({ fresh }) => ({
      url: `/api/admin/messages/threads/${fresh.threadId}`,
      params: { id: fresh.threadId },
      form: messageForm({ body: "A team reply." }),
    }),
    expect: adminOnlyRoute({ status: 201, json: { success: true } }),
  },
  "GET /api/admin/messages/attachments/[id]": {
    fresh: true,
    call: ({ fresh }) => ({ url: `/api/admin/messages/attachments/${fresh.attachmentId}`, params: { id: fresh.attachmentId } }),
    expect: adminOnlyRoute({ status: 200 }),
  },
  "POST /api/admin/findings/[id]/evidence": {
    fresh: true,
    call: ({ fresh }) => ({
      url: `/api/admin/findings/${fresh.openFindingId}/evidence`,
      params: { id: fresh.openFindingId },
      form: evidenceForm(),
    }),
    expect: adminOnlyRoute({ status: 201, json: { success: true } }),
  },
  "GET /api/admin/findings/evidence/[id]": {
    fresh: true,
    call: ({ fresh }) => ({ url: `/api/admin/findings/evidence/${fresh.evidenceId}`, params: { id: fresh.evidenceId } }),
    expect: adminOnlyRoute(200),
  },
  "POST /api/admin/findings/import": {
    call: ({ target }) => ({ url: "/api/admin/findings/import", form: importForm(target.projectId) }),
    expect: adminOnlyRoute({ status: 201, json: { success: true } }),
  },
  "GET /api/admin/reports": {
    call: ({ target }) => ({ url: `/api/admin/reports?projectId=${target.projectId}` }),
    expect: adminOnlyRoute({ status: 200, json: { success: true } }),
  },
  "POST /api/admin/reports/upload": {
    call: ({ target }) => ({ url: "/api/admin/reports/upload", form: reportForm(target.projectId) }),
    expect: adminOnlyRoute({ status: 201, json: { success: true } }),
  },
  // Reports generated from the engagement's published findings (docs/PRODUCT.md#admin-findings).
  "GET /api/admin/reports/generated": [
    {
      name: "word",
      call: ({ target }) => ({ url: `/api/admin/reports/generated?projectId=${target.projectId}&format=docx` }),
      expect: adminOnlyRoute(200),
    },
    {
      name: "pdf",
      call: ({ target }) => ({ url: `/api/admin/reports/generated?projectId=${target.projectId}&format=pdf` }),
      expect: adminOnlyRoute(200),
    },
  ],
  // The firm's Word template (docs/PRODUCT.md#admin-settings): the default one uploaded back as the firm's.
  "GET /api/admin/settings/report-template": {
    call: () => ({ url: "/api/admin/settings/report-template" }),
    expect: adminOnlyRoute(200),
  },
  "POST /api/admin/settings/report-template": {
    call: () => ({ url: "/api/admin/settings/report-template", form: templateForm() }),
    expect: adminOnlyRoute({ status: 201, json: { success: true } }),
  },
  // The firm's download from the engagement's report vault: any company's report, stamped for the
  // admin (the demo admin has no second factor here, so the password is asked for first).
  "POST /api/admin/authorizations/[id]/countersign": {
    call: ({ target }) => ({
      url: `/api/admin/authorizations/${target.authorizationId}/countersign`,
      params: { id: target.authorizationId },
      json: { fullName: "Avery Admin", documentHash: "0".repeat(64) },
    }),
    expect: adminOnlyRoute(PASSWORD_STEP_UP),
  },
  "GET /api/admin/authorizations/[id]/pdf": {
    call: ({ target }) => ({ url: `/api/admin/authorizations/${target.authorizationId}/pdf`, params: { id: target.authorizationId } }),
    expect: adminOnlyRoute(200),
  },
  "POST /api/admin/reports/[id]/download": {
    call: ({ target }) => ({ url: `/api/admin/reports/${target.reportId}/download`, params: { id: target.reportId }, json: {} }),
    expect: adminOnlyRoute(PASSWORD_STEP_UP),
  },
  "POST /api/admin/documents/upload": {
    call: ({ target }) => ({ url: "/api/admin/documents/upload", form: uploadForm(target.clientId) }),
    expect: adminOnlyRoute({ status: 201, json: { success: true } }),
  },
  "GET /api/admin/documents/[id]": {
    call: ({ target }) => ({ url: `/api/admin/documents/${target.documentId}`, params: { id: target.documentId } }),
    expect: adminOnlyRoute({ status: 303, location: /\/api\/files\/[0-9a-f-]{36}\?/ }),
  },
  "GET /api/oauth/square": [
    {
      name: "status",
      call: () => ({ url: "/api/oauth/square?action=status" }),
      expect: adminOnlyRoute({ status: 200, json: { connected: false } }),
    },
    { name: "authorize", call: () => ({ url: "/api/oauth/square?action=authorize" }), expect: adminOnlyRoute({ status: 302 }) },
    // An unknown state goes back to the dashboard with the reason, never to Square.
    {
      name: "callback",
      call: () => ({ url: "/api/oauth/square?action=callback&code=x&state=y" }),
      expect: adminOnlyRoute({ status: 302, location: /\/admin\/dashboard\?oauth_status=error/ }),
    },
    {
      name: "disconnect as GET",
      call: () => ({ url: "/api/oauth/square?action=disconnect" }),
      expect: adminOnlyRoute({ status: 400, error: "Disconnecting changes data: send it as a POST." }),
    },
  ],
  "POST /api/oauth/square": {
    call: () => ({ url: "/api/oauth/square?action=disconnect" }),
    expect: adminOnlyRoute(200),
  },
  "GET /api/oauth/square/callback": {
    call: () => ({ url: "/api/oauth/square/callback?code=x&state=y" }),
    expect: adminOnlyRoute({ status: 302, location: /\/admin\/dashboard\?oauth_status=error/ }),
  },
  "GET /api/square/sync-invoices": [
    { call: () => ({ url: "/api/square/sync-invoices" }), expect: adminOnlyRoute(409) },
    {
      name: "started by another site",
      call: () => ({ url: "/api/square/sync-invoices", headers: { "sec-fetch-site": "cross-site" } }),
      expect: adminOnlyRoute({ status: 403, error: "Cross-site requests are not allowed." }),
    },
  ],

  // --- pages ----------------------------------------------------------------------------------
  // The page reads and renders only the section its address names: one case per section, so every
  // section's data goes through the checks below.
  "PAGE /client-portal": [
    ...PORTAL_SECTIONS.map((section) => ({
      name: section,
      call: (): PageCall => ({ searchParams: section === "overview" ? {} : { section } }),
      expect: {
        anonymous: "renders LazyClientLoginForm",
        clientA: "renders ClientPortal",
        clientB: "renders ClientPortal",
        admin: "renders LazyClientLoginForm",
      },
    })),
    // Settings' sections, each its own address (docs/PRODUCT.md#portal-settings); a member asking for
    // an owners' section, or anyone for an unknown one, gets the first (Profile).
    ...[...SETTINGS_TABS, "no-such-section"].map((tab) => ({
      name: `settings ${tab}`,
      call: (): PageCall => ({ searchParams: { section: "settings", tab } }),
      expect: {
        anonymous: "renders LazyClientLoginForm",
        clientA: "renders ClientPortal",
        clientB: "renders ClientPortal",
        admin: "renders LazyClientLoginForm",
      },
    })),
    // Client A's invoice opened from Billing: the portal for A, a 404 for B (docs/PRODUCT.md#invoice-page).
    {
      name: "invoice view",
      call: ({ target }): PageCall => ({ searchParams: { section: "billing", invoice: target.invoiceId } }),
      expect: {
        anonymous: "renders LazyClientLoginForm",
        clientA: "renders ClientPortal",
        clientB: "notFound",
        admin: "renders LazyClientLoginForm",
      },
    },
    // Client A's project opened from Projects: the portal for both clients (B's shows "Project not
    // found": tests src/features/portal/tests/portal-project-records.test.ts), the login otherwise.
    {
      name: "project view",
      call: ({ target }): PageCall => ({ searchParams: { section: "projects", project: target.projectId } }),
      expect: {
        anonymous: "renders LazyClientLoginForm",
        clientA: "renders ClientPortal",
        clientB: "renders ClientPortal",
        admin: "renders LazyClientLoginForm",
      },
    },
  ],
  // The company's analytics: B naming A's engagement sees its own figures (the choice ignored); signed out or the admin, the portal.
  "PAGE /client-portal/analytics": {
    call: ({ target }) => ({ searchParams: { engagement: target.projectId, period: "24m" } }),
    expect: {
      anonymous: "redirect /client-portal",
      clientA: "renders main",
      clientB: "renders main",
      admin: "redirect /client-portal",
    },
  },
  // An engagement's scheduled re-runs: A's for A, a 404 for B; signed out or the admin, the portal.
  "PAGE /client-portal/runs": {
    call: ({ target }) => ({ searchParams: { project: target.projectId } }),
    expect: {
      anonymous: "redirect /client-portal",
      clientA: "renders main",
      clientB: "notFound",
      admin: "redirect /client-portal",
    },
  },
  // The company API's reference: the owners' (a member is told so); signed out or the admin, the portal.
  "PAGE /client-portal/api-reference": {
    expect: {
      anonymous: "redirect /client-portal",
      clientA: "renders ApiReference",
      clientAMember: "renders OwnersOnly",
      clientB: "renders ApiReference",
      admin: "redirect /client-portal",
    },
  },
  // The signed-out portal, prerendered; src/proxy.ts serves it only to requests without a session
  // cookie (tests/integration/proxy-client-portal.test.ts). It reads no session: the same for all.
  "PAGE /client-login": { expect: everyone("renders ClientLoginForm") },
  "PAGE /forgot-password": { expect: everyone("renders ForgotPasswordForm") },
  "PAGE /confirm-email": {
    call: () => ({ searchParams: { token: "not-a-token" } }),
    expect: everyone("renders ConfirmEmailView"),
  },
  "PAGE /reset-password": {
    call: () => ({ searchParams: { token: "not-a-token" } }),
    expect: everyone("renders ResetPasswordView"),
  },
  "PAGE /admin/login": {
    expect: {
      anonymous: "renders AuthShell",
      clientA: "renders AuthShell",
      clientB: "renders AuthShell",
      admin: "redirect /admin/dashboard",
    },
  },
  "PAGE /admin/dashboard": { expect: adminPage("renders") },
  "PAGE /admin/clients/[id]": { call: ({ target }) => ({ params: { id: target.clientId } }), expect: adminPage("renders") },
  "PAGE /admin/clients": { call: () => ({ searchParams: { q: "", page: "1" } }), expect: adminPage("renders") },
  "PAGE /admin/client-rates": { call: ({ target }) => ({ searchParams: { clientId: target.clientId } }), expect: adminPage("renders") },
  "PAGE /admin/projects": { expect: adminPage("renders ProjectsScreen") },
  "PAGE /admin/findings": [
    { name: "queue", expect: adminPage("renders") },
    { name: "engagement", call: ({ target }) => ({ searchParams: { projectId: target.projectId } }), expect: adminPage("renders") },
  ],
  "PAGE /admin/findings/[id]": { call: ({ target }) => ({ params: { id: target.findingId } }), expect: adminPage("renders") },
  "PAGE /admin/findings/templates": [
    { name: "list", expect: adminPage("renders") },
    { name: "search", call: () => ({ searchParams: { q: "git", page: "1" } }), expect: adminPage("renders") },
  ],
  "PAGE /admin/findings/templates/[id]": { call: () => ({ params: { id: DEMO_TEMPLATES[0]!.id } }), expect: adminPage("renders") },
  "PAGE /admin/findings/judges": { expect: adminPage("renders") },
  "PAGE /admin/findings/runs": [
    { name: "engagement", call: ({ target }) => ({ searchParams: { project: target.projectId } }), expect: adminPage("renders") },
    { name: "malformed id", call: () => ({ searchParams: { project: "nope" } }), expect: adminPage("notFound") },
  ],
  "PAGE /admin/engagements": [
    { name: "list", expect: adminPage("renders") },
    { name: "search", call: ({ target }) => ({ searchParams: { q: target.company, page: "1" } }), expect: adminPage("renders") },
  ],
  "PAGE /admin/analytics": [
    { name: "every company", expect: adminPage("renders") },
    {
      name: "one company",
      call: ({ target }) => ({ searchParams: { client: target.clientId, severity: "high" } }),
      expect: adminPage("renders"),
    },
  ],
  "PAGE /admin/subscriptions": { expect: adminPage("renders") },
  "PAGE /admin/engagements/[id]/evidence": { call: ({ target }) => ({ params: { id: target.projectId } }), expect: adminPage("renders") },
  "PAGE /admin/test-plans": { expect: adminPage("renders") },
  "PAGE /admin/retainers": { expect: adminPage("renders") },
  "PAGE /admin/documents": { expect: adminPage("renders") },
  "PAGE /admin/unmatched-invoices": { expect: adminPage("renders") },
  "PAGE /admin/account": [...ADMIN_ACCOUNT_TABS, "no-such-section"].map((tab) => ({
    name: tab,
    call: () => ({ searchParams: { tab } }),
    expect: adminPage("renders"),
  })),
  "PAGE /admin/inquiries": { call: () => ({ searchParams: { q: "", status: "new" } }), expect: adminPage("renders") },
  "PAGE /admin/bookings": { call: () => ({ searchParams: { status: "pending", sort: "urgency" } }), expect: adminPage("renders") },
  "PAGE /admin/audit": { call: () => ({ searchParams: { action: "client.create" } }), expect: adminPage("renders") },
  "PAGE /admin/operations": { expect: adminPage("renders") },
  "PAGE /admin/messages": { expect: adminPage("renders") },
  "PAGE /admin/settings": [...ADMIN_SETTINGS_TABS, "no-such-section"].map((tab) => ({
    name: tab,
    call: () => ({ searchParams: { tab } }),
    expect: adminPage("renders"),
  })),
  "PAGE /admin/invoices/[id]": { call: ({ target }) => ({ params: { id: target.invoiceId } }), expect: adminPage("renders") },
  "PAGE /admin/invoices": {
    call: ({ target }) => ({
      searchParams: { client: target.clientId, status: "unpaid", dates: "due", from: "2020-01-01", number: "INV" },
    }),
    expect: adminPage("renders"),
  },

  // --- client portal actions ------------------------------------------------------------------
  "ACTION src/features/subscriptions/actions/portal.ts#subscribeToPlan": {
    // A plan no longer offered: the request itself is src/features/subscriptions/tests/subscriptions.test.ts's.
    input: () => ({ planId: "00000000-0000-4000-8000-00000000b2ff" }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: { success: false, error: "This plan is no longer offered." },
      // Subscribing the company is an owner's decision (docs/PRODUCT.md#portal-book-service).
      clientAMember: { success: false, error: "Only an owner of your company can subscribe it to a plan." },
      clientB: { success: false, error: "This plan is no longer offered." },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/subscriptions/actions/portal.ts#cancelSubscription": {
    // The target's demo subscription: Acme's own is run by Square (not configured here, so the
    // cancellation Square must make first fails and nothing changes); another client's is not found.
    input: ({ target }) => ({ subscriptionId: DEMO_SUBSCRIPTIONS.find((s) => s.clientId === target.clientId)!.id }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: { success: false, error: PLAN_PROVIDER_FAILED },
      // Ending an active plan is an owner's decision (docs/PRODUCT.md#portal-book-service).
      clientAMember: { success: false, error: "Only an owner of your company can cancel its plan." },
      clientB: { success: false, error: "Subscription not found" },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/subscriptions/actions/portal.ts#switchPlan": {
    // A plan no longer offered (owners are asked first): the switch itself is
    // src/features/subscriptions/tests/plan-billing.test.ts's.
    input: () => ({ planId: "00000000-0000-4000-8000-00000000b2ff" }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: { success: false, error: "This plan is no longer offered." },
      clientAMember: { success: false, error: "Only an owner of your company can change its plan." },
      clientB: { success: false, error: "This plan is no longer offered." },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  // API tokens (docs/PRODUCT.md#api-and-webhooks): owners only, a new one after the step-up (the
  // demo people have no second factor: the password is asked for; the flow is in api-v1.test.ts).
  "ACTION src/features/api/actions/portal.ts#createApiTokenAction": {
    input: () => ({ name: "Matrix", scopes: ["findings:read"], lifetime: "30" }),
    expect: ownerOnlyAction(
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    ),
  },
  "ACTION src/features/api/actions/portal.ts#revokeApiTokenAction": {
    input: async ({ target }) => ({ tokenId: await freshApiToken(target) }),
    expect: ownerOnlyAction("ok", { success: false, error: "API token not found" }),
  },
  // Webhooks (docs/PRODUCT.md#api-and-webhooks): the owners'; client B naming A's endpoint finds none.
  "ACTION src/features/webhooks/actions/portal.ts#createWebhookEndpointAction": {
    // The caller's company starts without endpoints: the other rows' fresh ones would reach the limit of 10.
    input: async ({ own }) => {
      await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.clientId, own.clientId));
      return { kind: "standard", url: "https://hooks.example.com/matrix", description: "", events: ["finding.published"] };
    },
    expect: ownerOnlyAction("ok", "ok"),
  },
  "ACTION src/features/webhooks/actions/portal.ts#setWebhookEndpointEnabledAction": {
    input: async ({ target }) => ({ endpointId: (await freshWebhook(target)).endpointId, enabled: false }),
    expect: ownerOnlyAction("ok", { success: false, error: "Webhook endpoint not found" }),
  },
  "ACTION src/features/webhooks/actions/portal.ts#deleteWebhookEndpointAction": {
    input: async ({ target }) => ({ endpointId: (await freshWebhook(target)).endpointId }),
    expect: ownerOnlyAction("ok", { success: false, error: "Webhook endpoint not found" }),
  },
  "ACTION src/features/webhooks/actions/portal.ts#rotateWebhookSecretAction": {
    input: async ({ target }) => ({ endpointId: (await freshWebhook(target)).endpointId }),
    expect: ownerOnlyAction("ok", { success: false, error: "Webhook endpoint not found" }),
  },
  "ACTION src/features/webhooks/actions/portal.ts#sendTestWebhookAction": {
    input: async ({ target }) => ({ endpointId: (await freshWebhook(target)).endpointId }),
    expect: ownerOnlyAction("ok", { success: false, error: "Webhook endpoint not found" }),
  },
  "ACTION src/features/webhooks/actions/portal.ts#redeliverWebhookAction": {
    input: async ({ target }) => ({ deliveryId: (await freshWebhook(target)).deliveryId }),
    expect: ownerOnlyAction("ok", { success: false, error: "Delivery not found" }),
  },
  "ACTION src/features/webhooks/actions/portal.ts#listWebhookDeliveriesAction": {
    input: async ({ target }) => ({ endpointId: (await freshWebhook(target)).endpointId }),
    expect: ownerOnlyAction({ success: true, data: [expect.objectContaining({ type: "finding.published" })] }, { success: true, data: [] }),
  },
  // The company's ticket systems (docs/PRODUCT.md#integrations): owners connect (after the
  // step-up), test and remove; any person of the company asks for a ticket; B finds none of A's.
  "ACTION src/features/trackers/actions/portal.ts#connectGitHubAction": {
    input: () => ({ repository: "acme/matrix", token: "ghp_matrix", baseUrl: "" }),
    expect: ownerOnlyAction(
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    ),
  },
  "ACTION src/features/trackers/actions/portal.ts#connectGitLabAction": {
    input: () => ({ project: "acme/matrix", token: "glpat-matrix", baseUrl: "" }),
    expect: ownerOnlyAction(
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    ),
  },
  "ACTION src/features/trackers/actions/portal.ts#connectJiraAction": {
    input: () => ({ siteUrl: "https://acme.atlassian.net", projectKey: "MTX", email: "owner@acme.example", apiToken: "ATATT-matrix" }),
    expect: ownerOnlyAction(
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    ),
  },
  // Asking a private address refuses before anything is sent: the same refusal for either owner.
  "ACTION src/features/trackers/actions/portal.ts#listTrackerTargetsAction": {
    input: () => ({ kind: "gitlab", token: "glpat-matrix", baseUrl: "https://10.0.0.1" }),
    expect: ownerOnlyAction(PRIVATE_TRACKER_ADDRESS, PRIVATE_TRACKER_ADDRESS),
  },
  "ACTION src/features/trackers/actions/portal.ts#testTrackerConnectionAction": {
    input: async ({ target }) => ({ connectionId: await freshTracker(target) }),
    expect: ownerOnlyAction(
      { success: true, data: { state: "revoked", message: null } },
      { success: false, error: "Connection not found" },
    ),
  },
  "ACTION src/features/trackers/actions/portal.ts#updateTrackerMappingAction": {
    input: async ({ target }) => ({
      connectionId: await freshTracker(target, "connected"),
      ...DEFAULT_TRACKER_MAPPING,
      createMode: "automatic",
    }),
    expect: ownerOnlyAction(
      { success: true, data: expect.objectContaining({ createMode: "automatic", automaticSince: expect.any(String) }) },
      { success: false, error: "Connection not found" },
    ),
  },
  "ACTION src/features/trackers/actions/portal.ts#removeTrackerConnectionAction": {
    input: async ({ target }) => ({ connectionId: await freshTracker(target) }),
    expect: ownerOnlyAction("ok", { success: false, error: "Connection not found" }),
  },
  "ACTION src/features/trackers/actions/portal.ts#requestTicketAction": {
    input: async ({ target }) => ({ connectionId: await freshTracker(target, "connected"), findingId: target.findingId }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: { success: true, data: { queued: true } },
      clientB: { success: false, error: "Connection not found" },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  // A company's single sign-on (docs/PRODUCT.md#single-sign-on): owners claim and verify domains;
  // what changes who can sign in (provider, policy, removing a domain) asks for the step-up first.
  "ACTION src/features/sso/actions/portal.ts#addSsoDomainAction": {
    input: () => ({ domain: `matrix-${randomUUID().slice(0, 8)}.example` }),
    expect: ownerOnlyAction(
      { success: true, data: expect.objectContaining({ verifiedAt: null, recordName: expect.stringMatching(/^_sentinel-verify\./) }) },
      { success: true, data: expect.objectContaining({ verifiedAt: null }) },
    ),
  },
  "ACTION src/features/sso/actions/portal.ts#verifySsoDomainAction": {
    input: async ({ target }) => ({ id: await freshSsoDomain(target) }),
    expect: ownerOnlyAction(
      { success: true, data: expect.objectContaining({ verified: true }) },
      { success: false, error: "Domain not found." },
    ),
  },
  "ACTION src/features/sso/actions/portal.ts#removeSsoDomainAction": {
    input: async ({ target }) => ({ id: await freshSsoDomain(target) }),
    expect: ownerOnlyAction(
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    ),
  },
  "ACTION src/features/sso/actions/portal.ts#saveSamlProviderAction": {
    input: () => ({ metadataUrl: "https://idp.acme.example/saml/metadata" }),
    expect: ownerOnlyAction(
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    ),
  },
  "ACTION src/features/sso/actions/portal.ts#saveOidcProviderAction": {
    input: () => ({ issuer: "https://idp.acme.example", clientId: "matrix", clientSecret: "matrix-secret" }),
    expect: ownerOnlyAction(
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    ),
  },
  "ACTION src/features/sso/actions/portal.ts#setSsoPolicyAction": {
    input: () => ({ mode: "off", justInTime: false, sessionHours: 12 }),
    expect: ownerOnlyAction(
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
    ),
  },
  // Acme's provider is the demo's, on a loopback port these tests do not allow; Globex has none.
  "ACTION src/features/sso/actions/portal.ts#startSsoTestAction": {
    input: () => ({}),
    expect: ownerOnlyAction(
      { success: false, error: "The identity provider cannot be reached from here: check its issuer URL, or try again later." },
      { success: false, error: "Set up your identity provider first." },
    ),
    // Nothing of B's is named: client A starts a test of its own provider.
    crossTenant: { success: false, error: "The identity provider cannot be reached from here: check its issuer URL, or try again later." },
  },
  // The firm's emergency stops of a company's API access: admins only.
  "ACTION src/features/api/actions/admin.ts#revokeApiTokenAsFirmAction": {
    input: async ({ target }) => ({ tokenId: await freshApiToken(target) }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/sso/actions/admin.ts#switchSsoOffAsFirmAction": {
    // A company of its own: Acme's single sign-on (the demo's) stays on for the login's lookup rows.
    input: async () => ({ clientId: await freshSsoCompany() }),
    expect: adminOnlyAction({ success: true, data: { mode: "off" } }),
  },
  "ACTION src/features/webhooks/actions/admin.ts#disableWebhookEndpointAsFirmAction": {
    input: async ({ target }) => ({ endpointId: (await freshWebhook(target)).endpointId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/clients/actions/portal.ts#saveAccountSettings": {
    // The caller's own seeded values: saving them changes nothing the later rows could see.
    input: ({ own }) => own.settings,
    // The company record is its owners' (docs/PRODUCT.md#portal-settings).
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: "ok",
      clientAMember: { success: false, error: "Only an owner of your company can change the company's details." },
      clientB: "ok",
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/notifications/actions/portal.ts#saveNotificationPreferencesAction": {
    input: () => ({ enabled: ["documents", "invoices", "bookings", "projects"], delivery: "each" }),
    expect: { anonymous: ACTION_SIGN_IN, clientA: "ok", clientB: "ok", admin: ACTION_CLIENTS_ONLY },
  },
  "ACTION src/features/notifications/actions/admin.ts#saveAdminNotificationPreferencesAction": {
    input: () => ({ enabled: ["admin_bookings", "admin_failed_mail"], delivery: "each" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/bookings/actions/portal.ts#requestServiceBooking": {
    input: () => ({
      serviceType: "Other",
      preferredStartDate: nextWeek(),
      estimatedScope: "",
      projectDescription: "Matrix booking request.",
      urgency: "low",
    }),
    expect: { anonymous: ACTION_SIGN_IN, clientA: "ok", clientB: "ok", admin: ACTION_CLIENTS_ONLY },
  },
  "ACTION src/features/invoices/actions/portal.ts#loadMoreInvoices": {
    input: () => ({ offset: 0 }),
    expect: { anonymous: ACTION_SIGN_IN, clientA: "ok", clientB: "ok", admin: ACTION_CLIENTS_ONLY },
  },
  // The Team card: owners only. Client B acts on its own company (an invitation, its own setting)
  // and finds none of A's people.
  "ACTION src/features/clients/actions/portal.ts#invitePersonAction": {
    input: () => ({ name: "Matrix Colleague", email: `colleague-${randomUUID()}@example.test`, role: "member" }),
    expect: ownerOnlyAction("ok", "ok"),
  },
  "ACTION src/features/clients/actions/portal.ts#resendInvitationAction": {
    fresh: true,
    input: ({ fresh }) => ({ userId: fresh.invitedPersonId }),
    expect: ownerOnlyAction("ok"),
  },
  "ACTION src/features/clients/actions/portal.ts#revokeInvitationAction": {
    fresh: true,
    input: ({ fresh }) => ({ userId: fresh.invitedPersonId }),
    expect: ownerOnlyAction({ success: true, data: { revoked: true } }),
  },
  "ACTION src/features/clients/actions/portal.ts#changePersonRoleAction": {
    fresh: true,
    input: ({ fresh }) => ({ userId: fresh.memberPersonId, role: "owner" }),
    expect: ownerOnlyAction({ success: true, data: { role: "owner" } }),
  },
  "ACTION src/features/clients/actions/portal.ts#removePersonAction": {
    fresh: true,
    input: ({ fresh }) => ({ userId: fresh.memberPersonId }),
    expect: ownerOnlyAction({ success: true, data: { status: "deactivated" } }),
  },
  // The share room (docs/PRODUCT.md#sharing-with-third-parties): sharing asks the owner's step-up
  // (client B too, naming A's report: its items are checked after the proof); a member may not share
  // until the owners allow it.
  "ACTION src/features/sharing/actions/portal.ts#createShareAction": {
    input: ({ target }) => ({
      items: [{ kind: "report", id: target.reportId }],
      recipients: [{ email: "matrix@audit.example" }],
      mode: "view",
      ndaKind: "none",
    }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      clientAMember: { success: false, error: MEMBERS_MAY_NOT_SHARE },
      clientB: { success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  // The room's pages: reads (the owners', a sharing member's own); client B names A's share.
  "ACTION src/features/sharing/actions/room-pages.ts#loadMoreSharesAction": {
    input: async ({ target }) => ({ after: (await shareFixture(target)).shareId }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: "ok",
      clientAMember: { success: false, error: MEMBERS_MAY_NOT_SHARE },
      clientB: "ok",
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/sharing/actions/room-pages.ts#loadShareActivityAction": {
    input: async ({ target }) => ({ shareId: (await shareFixture(target)).shareId, offset: 0 }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: "ok",
      clientAMember: { success: false, error: MEMBERS_MAY_NOT_SHARE },
      clientB: { success: false, error: "Share not found" },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/sharing/actions/portal.ts#revokeShareAction": {
    input: async ({ target }) => ({ shareId: (await freshShare(target)).shareId }),
    expect: ownerOnlyAction("ok", { success: false, error: "Share not found" }),
  },
  "ACTION src/features/sharing/actions/portal.ts#revokeShareRecipientAction": {
    input: async ({ target }) => ({ recipientId: (await freshShare(target)).recipientId }),
    expect: ownerOnlyAction("ok", { success: false, error: "Recipient not found" }),
  },
  "ACTION src/features/sharing/actions/portal.ts#extendShareAction": {
    input: async ({ target }) => ({ shareId: (await shareFixture(target)).shareId, days: 30 }),
    expect: ownerOnlyAction("ok", { success: false, error: "Share not found" }),
  },
  "ACTION src/features/sharing/actions/portal.ts#resendShareLinkAction": {
    input: async ({ target }) => ({ recipientId: (await shareFixture(target)).recipientId }),
    expect: ownerOnlyAction("ok", { success: false, error: "Recipient not found" }),
  },
  // Off, as seeded: each company's own setting, so client B's call sets B's.
  "ACTION src/features/sharing/actions/portal.ts#setMembersMayShareAction": {
    input: () => ({ allowed: false }),
    expect: ownerOnlyAction("ok", "ok"),
  },
  "ACTION src/features/sharing/actions/admin.ts#setSharingForbiddenAction": {
    input: ({ target }) => ({ projectId: target.projectId, forbidden: false }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/clients/actions/portal.ts#setBillingWithheldAction": {
    // Off, as seeded: withholding would hide Billing from client A's member in the rows after this one.
    input: () => ({ withheld: false }),
    expect: ownerOnlyAction({ success: true, data: { withheld: false } }, { success: true, data: { withheld: false } }),
  },
  "ACTION src/features/clients/actions/portal.ts#setReportsWithheldAction": {
    // Off, as seeded: withholding would hide the reports from client A's member in the rows after this one.
    input: () => ({ withheld: false }),
    expect: ownerOnlyAction({ success: true, data: { withheld: false } }, { success: true, data: { withheld: false } }),
  },
  "ACTION src/features/clients/actions/portal.ts#setFindingsWithheldAction": {
    // Off, as seeded: withholding would hide the findings from client A's member in the rows after this one.
    input: () => ({ withheld: false }),
    expect: ownerOnlyAction({ success: true, data: { withheld: false } }, { success: true, data: { withheld: false } }),
  },

  // --- sign-in and password actions (public) --------------------------------------------------
  "ACTION src/features/identity/actions/sign-in.ts#signInClientAction": {
    input: () => ({ email: "client@example.com", password: "wrong-password", rememberMe: false }),
    expect: everyone({ success: false, error: "Invalid email or password" }),
  },
  "ACTION src/features/identity/actions/sign-in.ts#signInAdminAction": {
    input: () => ({ email: "admin@example.com", password: "wrong-password" }),
    expect: everyone({ success: false, error: "Invalid admin credentials" }),
  },
  "ACTION src/features/identity/actions/sign-in.ts#verifySignInCodeAction": {
    // No pending sign-in in any caller's cookies: the code step has nothing to complete.
    input: () => ({ area: "client", method: "totp", code: "123456", trustDevice: false }),
    expect: everyone({ success: false, error: "Your sign-in has expired. Please sign in again." }),
  },
  "ACTION src/features/identity/actions/sign-in.ts#finishPasskeySignInAction": {
    // No caller's session was made by a passkey: there is no passkey sign-in to finish, and the
    // signed-in roles' sessions are left as they are.
    input: () => ({ area: "client" }),
    expect: everyone({ success: false, error: PASSKEY_MESSAGES.failed }),
  },
  "ACTION src/features/identity/actions/sign-in.ts#requestPasswordResetAction": {
    // A new address per call: the per-address limit would otherwise refuse the fourth role.
    input: () => ({ email: `nobody-${nextTestIp()}@example.test` }),
    expect: everyone({ success: true }),
  },
  "ACTION src/features/identity/actions/sign-in.ts#startSsoSignInAction": {
    input: () => ({ email: "someone@example.com" }),
    expect: everyone({ success: false, error: "Single sign-on is not available for this address." }),
  },
  "ACTION src/features/identity/actions/sign-in.ts#confirmEmailChangeAction": {
    input: () => ({ token: "A".repeat(32) }),
    expect: everyone({ success: false, error: "This link is invalid or has expired. Ask for a new one in your settings." }),
  },
  "ACTION src/features/identity/actions/sign-in.ts#resetPasswordAction": {
    input: () => ({ token: "not-a-real-token", password: "new-password-123", confirmPassword: "new-password-123" }),
    expect: everyone({ success: false, error: "Invalid or expired reset link. Please request a new password reset." }),
  },

  // --- account security (either role, their own account) ------------------------------------------
  "ACTION src/features/identity/actions/account.ts#startTwoFactorAction": {
    input: () => ({ password: "not-the-password" }),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone({ success: false, error: "That password is not right." }) },
  },
  "ACTION src/features/identity/actions/account.ts#confirmTwoFactorAction": {
    // Nobody has started an enrolment: the plugin finds no secret to check the code against.
    input: () => ({ code: "123456" }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      ...signedInEveryone({ success: false, error: "Your sign-in has expired. Please sign in again." }),
    },
  },
  "ACTION src/features/identity/actions/account.ts#regenerateBackupCodesAction": {
    input: () => ({ password: "not-the-password" }),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone({ success: false, error: "That password is not right." }) },
  },
  "ACTION src/features/identity/actions/account.ts#disableTwoFactorAction": {
    input: () => ({ password: "not-the-password", code: "123456" }),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone({ success: false, error: "Two-factor sign-in is not on." }) },
  },

  "ACTION src/features/identity/actions/account.ts#changePasswordAction": {
    // A wrong current password: the seeded accounts keep theirs for the rows after this one.
    input: () => ({ currentPassword: "not-the-password", password: "matrix-new-password", confirmPassword: "matrix-new-password" }),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone({ success: false, error: "That password is not right." }) },
  },
  // The personal profile: each signed-in person's own name and sign-in e-mail. Refused inputs keep
  // the seeded accounts as they are for the rows after these.
  "ACTION src/features/identity/actions/account.ts#updateOwnNameAction": {
    input: () => ({ name: "   " }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      ...signedInEveryone({ success: false, error: "Name is required", fieldErrors: { name: "Name is required" } }),
    },
  },
  "ACTION src/features/identity/actions/account.ts#requestEmailChangeAction": {
    // Refused before the password is checked: a wrong one would count against the per-user limit the rows above share.
    // The password check itself: src/features/clients/tests/people-and-company.test.ts.
    input: () => ({ newEmail: "not-an-address", currentPassword: "not-the-password" }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      ...signedInEveryone({ success: false, error: "Invalid email address", fieldErrors: { newEmail: "Invalid email address" } }),
    },
  },
  "ACTION src/features/identity/actions/account.ts#listSessionsAction": {
    input: () => ({}),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone("ok") },
  },
  "ACTION src/features/identity/actions/account.ts#revokeSessionAction": {
    // Scoping to the user's own sessions is in src/features/account/tests/account-security.test.ts.
    input: () => ({ sessionId: "no-such-session" }),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone({ success: false, error: "That session has already ended." }) },
  },
  "ACTION src/features/identity/actions/account.ts#listPasskeysAction": {
    input: () => ({}),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone("ok") },
  },
  // Scoping to the user's own passkeys is in src/features/account/tests/passkeys.test.ts.
  "ACTION src/features/identity/actions/account.ts#renamePasskeyAction": {
    input: () => ({ passkeyId: "no-such-passkey", name: "Matrix" }),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone({ success: false, error: "That passkey is not registered any more." }) },
  },
  "ACTION src/features/identity/actions/account.ts#removePasskeyAction": {
    input: () => ({ passkeyId: "no-such-passkey" }),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone({ success: false, error: "That passkey is not registered any more." }) },
  },
  // The step-up before an authenticator change: the demo people have no second factor, so the
  // password is asked for (the proofs: src/features/identity/tests/authenticator-step-up.test.ts).
  "ACTION src/features/identity/actions/step-up.ts#confirmStepUpAction": {
    input: () => ({}),
    expect: {
      anonymous: ACTION_SIGN_IN,
      ...signedInEveryone({ success: false, error: FRESH_PASSWORD_PROMPT, fieldErrors: { password: FRESH_PASSWORD_PROMPT } }),
    },
  },
  // A fresh sign-in at the company's identity provider, only for a session made there: the matrix's
  // sessions are password sessions (the flow: src/features/sso/tests/sso-oidc.test.ts).
  "ACTION src/features/identity/actions/step-up.ts#startSsoStepUpAction": {
    input: () => ({ returnTo: "/client-portal?section=documents" }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: { success: false, error: SSO_STEP_UP_UNAVAILABLE },
      clientAMember: { success: false, error: SSO_STEP_UP_UNAVAILABLE },
      clientB: { success: false, error: SSO_STEP_UP_UNAVAILABLE },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  // The password is checked before the passkey is looked up; the flow is in passkeys.test.ts.
  "ACTION src/features/identity/actions/account.ts#confirmPasskeyAction": {
    input: () => ({ passkeyId: "no-such-passkey", password: "not-the-password" }),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone({ success: false, error: "That password is not right." }) },
  },
  // Keeps the caller's own session, which is the one the matrix goes on using.
  "ACTION src/features/identity/actions/account.ts#revokeOtherSessionsAction": {
    input: () => ({}),
    expect: { anonymous: ACTION_SIGN_IN, ...signedInEveryone("ok") },
  },

  // --- admin actions --------------------------------------------------------------------------
  "ACTION src/features/clients/actions/admin.ts#createClientAction": {
    input: () => ({ company: "Matrix Client Co", contactPerson: "Matrix", email: `matrix-${nextTestIp()}@example.test` }),
    expect: adminOnlyAction("ok"),
  },
  // The client page (docs/PRODUCT.md#admin-client-page): the same Team actions, naming the company.
  "ACTION src/features/clients/actions/admin-client.ts#adminInvitePersonAction": {
    input: ({ target }) => ({
      clientId: target.clientId,
      name: "Matrix Person",
      email: `person-${randomUUID()}@example.test`,
      role: "member",
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminResendInvitationAction": {
    fresh: true,
    input: ({ target, fresh }) => ({ clientId: target.clientId, userId: fresh.invitedPersonId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminRevokeInvitationAction": {
    fresh: true,
    input: ({ target, fresh }) => ({ clientId: target.clientId, userId: fresh.invitedPersonId }),
    expect: adminOnlyAction({ success: true, data: { revoked: true } }),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminChangePersonRoleAction": {
    fresh: true,
    input: ({ target, fresh }) => ({ clientId: target.clientId, userId: fresh.memberPersonId, role: "owner" }),
    expect: adminOnlyAction({ success: true, data: { role: "owner" } }),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminRemovePersonAction": {
    fresh: true,
    input: ({ target, fresh }) => ({ clientId: target.clientId, userId: fresh.memberPersonId }),
    expect: adminOnlyAction({ success: true, data: { status: "deactivated" } }),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminResetPersonTwoFactorAction": {
    input: ({ target }) => ({ clientId: target.clientId, userId: target.ownerUserId }),
    expect: adminOnlyAction({ success: false, error: "This person has no two-factor sign-in to reset." }),
  },
  "ACTION src/features/clients/actions/admin-client.ts#updateClientAction": {
    // The tenant's details as seeded: saving them back changes nothing the later rows see.
    input: ({ target }) => ({ clientId: target.clientId, ...target.settings }),
    expect: adminOnlyAction({ success: true, data: { company: TENANTS.acme.company } }),
    crossTenant: ACTION_ADMINS_ONLY,
  },
  "ACTION src/features/clients/actions/admin-client.ts#deactivateClientAction": {
    // A company of its own: deactivating a demo tenant would sign its people out of the later rows.
    input: async () => ({ clientId: (await createFreshCompany(t.db)).clientId }),
    expect: adminOnlyAction({ success: true, data: { status: "inactive" } }),
  },
  "ACTION src/features/clients/actions/admin-client.ts#reactivateClientAction": {
    input: ({ target }) => ({ clientId: target.clientId }),
    expect: adminOnlyAction({ success: true, data: { status: "active" } }),
  },
  "ACTION src/features/clients/actions/admin-client.ts#deleteClientAction": [
    {
      name: "with invoices and documents",
      input: ({ target }) => ({ clientId: target.clientId }),
      expect: adminOnlyAction({ success: false, error: DELETE_REFUSED_MESSAGE }),
    },
    {
      name: "without records",
      input: async () => ({ clientId: (await createFreshCompany(t.db)).clientId }),
      expect: adminOnlyAction({ success: true, data: { deleted: true } }),
    },
  ],
  "ACTION src/features/clients/actions/admin.ts#listClientOptionsAction": { input: () => ({}), expect: adminOnlyAction("ok") },
  "ACTION src/features/clients/actions/admin.ts#setClientTwoFactorRequirementAction": {
    // Off, as seeded: turning it on would send client A to enrolment for the rows after this one.
    input: ({ target }) => ({ clientId: target.clientId, required: false }),
    expect: adminOnlyAction({ success: true, data: { required: false } }),
  },
  "ACTION src/features/clients/actions/admin.ts#resetClientTwoFactorAction": {
    input: ({ target }) => ({ clientId: target.clientId }),
    expect: adminOnlyAction({ success: false, error: "This person has no two-factor sign-in to reset." }),
  },
  "ACTION src/features/identity/actions/view-as.ts#startViewAsClientAction": {
    input: ({ target }) => ({ clientId: target.clientId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/identity/actions/view-as.ts#endViewAsClientAction": {
    input: () => ({}),
    expect: adminOnlyAction({ success: true, data: { ended: false } }),
  },
  "ACTION src/features/subscriptions/actions/admin.ts#saveSupportPlanAction": {
    input: () => ({
      id: "",
      name: "Matrix Plan",
      monthlyPrice: "99.50",
      features: "One\nTwo",
      highlighted: false,
      squarePlanVariationId: "",
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/subscriptions/actions/admin.ts#moveSupportPlanAction": {
    input: () => ({ planId: DEMO_TIERS[0]!.id, direction: "down" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/subscriptions/actions/admin.ts#retireSupportPlanAction": {
    // Offering a plan on offer again changes nothing.
    input: () => ({ planId: DEMO_TIERS[0]!.id, retired: false }),
    expect: adminOnlyAction({ success: true, data: { id: DEMO_TIERS[0]!.id, retired: false } }),
  },
  "ACTION src/features/settings/actions/admin.ts#saveDefaultRatesAction": {
    input: () => ({
      rates: [
        { serviceType: "AI Security Assessment", hourlyRate: "350", monthlyRetainer: "25000" },
        { serviceType: "AI Security Governance", hourlyRate: "300", monthlyRetainer: "20000" },
        { serviceType: "AI Engineering Acceleration", hourlyRate: "275", monthlyRetainer: "18000" },
      ],
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/settings/actions/admin.ts#setClientTwoFactorPolicyAction": {
    // Off as it already is: changes nothing, so the other rows' clients are not held to two-factor.
    input: () => ({ required: false }),
    expect: adminOnlyAction({ success: true, data: { required: false } }),
  },
  "ACTION src/features/settings/actions/admin.ts#setMinRetestTrialsAction": {
    // The default as it already is: the other rows' retests are held to the same minimum.
    input: () => ({ minTrials: 100 }),
    expect: adminOnlyAction({ success: true, data: { minTrials: 100 } }),
  },
  "ACTION src/features/settings/actions/admin.ts#saveFirmDetailsAction": {
    // The demo firm's own values: the other rows' PDFs print the same.
    input: () => ({ name: "Sentinel AI Security", address: "100 Market Street, Suite 300\nSan Francisco, CA 94105" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/operations/actions/admin.ts#sendTestMailAction": {
    input: () => ({}),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/subscriptions/actions/admin.ts#decideSubscriptionAction": {
    input: () => ({ subscriptionId: DEMO_SUBSCRIPTIONS[0]!.id, decision: "cancel", reason: "" }),
    expect: adminOnlyAction({ success: false, error: IN_SQUARE }),
  },
  "ACTION src/features/bookings/actions/admin.ts#decideBookingAction": {
    fresh: true,
    input: ({ fresh }) => ({ bookingId: fresh.bookingId, decision: "decline", reason: "Matrix: fully booked." }),
    expect: adminOnlyAction({ success: true, data: { status: "declined" } }),
  },
  "ACTION src/features/inquiries/actions/admin.ts#setInquiryArchivedAction": {
    fresh: true,
    input: ({ fresh }) => ({ inquiryId: fresh.inquiryId, archived: true }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/bookings/actions/admin.ts#approveBookingAction": {
    fresh: true,
    input: ({ fresh }) => ({ bookingId: fresh.bookingId }),
    expect: adminOnlyAction({ success: true, data: { status: "approved" } }),
  },
  "ACTION src/features/inquiries/actions/admin.ts#markInquiryReadAction": {
    fresh: true,
    input: ({ fresh }) => ({ inquiryId: fresh.inquiryId }),
    expect: adminOnlyAction("ok"),
  },
  // A job id no dead job has: the admin is told it is gone (the real ones: the operations slice's tests).
  "ACTION src/features/operations/actions/jobs.ts#retryDeadJobAction": {
    input: () => ({ jobId: randomUUID() }),
    expect: adminOnlyAction({ success: false, error: DEAD_JOB_GONE }),
  },
  "ACTION src/features/operations/actions/jobs.ts#discardDeadJobAction": {
    input: () => ({ jobId: randomUUID() }),
    expect: adminOnlyAction({ success: false, error: DEAD_JOB_GONE }),
  },
  "ACTION src/features/operations/actions/admin.ts#retryFailedMailAction": {
    fresh: true,
    input: ({ fresh }) => ({ mailId: fresh.failedMailId }),
    expect: adminOnlyAction("ok"),
  },
  // --- findings (docs/PRODUCT.md#portal-findings, #admin-findings) ------------------------------
  "ACTION src/features/findings/actions/portal.ts#startRemediationAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.openFindingId }),
    expect: clientFindingAction({ success: true, data: { status: "in_remediation" } }),
  },
  "ACTION src/features/findings/actions/portal.ts#requestRetestAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.openFindingId, note: "Fixed by the matrix." }),
    expect: clientFindingAction("ok"),
  },
  "ACTION src/features/findings/actions/portal.ts#acceptRiskAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.openFindingId, reason: "Matrix reason", expiresOn: nextWeek() }),
    expect: clientFindingAction(
      { success: true, data: { status: "risk_accepted" } },
      { success: false, error: "Only an owner of your company can accept a risk." },
    ),
  },
  "ACTION src/features/findings/actions/portal.ts#setFindingOwnerAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.openFindingId, ownerUserId: fresh.memberPersonId }),
    expect: clientFindingAction("ok", { success: false, error: "Only an owner of your company can name a remediation owner." }),
  },
  "ACTION src/features/findings/actions/portal.ts#addFindingCommentAction": {
    input: ({ target }) => ({ findingId: target.findingId, body: "A comment from the matrix." }),
    expect: clientFindingAction("ok"),
  },
  // Any person of the company (as for a retest); B naming A's engagement finds none.
  "ACTION src/features/measurements/actions/portal.ts#recordModelVersionAction": {
    input: ({ target }) => ({ projectId: target.projectId, provider: "", modelId: "matrix-model", modelVersion: "2026-12" }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: "ok",
      clientB: { success: false, error: "Engagement not found" },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/findings/actions/admin.ts#createFindingAction": {
    input: ({ target }) => ({ ...findingInput, projectId: target.projectId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/admin.ts#updateFindingAction": {
    fresh: true,
    input: ({ fresh }) => ({
      ...findingInput,
      findingId: fresh.draftFindingId,
      cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/admin.ts#deleteDraftFindingAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.draftFindingId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/admin.ts#publishFindingsAction": {
    fresh: true,
    input: ({ fresh }) => ({ projectId: fresh.projectId, findingIds: [fresh.draftFindingId] }),
    expect: adminOnlyAction({ success: true, data: { published: 1 } }),
  },
  "ACTION src/features/findings/actions/admin.ts#deleteDraftFindingsAction": {
    fresh: true,
    input: ({ fresh }) => ({ projectId: fresh.projectId, findingIds: [fresh.draftFindingId] }),
    expect: adminOnlyAction({ success: true, data: { deleted: 1 } }),
  },
  "ACTION src/features/findings/actions/admin.ts#setFindingsOutcomeAction": {
    fresh: true,
    input: ({ fresh }) => ({
      projectId: fresh.projectId,
      findingIds: [fresh.openFindingId],
      outcome: "false_positive",
      reason: "The matrix's false positive.",
    }),
    expect: adminOnlyAction({ success: true, data: { changed: 1, outcome: "false_positive" } }),
  },
  "ACTION src/features/findings/actions/admin.ts#undoFindingOutcomeAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.withdrawnFindingId }),
    expect: adminOnlyAction({ success: true, data: { status: "open" } }),
  },
  // Finding templates are the firm's alone (no client's objects): a fresh template per call where it changes one.
  "ACTION src/features/findings/actions/templates.ts#createFindingTemplateAction": {
    input: () => ({ title: "Matrix template", ruleIds: "" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/templates.ts#updateFindingTemplateAction": {
    input: async () => ({ templateId: await matrixTemplate(), title: "Matrix template, edited", cwe: "CWE-79" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/templates.ts#deleteFindingTemplateAction": {
    input: async () => ({ templateId: await matrixTemplate() }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/templates.ts#readFindingTemplateAction": {
    input: () => ({ templateId: DEMO_TEMPLATES[0]!.id }),
    expect: adminOnlyAction("ok"),
  },
  // A judge's validation is the firm's alone (no client's objects): each call adds one.
  "ACTION src/features/measurements/actions/reruns.ts#setRerunScheduleAction": {
    input: ({ target }) => ({ projectId: target.projectId, provider: "", modelId: "matrix-model", cadence: "weekly" }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: "ok",
      clientAMember: OWNER_ONLY,
      clientB: { success: false, error: "Engagement not found" },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/measurements/actions/reruns.ts#setRerunScheduleAdminAction": {
    input: ({ target }) => ({ projectId: target.projectId, provider: "", modelId: "matrix-model", cadence: "monthly" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/measurements/actions/judges.ts#recordJudgeValidationAction": {
    input: () => ({ judgeName: "matrix.Judge", format: "csv", sample: "human,judge\n1,1\n1,0\n0,0\n0,0\n" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/admin.ts#recordRetestResultAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.retestFindingId, result: "verified_fixed", note: "" }),
    expect: adminOnlyAction({ success: true, data: { status: "verified_fixed" } }),
  },
  "ACTION src/features/findings/actions/admin.ts#acknowledgeRiskAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.riskFindingId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/evidence/actions/imports.ts#applyScanImportAction": {
    fresh: true,
    input: ({ fresh }) => ({ importId: fresh.pendingImportId, markMissing: false }),
    expect: adminOnlyAction({ success: true, data: { newCount: 1, knownCount: 0, reopenedCount: 0, missingCount: 0, linkedCount: null } }),
  },
  "ACTION src/features/imports/actions/admin.ts#discardFindingImportAction": {
    fresh: true,
    input: ({ fresh }) => ({ importId: fresh.pendingImportId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/admin.ts#setDueDaysAction": {
    fresh: true,
    input: ({ fresh }) => ({ projectId: fresh.projectId, critical: 5, high: 20, medium: 60, low: 120 }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/admin.ts#setAdminFindingOwnerAction": {
    fresh: true,
    input: ({ fresh }) => ({ findingId: fresh.openFindingId, ownerUserId: fresh.memberPersonId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/admin.ts#addFindingMeasurementAction": {
    // The tenant's finding is an AI one (LLM07): a measurement is only added beside the others.
    input: ({ target }) => ({ findingId: target.findingId, trials: 10, successes: 1, modelVersion: "2026-11" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/findings/actions/admin.ts#addAdminFindingCommentAction": {
    input: ({ target }) => ({ findingId: target.findingId, body: "A comment from the team." }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/messages/actions/admin.ts#setThreadStatusAction": {
    fresh: true,
    input: ({ fresh }) => ({ threadId: fresh.threadId, status: "closed" }),
    expect: adminOnlyAction({ success: true, data: { status: "closed" } }),
  },
  "ACTION src/features/square/actions/admin.ts#linkSquareCustomerAction": {
    fresh: true,
    input: ({ target, fresh }) => ({ squareCustomerId: fresh.squareCustomerId, clientId: target.clientId }),
    expect: adminOnlyAction({ success: true, data: { assigned: 1 } }),
  },
  "ACTION src/features/square/actions/admin.ts#unlinkSquareCustomerAction": {
    fresh: true,
    input: ({ fresh }) => ({ squareCustomerId: fresh.linkedSquareCustomerId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/square/actions/admin.ts#setSquareCustomerIgnoredAction": {
    fresh: true,
    input: ({ fresh }) => ({ squareCustomerId: fresh.squareCustomerId, ignored: true }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/square/actions/admin.ts#getClientSquareCustomersAction": {
    input: ({ target }) => ({ clientId: target.clientId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/square/actions/admin.ts#setClientBillingEmailAction": {
    // Leaves no address behind: a stored billing e-mail would steer later Square matches.
    input: ({ target }) => ({ clientId: target.clientId, billingEmail: "" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/projects/actions/admin.ts#createProjectAction": {
    input: ({ target }) => ({ projectName: "Matrix project", clientId: target.clientId, startDate: "2026-01-01" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/projectadmin/actions/admin.ts#updateProjectAction": {
    fresh: true,
    input: ({ target, fresh }) => ({
      id: fresh.projectId,
      projectName: "Matrix project renamed",
      clientId: target.clientId,
      startDate: "2026-01-01",
      status: "in_progress",
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/projectadmin/actions/admin.ts#setProjectStatusAction": {
    fresh: true,
    input: ({ fresh }) => ({ projectId: fresh.projectId, status: "frozen" }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/projects/actions/admin.ts#getProjectInvoicesAction": {
    input: ({ target }) => ({ projectId: target.projectId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/projects/actions/admin.ts#getProjectTimelineAction": {
    input: ({ target }) => ({ projectId: target.projectId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/projects/actions/admin.ts#unlinkInvoiceAction": {
    fresh: true,
    input: ({ fresh }) => ({ invoiceId: fresh.linkedInvoiceId }),
    expect: adminOnlyAction({ success: true, data: { unlinked: true } }),
  },
  "ACTION src/features/projects/actions/admin.ts#linkInvoicesAction": {
    fresh: true,
    input: ({ target, fresh }) => ({ projectId: target.projectId, invoiceIds: [fresh.invoiceId] }),
    expect: adminOnlyAction({ success: true, data: { linkedCount: 1 } }),
  },
  "ACTION src/features/reports/actions/admin.ts#publishGeneratedReportAction": {
    // `empty`: the engagement may have no published finding; who may publish is what this checks.
    input: ({ target }) => ({ projectId: target.projectId, empty: true }),
    expect: adminOnlyAction("ok"),
  },
  // The last full quarter of client A: the admin publishes its summary to A's vault (a report of the company, no engagement).
  "ACTION src/features/analytics/actions/admin.ts#generateBoardSummaryAction": {
    input: ({ target }) => ({ clientId: target.clientId, quarter: recentQuarters(new Date(), 2)[1] }),
    expect: adminOnlyAction("ok"),
  },
  // An owner's own summary; each call a quarter of its own, older than the admin row's (a second request of a quarter within 10 minutes is refused).
  "ACTION src/features/analytics/actions/portal.ts#requestBoardSummaryAction": {
    input: () => ({ quarter: recentQuarters(new Date(), 40)[8 + (summaryCalls++ % 32)] }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: "ok",
      clientAMember: OWNER_ONLY,
      clientB: "ok",
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/reports/actions/admin.ts#resetReportTemplateAction": {
    input: () => ({}),
    expect: adminOnlyAction("ok"),
  },
  // A fresh project of the tenant (not held back), so the demo engagement's signed version stays the newest.
  "ACTION src/features/authorizations/actions/admin.ts#saveAuthorizationDraftAction": {
    fresh: true,
    input: ({ fresh }) => ({
      projectId: fresh.projectId,
      inScope: "https://app.example",
      outOfScope: "",
      windowStart: "2026-01-05",
      windowEnd: "2026-01-30",
      testers: "Avery Admin",
      emergencyContacts: "On call",
      price: "Fixed fee",
      terms: "Test only what is in scope.",
    }),
    expect: adminOnlyAction({ success: true, data: { version: 1 } }),
  },
  "ACTION src/features/authorizations/actions/admin.ts#sendAuthorizationAction": {
    fresh: true,
    input: async ({ fresh }) => ({
      authorizationId: (
        await saveAuthorizationDraft(t.db, {
          actor: await adminActor(),
          input: {
            projectId: fresh.projectId,
            inScope: ["https://app.example"],
            outOfScope: [],
            windowStart: "2026-01-05",
            windowEnd: "2026-01-30",
            testers: ["Avery Admin"],
            emergencyContacts: ["On call"],
            price: "Fixed fee",
            terms: "Test only what is in scope.",
          },
        })
      ).id,
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/authorizations/actions/admin.ts#saveAuthorizationTermsAction": {
    input: () => ({ terms: DEFAULT_AUTHORIZATION_TERMS }),
    expect: adminOnlyAction({ success: true, data: { customized: true } }),
  },
  // A new letter of the engagement (it has a published report); the one before is superseded.
  "ACTION src/features/attestations/actions/admin.ts#issueLetterAction": {
    input: ({ target }) => ({
      projectId: target.projectId,
      scope: "The engagement's scope.",
      methodology: "Manual testing.",
      testers: "Matrix Tester",
      windowStart: "2026-09-01",
      windowEnd: "2026-10-01",
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/attestations/actions/admin.ts#revokeLetterAction": {
    input: ({ target }) => ({ letterId: target.letterId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/evidence/actions/admin.ts#savePlanAction": {
    input: () => ({ name: `Matrix plan ${randomUUID()}`, methodology: "Manual testing.", cases: JSON.stringify([BUILTIN_CASES[0]]) }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/evidence/actions/admin.ts#adoptPlanAction": {
    input: async ({ target }) => ({ projectId: target.projectId, planVersionId: (await ensureBuiltinPlan(t.db)).planVersionId }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/evidence/actions/admin.ts#recordCaseAction": {
    input: async ({ target }) => ({
      projectId: target.projectId,
      target: (await engagementTargets(t.db, target.projectId))[0]!.label,
      caseNo: "TC-08",
      status: "held",
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/evidence/actions/admin.ts#issuePackAction": {
    // The target engagement has retests open (the demo's), so the admin reaches the pack's own refusal.
    input: ({ target }) => ({ projectId: target.projectId, testers: "Matrix Tester", independence: "Independent.", limitations: "None." }),
    expect: adminOnlyAction({ success: false, error: expect.stringMatching(/ still open on this engagement\. Record /) }),
  },
  // A pack of no engagement: the guard is what is checked; the demo pack stays valid for the API rows.
  "ACTION src/features/evidence/actions/admin.ts#revokePackAction": {
    input: () => ({ packId: "00000000-0000-4000-8000-e0000000ffff" }),
    expect: adminOnlyAction({ success: false, error: PACK_NOT_FOUND }),
  },
  // The owner's choice for letters issued from now on; set back to the default it had.
  "ACTION src/features/attestations/actions/portal.ts#setLetterNameDisplayAction": {
    input: () => ({ anonymous: false }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: { success: true, data: { anonymous: false } },
      clientAMember: OWNER_ONLY,
      clientB: { success: true, data: { anonymous: false } },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
  "ACTION src/features/reports/actions/admin.ts#revokeReportAction": {
    fresh: true,
    input: ({ fresh }) => ({ reportId: fresh.reportId }),
    expect: adminOnlyAction({ success: true, data: { revoked: true } }),
  },
  "ACTION src/features/documents/actions/admin.ts#deleteDocumentAction": {
    fresh: true,
    input: ({ fresh }) => ({ documentId: fresh.documentId }),
    expect: adminOnlyAction("ok"),
  },
  // The tenant's own rate cards, unchanged: what the portal shows stays the same for later rows.
  "ACTION src/features/clients/actions/admin-rates.ts#updateClientRatesAction": {
    input: ({ target }) => ({ clientId: target.clientId, rates: rateCardsOf(target) }),
    expect: adminOnlyAction({ success: true, data: { count: 2 } }),
  },
  "ACTION src/features/retainers/actions/admin.ts#saveRetainerAction": {
    input: ({ target }) => ({
      clientId: target.clientId,
      name: "AI Engineering Acceleration",
      hoursPerMonth: 40,
      hourlyRate: "225",
      overageRate: "275",
      startDate: "2026-01-01",
      carryOverHours: 0,
      carryOverMonths: 0,
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/retainers/actions/admin.ts#logTimeEntryAction": {
    // Acme has the demo retainer; Globex none (the cross-tenant run names Globex's client only as admin).
    input: ({ target }) => ({
      clientId: target.clientId,
      projectId: target.projectId,
      workDate: new Date().toISOString().slice(0, 10),
      hours: 0.25,
      person: "Matrix Consultant",
      description: "Matrix entry",
      billable: false,
    }),
    expect: adminOnlyAction("ok"),
  },
  "ACTION src/features/retainers/actions/admin.ts#closeRetainerMonthAction": {
    // No Square in the matrix: the close is refused before anything changes.
    input: ({ target }) => ({ clientId: target.clientId, month: new Date().toISOString().slice(0, 7) }),
    expect: adminOnlyAction({
      success: false,
      error: "Square is not connected, or the client is linked to no Square customer: link it under Square customers first.",
    }),
  },
  "ACTION src/features/retainers/actions/portal.ts#decideOverageAction": {
    // Acme's demo request waits; a member may not decide, another company finds none, the owner declines it.
    input: ({ target }) => ({
      requestId: target.name === "acme" ? DEMO_OVERAGE_REQUEST_ID : "00000000-0000-4000-8000-0000000e0999",
      decision: "decline",
    }),
    expect: {
      anonymous: ACTION_SIGN_IN,
      clientA: "ok",
      clientAMember: OWNER_ONLY,
      clientB: { success: false, error: "Overage request not found" },
      admin: ACTION_CLIENTS_ONLY,
    },
  },
};

// ---------------------------------------------------------------------------------------------
// The runner
// ---------------------------------------------------------------------------------------------

const discovered = await discoverEntryPoints();
const cookies: Partial<Record<Role, string>> = {};

async function headersFor(role: Role): Promise<Headers> {
  if (role === "anonymous") return new Headers({ origin: APP_ORIGIN, "x-forwarded-for": nextTestIp() });
  // A session of its own each call: a row that signs the recipient out leaves the next rows theirs.
  if (role === "recipient")
    return new Headers({
      origin: APP_ORIGIN,
      "x-forwarded-for": nextTestIp(),
      cookie: `share_session=${await recipientSession(TENANTS.acme)}`,
    });
  if (!cookies[role]) {
    const email: Record<Exclude<Role, "anonymous" | "recipient">, string> = {
      admin: "admin@example.com",
      clientA: "client@example.com",
      clientAMember: "member@example.com",
      clientB: "client2@example.com",
    };
    cookies[role] = await sessionCookie(email[role]);
  }
  return authHeaders(cookies[role]!);
}

/** Each company's API token (every scope), and Acme tokens holding one scope each (for the refusals). */
const apiTokens: Record<string, string> = {};
beforeAll(async () => {
  const make = async (email: string, scopes: ApiScope[]) => {
    const actor = await requireClient(authHeaders(await sessionCookie(email)));
    return (await createApiToken(t.db, { actor, name: "Matrix", scopes, lifetimeDays: 30 })).secret;
  };
  apiTokens.acme = await make("client@example.com", [...API_SCOPES]);
  apiTokens.globex = await make("client2@example.com", [...API_SCOPES]);
  for (const scope of API_SCOPES) apiTokens[scope] = await make("client@example.com", [scope]);
});
/** A new token of the tenant, for a call that revokes it. */
async function freshApiToken(tenant: Tenant): Promise<string> {
  const actor = await requireClient(authHeaders(await sessionCookie(tenant.email)));
  // The fresh tokens the refused roles left live are revoked first: a company holds at most 20.
  await t.db
    .update(apiTokensTable)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokensTable.clientId, tenant.clientId), eq(apiTokensTable.name, "Matrix fresh")));
  return (await createApiToken(t.db, { actor, name: "Matrix fresh", scopes: ["projects:read"], lifetimeDays: 30 })).id;
}
/** Each tenant's share (its current report, downloadable, no NDA) with one recipient, made once. */
const shareFixtures: Partial<Record<Tenant["name"], { shareId: string; itemId: string; recipientId: string }>> = {};
async function shareFixture(tenant: Tenant) {
  return (shareFixtures[tenant.name] ??= await freshShare(tenant));
}
/** A new share of the tenant's report with one recipient, written directly (making one asks for a step-up). */
async function freshShare(tenant: Tenant): Promise<{ shareId: string; itemId: string; recipientId: string }> {
  const [share] = await t.db
    .insert(shares)
    .values({
      clientId: tenant.clientId,
      createdByName: "Matrix",
      mode: "download",
      ndaKind: "none",
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: shares.id });
  const [item] = await t.db
    .insert(shareItems)
    .values({ shareId: share!.id, kind: "report", itemId: tenant.reportId, label: "Matrix report", projectId: tenant.projectId })
    .returning({ id: shareItems.id });
  const [recipient] = await t.db
    .insert(shareRecipients)
    .values({ shareId: share!.id, email: `recipient-${tenant.name}@matrix.example` })
    .returning({ id: shareRecipients.id });
  return { shareId: share!.id, itemId: item!.id, recipientId: recipient!.id };
}
/** A new session cookie of the recipient of the tenant's share. */
async function recipientSession(tenant: Tenant): Promise<string> {
  const cookie = randomUUID();
  const { recipientId } = await shareFixture(tenant);
  await t.db.insert(shareSessions).values({ tokenHash: hashSecret(cookie), recipientId, expiresAt: new Date(Date.now() + 3_600_000) });
  return cookie;
}
/** An endpoint of the tenant with one delivery, written directly (the 10-endpoint limit would stop the matrix). */
async function freshWebhook(tenant: Tenant): Promise<{ endpointId: string; deliveryId: string }> {
  const [endpoint] = await t.db
    .insert(webhookEndpoints)
    .values({
      clientId: tenant.clientId,
      kind: "standard",
      url: "https://hooks.example.com/fresh",
      events: ["finding.published"],
      sealedSecret: newSealedWebhookSecret(),
      createdByName: "Matrix",
    })
    .returning({ id: webhookEndpoints.id });
  const eventId = `msg_matrix${randomUUID().replace(/-/g, "")}`;
  await t.db.insert(webhookEvents).values({
    id: eventId,
    clientId: tenant.clientId,
    type: "finding.published",
    data: { findingId: tenant.findingId },
    chatText: "Matrix",
    portalPath: "/client-portal",
  });
  const [delivery] = await t.db
    .insert(webhookDeliveries)
    .values({ eventId, endpointId: endpoint!.id })
    .returning({ id: webhookDeliveries.id });
  return { endpointId: endpoint!.id, deliveryId: delivery!.id };
}
/**
 * A GitHub connection of the tenant, written directly (connecting asks GitHub first): revoked unless
 * told, so that testing it calls nobody; a connected one only queues tickets here.
 */
/** A company of its own whose single sign-on is on (a passed test, "allowed"). */
async function freshSsoCompany(): Promise<string> {
  const { clientId } = await createFreshCompany(t.db);
  await t.db.insert(ssoSettings).values({ clientId, mode: "allowed", testedAt: new Date(), testedByName: "Matrix" });
  return clientId;
}

/** A verified domain of the tenant's, under a name no other row has. */
async function freshSsoDomain(tenant: Tenant): Promise<string> {
  const [row] = await t.db
    .insert(ssoDomains)
    .values({
      clientId: tenant.clientId,
      domain: `m${randomUUID().slice(0, 8)}.example`,
      token: "matrix",
      verifiedAt: new Date(),
      createdByName: "Matrix",
    })
    .returning({ id: ssoDomains.id });
  return row!.id;
}

async function freshTracker(tenant: Tenant, state: "revoked" | "connected" = "revoked"): Promise<string> {
  const [row] = await t.db
    .insert(trackerConnections)
    .values({
      clientId: tenant.clientId,
      kind: "github",
      baseUrl: "https://api.github.com",
      target: `matrix/${randomUUID()}`,
      sealedToken: sealSecret("ghp_matrix", "tracker-token"),
      sealedWebhookSecret: sealSecret("matrix", "tracker-webhook-secret"),
      mapping: DEFAULT_TRACKER_MAPPING,
      state,
      createdByName: "Matrix",
    })
    .returning({ id: trackerConnections.id });
  return row!.id;
}
/** The company token a role calls the API with: its company's; none for anonymous and the admin. */
function apiTokenFor(role: Role): string | null {
  if (role === "clientB") return apiTokens.globex!;
  if (role === "clientA" || role === "clientAMember") return apiTokens.acme!;
  return null;
}
/** An Acme token holding every scope but the one the route needs. */
const withoutScope = (scope: ApiScope) => ({ authorization: `Bearer ${apiTokens[API_SCOPES.find((other) => other !== scope)!]}` });

const casesOf = (key: string): Case[] => {
  const entry = ENTRY_POINTS[key];
  return entry === undefined ? [] : Array.isArray(entry) ? entry : [entry];
};

/** What the caller can read: body and headers for routes, the rendered tree for pages, the result for actions. */
type Outcome = { text: string; body: string; fresh: FreshObjects; check: (expected: Expected) => void };

/** The raw session tokens of the signed-in roles (the part of the cookie before its signature). */
const sessionTokens = () =>
  Object.values(cookies).map((cookie) => decodeURIComponent(/session_token=([^;.]+)/.exec(cookie ?? "")?.[1] ?? "-"));

/** Routes whose success body a contract fixes: the health probe, the JWK set, the Square status, better-auth's (and the company API, `{ data }`). */
const OTHER_SUCCESS_BODIES = new Set([
  "GET /api/health",
  "GET /api/v1/openapi.json",
  "GET /.well-known/jwks.json",
  "GET /api/oauth/square",
  "GET /api/auth/[...all]",
  "POST /api/auth/[...all]",
  // Files whose format is someone else's (SARIF, ASFF: docs/PRODUCT.md#exports), downloaded as they are.
  "GET /api/client/findings/interchange",
  "GET /api/admin/exports/findings",
]);

async function run(entry: EntryPoint, c: Case, role: Role, own: Tenant, target: Tenant): Promise<Outcome> {
  const fresh = c.fresh ? await createFreshObjects(t.db, target) : ({} as FreshObjects);
  const ctx: Ctx = { own, target, fresh };
  const headers = await headersFor(role);
  const apiToken = entry.key.includes(" /api/v1/") ? apiTokenFor(role) : null;
  if (apiToken) headers.set("authorization", `Bearer ${apiToken}`);
  const mod = await importEntryModule(entry.file);
  if (entry.kind === "route") {
    const call = (await c.call!(ctx)) as RouteCall;
    const result = await callRoute(mod[entry.method] as Parameters<typeof callRoute>[0], entry.method, call, headers);
    return {
      text: result.text,
      body: result.body,
      fresh,
      check: (expected) => {
        const e = typeof expected === "number" ? { status: expected } : (expected as Exclude<RouteExpect, number>);
        expect(result.status, `status ${result.status}: ${result.text}`).toBe(e.status);
        // An error answer carries its message and the code of its status, nothing else.
        if (e.error !== undefined) expect(result.json).toEqual(errorBody(e.status, e.error));
        if (e.json !== undefined) expect(result.json).toMatchObject(e.json);
        if (e.location !== undefined) expect(result.location).toMatch(e.location);
        // The one success shape of a route's JSON (CONTRIBUTING.md, "Calling the server").
        if (result.status < 300 && result.json !== null && !OTHER_SUCCESS_BODIES.has(entry.key) && !entry.key.includes(" /api/v1/"))
          expect(result.json, "a success body is { success: true, ...fields }").toMatchObject({ success: true });
      },
    };
  }
  requestHeaders.current = headers;
  if (entry.kind === "page") {
    const call = ((await c.call?.(ctx)) ?? {}) as PageCall;
    const result = await callPage(mod.default as Parameters<typeof callPage>[0], call);
    return {
      text: result.text,
      body: result.text,
      fresh,
      check: (expected) => expect(result.outcome, result.text.slice(0, 500)).toBe(expected),
    };
  }
  const result = await callAction(mod[entry.exportName] as Parameters<typeof callAction>[0], await c.input!(ctx));
  await settleAfterTasks();
  return {
    text: result.text,
    body: result.text,
    fresh,
    check: (expected) => {
      if (expected === "ok") expect(result.value, result.text).toMatchObject({ success: true });
      // A refusal is exactly { success: false, error, code }: no data, no field errors (unless the
      // row names them: a step-up prompt's say what to ask for).
      else if ((expected as { success: boolean }).success === false)
        expect(result.value).toEqual({ ...(expected as object), code: expect.any(String) });
      else expect(result.value).toMatchObject(expected as object);
    },
  };
}

describe("the entry-point table matches the entry points on disk", () => {
  it("finds route handlers, pages and server actions", () => {
    const kinds = new Set(discovered.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(["action", "page", "route"]);
    // The directive may follow comments, but nothing else.
    expect(isServerActionModule('// why\n/* more */\n"use server";\nexport async function a() {}')).toBe(true);
    expect(isServerActionModule('import x from "y";\n"use server";')).toBe(false);
  });

  it("has a row for every entry point found on disk", () => {
    const missing = discovered.filter((e) => !(e.key in ENTRY_POINTS)).map((e) => `${e.key} (${e.file})`);
    expect(missing, `entry points without a row in ENTRY_POINTS (add one: see CONTRIBUTING.md):\n${missing.join("\n")}`).toEqual([]);
  });

  it("has no row without its entry point on disk", () => {
    const keys = new Set(discovered.map((e) => e.key));
    const stale = Object.keys(ENTRY_POINTS).filter((key) => !keys.has(key));
    expect(stale, `rows in ENTRY_POINTS with no entry point on disk:\n${stale.join("\n")}`).toEqual([]);
  });
});

const matrixCases = discovered.flatMap((entry) =>
  casesOf(entry.key).map((c) => ({ label: c.name ? `${entry.key} [${c.name}]` : entry.key, entry, c })),
);

describe("every entry point as anonymous, client A (owner and member), client B, admin and a share recipient (client A's objects)", () => {
  it.each(matrixCases)("$label", async ({ entry, c }) => {
    for (const role of ROLES) {
      const outcome = await run(entry, c, role, role === "clientB" ? TENANTS.globex : TENANTS.acme, TENANTS.acme);
      try {
        outcome.check(expectedOf(c, role));
        // The session cookie is httpOnly so that page scripts never see the token: no body carries it.
        for (const token of sessionTokens()) expect(outcome.body, "a session token in the body").not.toContain(token);
        // Client B named client A's objects here: nothing of A may come back either.
        if (role === "clientB") expect(leakedIdentifiers(outcome.text, "acme"), "client A's data in client B's answer").toEqual([]);
      } catch (error) {
        throw new Error(`${entry.key}${c.name ? ` [${c.name}]` : ""} as ${role}: ${(error as Error).message}`);
      }
    }
  });
});

describe("client A naming client B's objects gets nothing of B", () => {
  it("sees the data an answer carries (control: client A's own portal names A's projects, invoices and documents)", async () => {
    const page = discovered.find((e) => e.key === "PAGE /client-portal")!;
    const seen: string[] = [];
    for (const c of casesOf(page.key))
      seen.push(...leakedIdentifiers((await run(page, c, "clientA", TENANTS.acme, TENANTS.acme)).text, "acme"));
    for (const id of [TENANTS.acme.company, TENANTS.acme.projectId, TENANTS.acme.invoiceId, TENANTS.acme.documentId, "INV-1001"])
      expect(seen).toContain(id);
  });

  it.each(matrixCases)("$label", async ({ entry, c }) => {
    const outcome = await run(entry, c, "clientA", TENANTS.acme, TENANTS.globex);
    outcome.check(c.crossTenant ?? c.expect.clientB);
    const freshOfB = Object.values(outcome.fresh).filter((id) => outcome.text.includes(id));
    expect([...leakedIdentifiers(outcome.text, "globex"), ...freshOfB], `client B's data in the answer of ${entry.key}`).toEqual([]);
  });
});
