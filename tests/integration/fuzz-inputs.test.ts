// Property-based fuzzing of every entry point that takes input: each route handler with a body,
// query or path parameter, and each server action through its exported function, called as the
// role that reaches its validation. Inputs are bad on purpose (wrong types, NUL, huge strings and
// numbers, NaN/Infinity, invalid UTF-8, prototype keys, 10,000-deep nesting, wrong content
// types, unknown ids, impossible dates). Every answer: no 5xx (for actions: no generic "something
// went wrong", no unexpected error logged), nothing of the server's insides, and a refused input
// changes nothing in the database.
//
// Two passes over the same generated inputs. The input stage (see helpers/fuzz-stages.ts: what an
// entry point checks before any query) gets FUZZ_STAGE_RUNS inputs each, 1,000 by default, in
// seconds. The whole entry point, database and all, gets FUZZ_RUNS of them and must refuse each one
// its stage refuses with the stage's message, which ties the stage to the entry point. Entry points
// whose checks cannot be taken apart from their queries run the full path at FUZZ_STAGE_RUNS.
//
// Seeded: FUZZ_SEED=<n> reproduces a run (FUZZ_SEED=random picks one and prints it).
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { clientListQuerySchema } from "@/features/clients/validation";
import { invoiceExportQuerySchema, statementQuerySchema } from "@/features/invoices/validation";
import { projectListQuerySchema } from "@/features/projects/validation";
import { interchangeQuerySchema } from "@/features/exports/validation";
import { DEMO_RATES, DEMO_SUBSCRIPTIONS, DEMO_TIERS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_TEMPLATES } from "@/features/demo/server/demo-templates";
import { GENERIC_ERROR } from "@/server/core/errors";
import { API_SCOPES } from "@/lib/domain/api-scope";
import {
  apiAccessLogQuerySchema,
  apiCommentBodySchema,
  apiFindingsQuerySchema,
  apiInterchangeQuerySchema,
  apiModelVersionBodySchema,
  apiRerunBodySchema,
  apiPageQuerySchema,
  apiRunBodySchema,
  apiRemediationOwnerBodySchema,
  apiRetestRequestBodySchema,
  apiRetestsQuerySchema,
  apiRiskAcceptanceBodySchema,
} from "@/features/api/validation";
import { createWebhookEndpointSchema } from "@/features/webhooks/validation";
import { createApiToken } from "@/features/api/server";
import { requireClient } from "@/features/identity/server/sessions/session";
import { actionInputSchema } from "@/server/core/handler";
import { signDownloadUrl } from "@/server/core/storage/signed-url";
import { createUnsubscribeToken } from "@/features/notifications/server/unsubscribe-token";
import { saveConnection } from "@/features/square/server/connection";
import { demoFixture } from "../../tools/fake-square/fixtures";
import { signSquareWebhook } from "../../tools/fake-square/webhook";
import { APP_ORIGIN, authHeaders, nextTestIp, sessionCookie } from "./helpers/auth";
import { setupTestDatabase } from "./helpers/db";
import { discoverEntryPoints, importEntryModule } from "./helpers/entry-points";
import { leakIn, takeChangedTables, trackChanges } from "./helpers/fuzz-checks";
import {
  idParamInput,
  messageFormInput,
  pathSegment,
  queryInput,
  reportTemplateInput,
  reportUploadInput,
  runUploadInput,
  scanImportInput,
  sendRoute,
  uploadInput,
  type RouteHandler,
  type RouteInput,
} from "./helpers/fuzz-requests";
import {
  actionStage,
  apiBodyStage,
  betterAuthStage,
  callbackStage,
  contactStage,
  cspReportStage,
  idStage,
  jsonStage,
  queryStage,
  sharedItemStage,
  sharedPageStage,
  reportDownloadStage,
  reproducerDownloadStage,
  authorizationCountersignStage,
  authorizationIdStage,
  authorizationSignStage,
  reportLinkStage,
  reportTemplateStage,
  reportUploadStage,
  scanImportStage,
  runStage,
  signedFileStage,
  squareOAuthStage,
  unsubscribeOpenStage,
  ssoLookupStage,
  unsubscribeStage,
  type Stage,
  type StageOutcome,
  uploadStage,
  messageStage,
  webhookStage,
} from "./helpers/fuzz-stages";
import { badId, badString, jsonBytes, mutatedInput, mutatedJsonInput, rawJsonBody } from "./helpers/fuzz-values";
import { requestHeaders, settleAfterTasks } from "./helpers/next-headers-mock";
import { setupFakeSquare, WEBHOOK_KEY } from "./helpers/square";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { DEMO_OVERAGE_REQUEST_ID } from "@/features/demo/server/demo-retainer";
import { seedTenantReports, TENANTS } from "./helpers/tenants";
import { accessLogQuerySchema, generatedReportQuerySchema, projectReportsQuerySchema } from "@/features/reports/validation";
import { projectLettersQuerySchema } from "@/features/attestations/validation";
import { projectAuthorizationQuerySchema } from "@/features/authorizations/validation";
import { signReportLink } from "@/features/reports/server/report-link";
import { ndaAcceptSchema, shareLinkRequestSchema, shareSessionSchema } from "@/features/sharing/validation";
import { DEFAULT_TRACKER_MAPPING } from "@/lib/domain/tracker";
import { BUILTIN_CASES } from "@/features/evidence/server";

vi.mock("next/headers", async () => (await import("./helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) => (await import("./helpers/next-headers-mock")).nextServerMock(importOriginal));

const t = setupTestDatabase({ seedDemo: true });
beforeAll(async () => seedTenantReports(t.db));
const sq = setupFakeSquare();

const SEED = process.env.FUZZ_SEED === "random" ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261122);
// A call through the database costs 10-45 ms here (PGlite on two shared cores), a call to an
// input stage well under one: 30 full calls and 1,000 stage calls per entry point keep the file
// near a minute. FUZZ_RUNS=1000 sends every input through the database too (about 25 minutes).
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const STAGE_RUNS = Math.max(RUNS, Number(process.env.FUZZ_STAGE_RUNS ?? 1000));

type Role = "anonymous" | "client" | "admin";
type Spec =
  // stage: the route's input stage; "full" when its checks need the database (run whole, at STAGE_RUNS).
  // bindMessage: false when the entry point words its refusals itself (better-auth): then only the refusal is compared.
  | { kind: "route"; role: Role; input: fc.Arbitrary<RouteInput>; stage: Stage | { full: string }; bindMessage?: false }
  // An action's stage is its own schema, read from the exported function.
  | { kind: "action"; role: Role; input: fc.Arbitrary<unknown> }
  | { skip: string };

/**
 * Acme's API tokens (every scope), made before the runs: the company API's routes read no cookie.
 * Taken in turn, so the full runs of every /api/v1 route stay under one token's 300 requests a minute.
 */
const apiTokens: string[] = [];
beforeAll(async () => {
  const actor = await requireClient(authHeaders(await sessionCookie(acme.email)));
  for (let i = 0; i < 4; i++)
    apiTokens.push((await createApiToken(t.db, { actor, name: `Fuzz ${i}`, scopes: [...API_SCOPES], lifetimeDays: 30 })).secret);
});
let apiCalls = 0;
/** The same inputs, sent with a token (read when an input is made, after the tokens exist). */
const withApiToken = (input: fc.Arbitrary<RouteInput>) =>
  input.map((i): RouteInput => ({
    ...i,
    headers: { ...i.headers, authorization: `Bearer ${apiTokens[(apiCalls += 1) % apiTokens.length]}` },
  }));

let counter = 0;
const fresh = (label: string) => `fuzz-${label}-${(counter += 1)}@example.test`;
const acme = TENANTS.acme;
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const json = (url: string, base: () => Record<string, unknown>, extra?: (body: Uint8Array) => Record<string, string>) =>
  rawJsonBody(base).map((body): RouteInput => ({ url, body, headers: extra?.(body.bytes) }));
const rateCard = () => {
  const r = DEMO_RATES.find((rate) => rate.clientId === acme.clientId)!;
  return {
    serviceType: r.serviceType,
    hourlyRate: r.hourlyRateCents / 100,
    monthlyRetainer: "",
    discountTier: "",
    description: "",
    effectiveFrom: r.effectiveFrom,
  };
};
// The fake's demo data (built here, before the fake starts): the invoices it will hold.
const SQUARE_DATA = demoFixture();
const squareInvoice = () => structuredClone(SQUARE_DATA.invoices[0]!) as unknown as Record<string, unknown>;
const webhookEvent = () => ({
  merchant_id: SQUARE_DATA.merchantId,
  type: "invoice.updated",
  event_id: `evt-${(counter += 1)}`,
  created_at: new Date().toISOString(),
  data: { type: "invoice", id: "inv", object: { invoice: squareInvoice() } },
});
const squareSubscription = () => structuredClone(SQUARE_DATA.subscriptions[0]!) as unknown as Record<string, unknown>;
const signedSubscriptionEvent = (subscription: unknown): RouteInput => {
  const bytes = jsonBytes({
    ...webhookEvent(),
    type: "subscription.updated",
    data: { type: "subscription", id: "sub", object: { subscription } },
  });
  return { url: "/api/square/webhook", body: { contentType: "application/json", bytes }, headers: sign(bytes) };
};
// Values PostgreSQL cannot take in a subscription's ids and date (issue-pinned in fuzz-regressions).
const HOSTILE_SUBSCRIPTION_VALUES = [
  { id: "sub-\u0000" },
  { id: "sub-\ud800" },
  { customer_id: "cus-\u0000" },
  { plan_variation_id: "var-\u0000" },
  { charged_through_date: "2026-99-99" },
  { charged_through_date: "0000-01-01" },
];
// SARIF levels named after Object.prototype's members, on a result or on its rule.
const PROTOTYPE_LEVELS = ["__proto__", "toString", "constructor", "hasOwnProperty", "valueOf"];
const hostileSarifLevel = fc.tuple(fc.constantFrom(...PROTOTYPE_LEVELS), fc.boolean()).map(([level, onRule]) =>
  JSON.stringify({
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "fuzz", rules: [{ id: "F1", ...(onRule ? { defaultConfiguration: { level } } : {}) }] } },
        results: [{ ruleId: "F1", message: { text: "Fuzz result" }, ...(onRule ? {} : { level }) }],
      },
    ],
  }),
);
const sign = (bytes: Uint8Array) => ({
  "x-square-hmacsha256-signature": signSquareWebhook(new TextDecoder().decode(bytes), WEBHOOK_KEY, `${APP_ORIGIN}/api/square/webhook`),
});

/** Unsubscribe addresses with a bad token: any string, or a real token with a part changed. */
const unsubscribeInput = () =>
  fc
    .oneof(
      badString,
      fc.tuple(fc.constantFrom(0, 1), badString).map(([part, value]) => {
        const pieces = createUnsubscribeToken(DEMO_USERS.acme.id, "projects").split(".");
        pieces[part] = value;
        return pieces.join(".");
      }),
    )
    .map((token): RouteInput => ({ url: `/api/notifications/unsubscribe?${new URLSearchParams({ token })}` }));

// Findings: the demo draft of Acme's engagement and one of its published findings.
const draftFinding = DEMO_FINDINGS.find((f) => f.publishedDaysAgo === null)!;
const publishedFinding = acme.findingId;
const sarifText = () =>
  JSON.stringify({
    version: "2.1.0",
    runs: [{ tool: { driver: { name: "fuzz" } }, results: [{ ruleId: "F1", message: { text: "Fuzz result" } }] }],
  });
const findingFields = () => ({
  title: "Fuzz finding",
  severity: "low",
  cvssVector: "",
  assets: "",
  description: "",
  remediation: "",
  references: "",
  owaspLlm: ["LLM01"],
  atlas: ["AML.T0051"],
});

const FUZZ: Record<string, Spec> = {
  // --- public ---------------------------------------------------------------------------------
  "POST /api/contact/send": {
    kind: "route",
    role: "anonymous",
    input: json("/api/contact/send", () => ({
      name: "Fuzz Tester",
      email: fresh("contact"),
      company: "Fuzz Co",
      serviceInterest: "General Inquiry",
      message: "A message from the fuzzer.",
      website: "",
    })),
    stage: contactStage,
  },
  // A connection's GitHub webhook: refused at the signature (a connection's own secret, read from the database).
  "POST /api/trackers/github/[id]": {
    kind: "route",
    role: "anonymous",
    input: fc.oneof(
      json(
        "/api/trackers/github/00000000-0000-4000-8000-0000000f0777",
        () => ({ action: "closed", issue: { number: 1 } }),
        () => ({
          "x-github-event": "issues",
          "x-hub-signature-256": `sha256=${"0".repeat(64)}`,
        }),
      ).map((input) => ({ ...input, params: { id: "00000000-0000-4000-8000-0000000f0777" } })),
      fc.oneof(badId, badString).map((id): RouteInput => ({
        url: `/api/trackers/github/${pathSegment(id)}`,
        params: { id },
        body: { contentType: "application/json", bytes: jsonBytes({}) },
      })),
    ),
    stage: { full: "the signature is checked under the connection's own secret, read from the database" },
  },
  // A connection's GitLab webhook: refused at the token (a connection's own secret, read from the database).
  "POST /api/trackers/gitlab/[id]": {
    kind: "route",
    role: "anonymous",
    input: fc.oneof(
      json(
        "/api/trackers/gitlab/00000000-0000-4000-8000-0000000f0778",
        () => ({ object_kind: "issue", object_attributes: { iid: 1, action: "close" } }),
        () => ({ "x-gitlab-event": "Issue Hook", "x-gitlab-token": "not-the-secret" }),
      ).map((input) => ({ ...input, params: { id: "00000000-0000-4000-8000-0000000f0778" } })),
      fc.oneof(badId, badString).map((id): RouteInput => ({
        url: `/api/trackers/gitlab/${pathSegment(id)}`,
        params: { id },
        body: { contentType: "application/json", bytes: jsonBytes({}) },
      })),
    ),
    stage: { full: "the token is checked against the connection's own secret, read from the database" },
  },
  // A connection's Jira webhook: refused at the signature, as GitHub's.
  "POST /api/trackers/jira/[id]": {
    kind: "route",
    role: "anonymous",
    input: fc.oneof(
      json(
        "/api/trackers/jira/00000000-0000-4000-8000-0000000f0780",
        () => ({ webhookEvent: "jira:issue_updated", issue: { key: "SEC-1" } }),
        () => ({ "x-hub-signature": `sha256=${"0".repeat(64)}` }),
      ).map((input) => ({ ...input, params: { id: "00000000-0000-4000-8000-0000000f0780" } })),
      fc.oneof(badId, badString).map((id): RouteInput => ({
        url: `/api/trackers/jira/${pathSegment(id)}`,
        params: { id },
        body: { contentType: "application/json", bytes: jsonBytes({}) },
      })),
    ),
    stage: { full: "the signature is checked under the connection's own secret, read from the database" },
  },
  "POST /api/square/webhook": {
    kind: "route",
    role: "anonymous",
    // Signed bodies reach the event parsing (Square is trusted only after the signature), unsigned
    // ones the signature check.
    input: fc.oneof(
      json("/api/square/webhook", webhookEvent, sign),
      // One field of the invoice inside a signed event made bad.
      mutatedJsonInput(squareInvoice).map((invoice): RouteInput => {
        const bytes = jsonBytes({ ...webhookEvent(), data: { type: "invoice", id: "inv", object: { invoice } } });
        return { url: "/api/square/webhook", body: { contentType: "application/json", bytes }, headers: sign(bytes) };
      }),
      json("/api/square/webhook", webhookEvent).map((i) => ({ ...i, headers: { "x-square-hmacsha256-signature": "bogus" } })),
      // One field of the subscription inside a signed subscription event made bad, or a value
      // PostgreSQL cannot take.
      mutatedJsonInput(squareSubscription).map((subscription) => signedSubscriptionEvent(subscription)),
      fc.constantFrom(...HOSTILE_SUBSCRIPTION_VALUES).map((change) => signedSubscriptionEvent({ ...squareSubscription(), ...change })),
    ),
    stage: webhookStage(WEBHOOK_KEY, `${APP_ORIGIN}/api/square/webhook`),
  },
  "POST /api/auth/[...all]": {
    kind: "route",
    role: "anonymous",
    // better-auth's public write endpoints. Unknown addresses only, so no account's failure count
    // (and no result) depends on the order of inputs.
    input: fc
      .oneof(
        json("/api/auth/sign-in/email", () => ({ email: fresh("signin"), password: "not-the-password", rememberMe: true })),
        json("/api/auth/request-password-reset", () => ({ email: fresh("reset"), redirectTo: "/reset-password" })),
      )
      .map((i) => ({ ...i, params: { all: i.url.split("/").slice(3) } })),
    stage: betterAuthStage,
    bindMessage: false,
  },
  "POST /api/csp-report": {
    kind: "route",
    role: "anonymous",
    input: json("/api/csp-report", () => ({
      "csp-report": {
        "document-uri": "http://localhost:3000/admin/dashboard",
        "violated-directive": "script-src-elem",
        "effective-directive": "script-src-elem",
        "blocked-uri": "inline",
        disposition: "enforce",
      },
    })),
    stage: cspReportStage,
  },
  "GET /api/auth/[...all]": {
    skip: "its GET endpoints (session, list-sessions) read only the session cookie; the public writes are fuzzed under POST",
  },
  "GET /api/health": { skip: "takes no input" },
  "GET /.well-known/jwks.json": { skip: "takes no input" },
  "GET /api/verify/[code]": {
    kind: "route",
    role: "anonymous",
    input: fc.oneof(badId, badString).map((code) => ({ url: `/api/verify/${pathSegment(code)}`, params: { code } })),
    stage: { full: "an unknown code is only known by looking it up" },
  },
  "POST /api/notifications/unsubscribe": { kind: "route", role: "anonymous", input: unsubscribeInput(), stage: unsubscribeStage },
  "GET /api/notifications/unsubscribe": { kind: "route", role: "anonymous", input: unsubscribeInput(), stage: unsubscribeOpenStage },
  "GET /api/sso/lookup": {
    kind: "route",
    role: "anonymous",
    input: badString.map((email): RouteInput => ({ url: `/api/sso/lookup?${new URLSearchParams({ email })}` })),
    stage: ssoLookupStage,
  },
  "GET /dev/mail/[id]": {
    skip: "exists only with APP_ENV=development; the tests run as production does, where it answers 404 before reading any input",
  },
  "GET /api/square/sync-invoices": { skip: "takes no input (the admin's session only)" },
  // Sharing with third parties: the recipient's routes (no recipient cookie here: each refused at its input, or not signed in).
  "POST /api/shared/session": {
    kind: "route",
    role: "anonymous",
    input: json("/api/shared/session", () => ({ token: "x".repeat(43) })),
    stage: jsonStage(shareSessionSchema),
  },
  "DELETE /api/shared/session": { skip: "takes no input (the recipient's cookie only)" },
  "POST /api/shared/link": {
    kind: "route",
    role: "anonymous",
    input: json("/api/shared/link", () => ({ email: fresh("share-link") })),
    stage: jsonStage(shareLinkRequestSchema),
  },
  "POST /api/shared/nda": {
    kind: "route",
    role: "anonymous",
    input: json("/api/shared/nda", () => ({ name: "Fuzz Recipient", accept: true })),
    stage: jsonStage(ndaAcceptSchema),
  },
  "GET /api/shared/items/[id]/file": {
    kind: "route",
    role: "anonymous",
    input: idParamInput("/api/shared/items", "/file"),
    stage: sharedItemStage,
  },
  "GET /api/shared/items/[id]/pages/[page]": {
    kind: "route",
    role: "anonymous",
    input: fc.tuple(fc.oneof(badId, badString), fc.oneof(fc.constantFrom("1", "2"), badString)).map(([id, page]) => ({
      url: `/api/shared/items/${pathSegment(id)}/pages/${pathSegment(page)}`,
      params: { id, page },
    })),
    stage: sharedPageStage,
  },
  "GET /api/reports/files/[id]": {
    kind: "route",
    role: "anonymous",
    input: fc.oneof(
      fc.tuple(fc.oneof(badId, badString), badString, badString).map(([id, expires, sig]) => ({
        url: `/api/reports/files/${pathSegment(id)}?${new URLSearchParams({ expires, sig })}`,
        params: { id },
      })),
      // A real signed link with one part changed.
      fc.tuple(fc.constantFrom("id", "expires", "sig"), fc.oneof(badId, badString)).map(([part, value]) => {
        const signed = new URL(signReportLink(acme.reportDownloadId));
        const id = part === "id" ? value : acme.reportDownloadId;
        if (part !== "id") signed.searchParams.set(part, value);
        return { url: `/api/reports/files/${pathSegment(id)}${signed.search}`, params: { id } };
      }),
    ),
    stage: reportLinkStage,
  },
  "GET /api/files/[id]": {
    kind: "route",
    role: "anonymous",
    input: fc.oneof(
      fc
        .tuple(fc.oneof(badId, badString), badString, badString, fc.oneof(fc.constantFrom("inline", "attachment"), badString))
        .map(([id, expires, sig, disposition]) => ({
          url: `/api/files/${pathSegment(id)}?${new URLSearchParams({ expires, sig, disposition })}`,
          params: { id },
        })),
      // A real signed link with one part changed.
      fc.tuple(fc.constantFrom("id", "expires", "sig", "disposition", "for", "view"), fc.oneof(badId, badString)).map(([part, value]) => {
        const signed = new URL(signDownloadUrl(acme.documentId, { holder: { userId: acme.ownerUserId } }).url);
        const id = part === "id" ? value : acme.documentId;
        if (part !== "id") signed.searchParams.set(part, value);
        return { url: `/api/files/${pathSegment(id)}${signed.search}`, params: { id } };
      }),
    ),
    stage: signedFileStage,
  },

  // --- client ---------------------------------------------------------------------------------
  "GET /api/client/documents/[id]": { kind: "route", role: "client", input: idParamInput("/api/client/documents"), stage: idStage },
  "GET /api/client/invoices/export": { skip: "takes no input (the client's session only)" },
  "GET /api/client/invoices/[id]/pdf": {
    kind: "route",
    role: "client",
    input: idParamInput("/api/client/invoices", "/pdf"),
    stage: idStage,
  },
  "GET /api/client/statement": {
    kind: "route",
    role: "client",
    input: queryInput("/api/client/statement", {
      from: fc.constantFrom("2026-01-01", "2020-02-29", ""),
      to: fc.constantFrom("2026-12-31", "2025-01-01", ""),
      format: fc.constantFrom("pdf", "csv"),
    }),
    stage: queryStage(statementQuerySchema),
  },
  "GET /api/client/attestations/[id]/pdf": {
    kind: "route",
    role: "client",
    input: idParamInput("/api/client/attestations", "/pdf"),
    stage: idStage,
  },
  "GET /api/client/findings/export": { skip: "takes no input (the client's session only)" },
  "GET /api/client/findings/interchange": {
    kind: "route",
    role: "client",
    input: queryInput("/api/client/findings/interchange", {
      format: fc.constantFrom("sarif", "ocsf", "asff", "pdf"),
      engagement: fc.constantFrom(acme.projectId, "not-a-uuid"),
      severity: fc.constantFrom("critical", "urgent"),
      category: fc.constantFrom("LLM01", "atlas", "AML.T9999"),
      account: fc.constantFrom("123456789012", "12345"),
      region: fc.constantFrom("eu-west-3", "mars-1"),
    }),
    stage: queryStage(interchangeQuerySchema),
  },
  "GET /api/client/retainer/export": { skip: "takes no input (the client's session only)" },
  "GET /api/client/findings/evidence/[id]": {
    kind: "route",
    role: "client",
    input: idParamInput("/api/client/findings/evidence"),
    stage: idStage,
  },
  "GET /api/client/reports": { skip: "takes no input (the client's session only)" },
  "GET /api/client/access-log/export": { skip: "takes no input (the client's session only)" },
  // The company API: the client's token (the route reads no cookie), bad filters, limits and cursors.
  "GET /api/v1/openapi.json": { skip: "takes no input (a public document)" },
  "GET /api/v1/findings": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      queryInput("/api/v1/findings", {
        severity: fc.constantFrom("critical", "high", "urgent"),
        status: fc.constantFrom("open", "fixed", "closed"),
        engagement: fc.constantFrom(acme.projectId, "not-a-uuid"),
        owasp: fc.constantFrom("LLM01", "LLM99"),
        atlas: fc.constantFrom("AML.T0051", "AML.T9999"),
        overdue: fc.constantFrom("true", "false", "yes"),
        updatedSince: fc.constantFrom("2026-01-01T00:00:00Z", "2026-13-01", "yesterday"),
        cursor: fc.constantFrom("", "bm9uc2Vuc2U", "eyJ1IjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDAwMDBaIiwiaSI6Im5vIn0"),
        limit: fc.constantFrom("1", "100", "0", "101", "1.5", "NaN"),
      }),
    ),
    stage: queryStage(apiFindingsQuerySchema),
  },
  "GET /api/v1/exports/findings": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      queryInput("/api/v1/exports/findings", {
        format: fc.constantFrom("sarif", "ocsf", "asff", "pdf"),
        engagement: fc.constantFrom(acme.projectId, "not-a-uuid"),
        severity: fc.constantFrom("critical", "urgent"),
        category: fc.constantFrom("LLM01", "atlas", "AML.T9999"),
        account: fc.constantFrom("123456789012", "12345"),
        region: fc.constantFrom("eu-west-3", "mars-1"),
      }),
    ),
    stage: queryStage(apiInterchangeQuerySchema),
  },
  // A malformed id is a missing finding (404 "Finding not found"), worded by the route itself.
  "GET /api/v1/findings/[id]": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(idParamInput("/api/v1/findings")),
    stage: idStage,
    bindMessage: false,
  },
  "GET /api/v1/projects": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      queryInput("/api/v1/projects", {
        cursor: fc.constantFrom("", "bm9uc2Vuc2U", "IjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLWMwMDAwMDAwMDAwMSI"),
        limit: fc.constantFrom("1", "50", "0", "-1", "1e9"),
      }),
    ),
    stage: queryStage(apiPageQuerySchema),
  },
  "GET /api/v1/reports": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      queryInput("/api/v1/reports", {
        cursor: fc.constantFrom("", "bm9uc2Vuc2U", "IjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLWMwMDAwMDAwMDAwMSI"),
        limit: fc.constantFrom("1", "50", "0", "-1", "1e9"),
      }),
    ),
    stage: queryStage(apiPageQuerySchema),
  },
  "GET /api/v1/invoices": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      queryInput("/api/v1/invoices", {
        cursor: fc.constantFrom("", "bm9uc2Vuc2U", "IjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLWMwMDAwMDAwMDAwMSI"),
        limit: fc.constantFrom("1", "50", "0", "-1", "1e9"),
      }),
    ),
    stage: queryStage(apiPageQuerySchema),
  },
  "GET /api/v1/retests": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      queryInput("/api/v1/retests", {
        open: fc.constantFrom("true", "false", "yes"),
        cursor: fc.constantFrom("", "bm9uc2Vuc2U", "eyJ0IjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDAwMDBaIiwiaSI6Im5vIn0"),
        limit: fc.constantFrom("1", "50", "0", "-1", "1e9"),
      }),
    ),
    stage: queryStage(apiRetestsQuerySchema),
  },
  "GET /api/v1/attestation-letters": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      queryInput("/api/v1/attestation-letters", {
        cursor: fc.constantFrom("", "bm9uc2Vuc2U", "eyJ0IjoiMjAyNi0wMS0wMVQwMDowMDowMC4wMDAwMDBaIiwiaSI6Im5vIn0"),
        limit: fc.constantFrom("1", "50", "0", "-1", "1e9"),
      }),
    ),
    stage: queryStage(apiPageQuerySchema),
  },
  "GET /api/v1/engagements/[id]/coverage": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(idParamInput("/api/v1/engagements", "/coverage")),
    stage: idStage,
    bindMessage: false,
  },
  "GET /api/v1/engagements/[id]/evidence-pack": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(idParamInput("/api/v1/engagements", "/evidence-pack")),
    stage: idStage,
    bindMessage: false,
  },
  "GET /api/v1/access-log": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      queryInput("/api/v1/access-log", {
        kind: fc.constantFrom("views", "pages", "everything"),
        cursor: fc.constantFrom("", "bm9uc2Vuc2U", "MTA", "LTE"),
        limit: fc.constantFrom("1", "50", "0", "-1", "1e9"),
      }),
    ),
    stage: queryStage(apiAccessLogQuerySchema),
  },
  "GET /api/v1/webhooks": { skip: "takes no input (the token only)" },
  // The writes: Acme's published finding, the body mangled (a valid body may also meet the finding's state: a 409).
  "POST /api/v1/findings/[id]/comments": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      json(`/api/v1/findings/${acme.findingId}/comments`, () => ({ body: "A comment" })).map((i) => ({
        ...i,
        params: { id: acme.findingId },
      })),
    ),
    stage: apiBodyStage(apiCommentBodySchema),
  },
  "POST /api/v1/findings/[id]/retest-requests": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      json(`/api/v1/findings/${acme.findingId}/retest-requests`, () => ({ note: "Fixed" })).map((i) => ({
        ...i,
        params: { id: acme.findingId },
      })),
    ),
    stage: apiBodyStage(apiRetestRequestBodySchema),
  },
  "POST /api/v1/findings/[id]/risk-acceptance": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      json(`/api/v1/findings/${acme.findingId}/risk-acceptance`, () => ({ reason: "Accepted", expiresOn: nextWeek() })).map((i) => ({
        ...i,
        params: { id: acme.findingId },
      })),
    ),
    stage: apiBodyStage(apiRiskAcceptanceBodySchema),
  },
  "PUT /api/v1/findings/[id]/remediation-owner": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      json(`/api/v1/findings/${acme.findingId}/remediation-owner`, () => ({ ownerEmail: null })).map((i) => ({
        ...i,
        params: { id: acme.findingId },
      })),
    ),
    stage: apiBodyStage(apiRemediationOwnerBodySchema),
  },
  "POST /api/v1/findings/[id]/runs": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      json(`/api/v1/findings/${acme.findingId}/runs`, () => ({ trials: 10, successes: 0, modelVersion: "2026-12" })).map((i) => ({
        ...i,
        params: { id: acme.findingId },
      })),
    ),
    stage: apiBodyStage(apiRunBodySchema),
  },
  "PUT /api/v1/projects/[id]/model-versions": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      json(`/api/v1/projects/${acme.projectId}/model-versions`, () => ({ modelId: "gateway-model", modelVersion: "2026-12" })).map((i) => ({
        ...i,
        params: { id: acme.projectId },
      })),
    ),
    stage: apiBodyStage(apiModelVersionBodySchema),
  },
  "POST /api/v1/projects/[id]/runs": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      json(`/api/v1/projects/${acme.projectId}/runs`, () => ({
        modelId: "gateway-model",
        modelVersion: "2026-12",
        results: [{ findingId: acme.findingId, trials: 10, successes: 0 }],
      })).map((i) => ({ ...i, params: { id: acme.projectId } })),
    ),
    stage: apiBodyStage(apiRerunBodySchema),
  },
  "POST /api/v1/webhooks": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(
      json("/api/v1/webhooks", () => ({ kind: "standard", url: "https://hooks.example.com/fuzz", events: ["finding.published"] })),
    ),
    stage: apiBodyStage(createWebhookEndpointSchema),
  },
  // A malformed id is a missing endpoint (404), worded by the route itself.
  "GET /api/v1/shares": { skip: "takes no input (the token only)" },
  "POST /api/v1/shares/[id]/revoke": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(idParamInput("/api/v1/shares", "/revoke")),
    stage: idStage,
    bindMessage: false,
  },
  "DELETE /api/v1/webhooks/[id]": {
    kind: "route",
    role: "anonymous",
    input: withApiToken(idParamInput("/api/v1/webhooks")),
    stage: idStage,
    bindMessage: false,
  },
  "GET /api/client/access-log": {
    kind: "route",
    role: "client",
    input: queryInput("/api/client/access-log", { page: fc.constantFrom("1", "2", "0", "-1", "1e9", "NaN") }),
    stage: queryStage(accessLogQuerySchema),
  },
  "POST /api/client/authorizations/[id]/sign": {
    kind: "route",
    role: "client",
    input: fc.oneof(
      json(`/api/client/authorizations/${acme.authorizationId}/sign`, () => ({
        fullName: "Jordan Lee",
        entitled: true,
        documentHash: "0".repeat(64),
        password: "x",
      })).map((input) => ({
        ...input,
        params: { id: acme.authorizationId },
      })),
      fc.oneof(badId, badString).map((id): RouteInput => ({
        url: `/api/client/authorizations/${pathSegment(id)}/sign`,
        params: { id },
        body: { contentType: "application/json", bytes: jsonBytes({}) },
      })),
    ),
    stage: authorizationSignStage,
  },
  "GET /api/client/authorizations/[id]/pdf": {
    kind: "route",
    role: "client",
    input: idParamInput("/api/client/authorizations", "/pdf"),
    stage: authorizationIdStage,
  },
  "POST /api/client/reports/[id]/download": {
    kind: "route",
    role: "client",
    input: fc.oneof(
      json(`/api/client/reports/${acme.reportId}/download`, () => ({ code: "123456" })).map((input) => ({
        ...input,
        params: { id: acme.reportId },
      })),
      fc.oneof(badId, badString).map((id): RouteInput => ({
        url: `/api/client/reports/${pathSegment(id)}/download`,
        params: { id },
        body: { contentType: "application/json", bytes: jsonBytes({}) },
      })),
    ),
    stage: reportDownloadStage,
  },
  "POST /api/client/findings/[id]/reproducer": {
    kind: "route",
    role: "client",
    input: fc.oneof(
      json(`/api/client/findings/${acme.findingId}/reproducer`, () => ({ code: "123456" })).map((input) => ({
        ...input,
        params: { id: acme.findingId },
      })),
      fc.oneof(badId, badString).map((id): RouteInput => ({
        url: `/api/client/findings/${pathSegment(id)}/reproducer`,
        params: { id },
        body: { contentType: "application/json", bytes: jsonBytes({}) },
      })),
    ),
    stage: reproducerDownloadStage,
  },
  "POST /api/client/findings/[id]/runs": {
    kind: "route",
    role: "client",
    input: runUploadInput(acme.findingId),
    stage: { full: "the file is counted as it streams in, then the finding is looked up for the session's company" },
  },
  "POST /api/client/messages/threads": {
    kind: "route",
    role: "client",
    input: messageFormInput("/api/client/messages/threads", {
      subject: fc.constant("Fuzz subject"),
      body: fc.constant("Fuzz body"),
      projectId: fc.constantFrom("", acme.projectId),
    }),
    stage: messageStage("clientThread"),
  },
  "GET /api/client/messages/threads/[id]": {
    kind: "route",
    role: "client",
    input: idParamInput("/api/client/messages/threads"),
    stage: idStage,
  },
  "POST /api/client/messages/threads/[id]": {
    kind: "route",
    role: "client",
    input: fc
      .oneof(badId, badString)
      .chain((id) => messageFormInput(`/api/client/messages/threads/${pathSegment(id)}`, { body: fc.constant("Fuzz reply") }, { id })),
    stage: messageStage("reply"),
  },
  "GET /api/client/messages/attachments/[id]": {
    kind: "route",
    role: "client",
    input: idParamInput("/api/client/messages/attachments"),
    stage: idStage,
  },

  // --- admin routes ---------------------------------------------------------------------------
  // Its id is checked before the body is read: every generated input is a bad id.
  "POST /api/admin/findings/[id]/evidence": {
    kind: "route",
    role: "admin",
    input: idParamInput("/api/admin/findings", "/evidence"),
    stage: idStage,
  },
  "GET /api/admin/findings/evidence/[id]": {
    kind: "route",
    role: "admin",
    input: idParamInput("/api/admin/findings/evidence"),
    stage: idStage,
  },
  "POST /api/admin/findings/import": {
    kind: "route",
    role: "admin",
    input: scanImportInput(acme.projectId, fc.oneof(fc.constant(sarifText()), hostileSarifLevel)),
    stage: scanImportStage,
  },
  "POST /api/admin/documents/upload": { kind: "route", role: "admin", input: uploadInput(acme.clientId), stage: uploadStage },
  "POST /api/admin/reports/upload": { kind: "route", role: "admin", input: reportUploadInput(acme.projectId), stage: reportUploadStage },
  "POST /api/admin/authorizations/[id]/countersign": {
    kind: "route",
    role: "admin",
    input: fc.oneof(
      json(`/api/admin/authorizations/${acme.authorizationId}/countersign`, () => ({
        fullName: "Avery Admin",
        documentHash: "0".repeat(64),
        password: "x",
      })).map((input) => ({ ...input, params: { id: acme.authorizationId } })),
      fc.oneof(badId, badString).map((id): RouteInput => ({
        url: `/api/admin/authorizations/${pathSegment(id)}/countersign`,
        params: { id },
        body: { contentType: "application/json", bytes: jsonBytes({}) },
      })),
    ),
    stage: authorizationCountersignStage,
  },
  "GET /api/admin/authorizations/[id]/pdf": {
    kind: "route",
    role: "admin",
    input: idParamInput("/api/admin/authorizations", "/pdf"),
    stage: authorizationIdStage,
  },
  "POST /api/admin/reports/[id]/download": {
    kind: "route",
    role: "admin",
    input: fc.oneof(
      json(`/api/admin/reports/${acme.reportId}/download`, () => ({ code: "123456" })).map((input) => ({
        ...input,
        params: { id: acme.reportId },
      })),
      fc.oneof(badId, badString).map((id): RouteInput => ({
        url: `/api/admin/reports/${pathSegment(id)}/download`,
        params: { id },
        body: { contentType: "application/json", bytes: jsonBytes({}) },
      })),
    ),
    stage: reportDownloadStage,
  },
  "GET /api/admin/invoices/[id]/pdf": {
    kind: "route",
    role: "admin",
    input: idParamInput("/api/admin/invoices", "/pdf"),
    stage: idStage,
  },
  "GET /api/admin/reports/generated": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/admin/reports/generated", {
      projectId: fc.constant(acme.projectId),
      format: fc.constantFrom("docx", "pdf", "odt"),
    }),
    stage: queryStage(generatedReportQuerySchema),
  },
  "GET /api/admin/settings/report-template": { skip: "takes no input: the current template's file" },
  "POST /api/admin/settings/report-template": {
    kind: "route",
    role: "admin",
    input: reportTemplateInput(),
    stage: reportTemplateStage,
  },
  "GET /api/admin/attestations/[id]/pdf": {
    kind: "route",
    role: "admin",
    input: idParamInput("/api/admin/attestations", "/pdf"),
    stage: idStage,
  },
  "GET /api/admin/attestations": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/admin/attestations", { projectId: fc.constant(acme.projectId) }),
    stage: queryStage(projectLettersQuerySchema),
  },
  "GET /api/admin/authorizations": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/admin/authorizations", { projectId: fc.constant(acme.projectId) }),
    stage: queryStage(projectAuthorizationQuerySchema),
  },
  "GET /api/admin/reports": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/admin/reports", { projectId: fc.constant(acme.projectId) }),
    stage: queryStage(projectReportsQuerySchema),
  },
  "GET /api/admin/documents/[id]": { kind: "route", role: "admin", input: idParamInput("/api/admin/documents"), stage: idStage },
  "GET /api/admin/exports/clients": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/admin/exports/clients", { q: fc.constantFrom("acme", "50%", "a_b\\") }),
    stage: queryStage(clientListQuerySchema),
  },
  "GET /api/admin/exports/findings": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/admin/exports/findings", {
      client: fc.constantFrom(acme.clientId, "nope"),
      ...{
        format: fc.constantFrom("sarif", "ocsf", "asff", "pdf"),
        engagement: fc.constantFrom(acme.projectId, "not-a-uuid"),
        severity: fc.constantFrom("critical", "urgent"),
        category: fc.constantFrom("LLM01", "atlas", "AML.T9999"),
        account: fc.constantFrom("123456789012", "12345"),
        region: fc.constantFrom("eu-west-3", "mars-1"),
      },
    }),
    stage: queryStage(interchangeQuerySchema),
  },
  "GET /api/admin/exports/projects": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/admin/exports/projects", {
      q: fc.constantFrom("acme", "%"),
      status: fc.constantFrom("all", "completed", "in_progress"),
    }),
    stage: queryStage(projectListQuerySchema),
  },
  "GET /api/admin/clients/[id]/statement": {
    kind: "route",
    role: "admin",
    input: queryInput(`/api/admin/clients/${acme.clientId}/statement`, {
      from: fc.constantFrom("2026-01-01", "2020-02-29", ""),
      to: fc.constantFrom("2026-12-31", "2025-01-01", ""),
      format: fc.constantFrom("pdf", "csv"),
    }).map((input) => ({ ...input, params: { id: acme.clientId } })),
    stage: queryStage(statementQuerySchema),
  },
  "GET /api/admin/exports/invoices": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/admin/exports/invoices", {
      q: fc.constantFrom("globex", "INV-1"),
      status: fc.constantFrom("all", "paid", "overdue", "partially_paid", "unpaid"),
      client: fc.constant(acme.clientId),
      dates: fc.constantFrom("issued", "due"),
      from: fc.constant("2024-01-01"),
      number: fc.constantFrom("INV", "1001"),
    }),
    stage: queryStage(invoiceExportQuerySchema),
  },
  "POST /api/admin/messages/threads": {
    kind: "route",
    role: "admin",
    input: messageFormInput("/api/admin/messages/threads", {
      clientId: fc.constant(acme.clientId),
      subject: fc.constant("Fuzz subject"),
      body: fc.constant("Fuzz body"),
      projectId: fc.constant(""),
    }),
    stage: messageStage("adminThread"),
  },
  "GET /api/admin/messages/threads/[id]": {
    kind: "route",
    role: "admin",
    input: idParamInput("/api/admin/messages/threads"),
    stage: idStage,
  },
  "POST /api/admin/messages/threads/[id]": {
    kind: "route",
    role: "admin",
    input: fc
      .oneof(badId, badString)
      .chain((id) => messageFormInput(`/api/admin/messages/threads/${pathSegment(id)}`, { body: fc.constant("Fuzz reply") }, { id })),
    stage: messageStage("reply"),
  },
  "GET /api/admin/messages/attachments/[id]": {
    kind: "route",
    role: "admin",
    input: idParamInput("/api/admin/messages/attachments"),
    stage: idStage,
  },
  "GET /api/oauth/square": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/oauth/square", {
      action: fc.constantFrom("status", "authorize", "callback", "disconnect"),
      code: fc.string(),
      state: fc.string(),
      error: fc.string(),
    }),
    stage: squareOAuthStage("GET"),
  },
  "POST /api/oauth/square": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/oauth/square", { action: fc.constantFrom("authorize", "status", "DISCONNECT", "disconnect ") }),
    stage: squareOAuthStage("POST"),
  },
  "GET /api/oauth/square/callback": {
    kind: "route",
    role: "admin",
    input: queryInput("/api/oauth/square/callback", {
      code: fc.string(),
      state: fc.string(),
      error: fc.constantFrom("access_denied"),
      error_description: fc.string(),
    }),
    stage: callbackStage,
  },

  // --- API tokens: the owner is asked for the step-up (nothing is made); no such token to revoke --
  "ACTION src/features/api/actions/portal.ts#createApiTokenAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ name: "Fuzz", scopes: ["findings:read"], lifetime: "30" })),
  },
  "ACTION src/features/api/actions/portal.ts#revokeApiTokenAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ tokenId: "00000000-0000-4000-8000-0000000f0771" })),
  },

  // --- webhooks: the owner's; no such endpoint or delivery but for the new one an input makes ----
  "ACTION src/features/webhooks/actions/portal.ts#createWebhookEndpointAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({
      kind: "standard",
      url: "https://hooks.example.com/fuzz",
      description: "",
      events: ["finding.published"],
    })),
  },
  ...Object.fromEntries(
    (
      [
        "setWebhookEndpointEnabledAction",
        "deleteWebhookEndpointAction",
        "rotateWebhookSecretAction",
        "sendTestWebhookAction",
        "listWebhookDeliveriesAction",
      ] as const
    ).map((name) => [
      `ACTION src/features/webhooks/actions/portal.ts#${name}`,
      {
        kind: "action" as const,
        role: "client" as const,
        input: mutatedInput(() => ({
          endpointId: "00000000-0000-4000-8000-0000000f0772",
          ...(name === "setWebhookEndpointEnabledAction" ? { enabled: true } : {}),
        })),
      },
    ]),
  ),
  "ACTION src/features/webhooks/actions/portal.ts#redeliverWebhookAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ deliveryId: "00000000-0000-4000-8000-0000000f0773" })),
  },

  // --- trackers: the owner's connections; no such connection but for the new one an input makes ----
  "ACTION src/features/trackers/actions/portal.ts#connectGitHubAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ repository: "acme/fuzz", token: "ghp_fuzz", baseUrl: "" })),
  },
  "ACTION src/features/trackers/actions/portal.ts#connectGitLabAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ project: "acme/fuzz", token: "glpat-fuzz", baseUrl: "" })),
  },
  "ACTION src/features/trackers/actions/portal.ts#listTrackerTargetsAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ kind: "gitlab", token: "glpat-fuzz", baseUrl: "https://10.0.0.1" })),
  },
  "ACTION src/features/trackers/actions/portal.ts#connectJiraAction": {
    kind: "action",
    role: "client",
    // Cloud's fields and Data Center's token side by side: a mutated deployment picks which count.
    input: mutatedInput(() => ({
      deployment: "cloud",
      siteUrl: "https://acme.atlassian.net",
      projectKey: "FUZ",
      email: "owner@acme.example",
      apiToken: "ATATT-fuzz",
      pat: "fuzz-pat",
    })),
  },
  ...Object.fromEntries(
    (["testTrackerConnectionAction", "removeTrackerConnectionAction"] as const).map((name) => [
      `ACTION src/features/trackers/actions/portal.ts#${name}`,
      {
        kind: "action" as const,
        role: "client" as const,
        input: mutatedInput(() => ({ connectionId: "00000000-0000-4000-8000-0000000f0775" })),
      },
    ]),
  ),
  "ACTION src/features/trackers/actions/portal.ts#updateTrackerMappingAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ connectionId: "00000000-0000-4000-8000-0000000f0779", ...DEFAULT_TRACKER_MAPPING })),
  },
  "ACTION src/features/trackers/actions/portal.ts#requestTicketAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ connectionId: "00000000-0000-4000-8000-0000000f0776", findingId: acme.findingId })),
  },

  "ACTION src/features/api/actions/admin.ts#revokeApiTokenAsFirmAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ tokenId: "00000000-0000-4000-8000-0000000f0774" })),
  },
  "ACTION src/features/sso/actions/admin.ts#switchSsoOffAsFirmAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: "00000000-0000-4000-8000-0000000f0775" })),
  },
  "ACTION src/features/webhooks/actions/admin.ts#disableWebhookEndpointAsFirmAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ endpointId: "00000000-0000-4000-8000-0000000f0775" })),
  },

  // --- findings actions -----------------------------------------------------------------------
  "ACTION src/features/findings/actions/portal.ts#startRemediationAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ findingId: publishedFinding })),
  },
  "ACTION src/features/findings/actions/portal.ts#requestRetestAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ findingId: publishedFinding, note: "Fuzz fix" })),
  },
  "ACTION src/features/findings/actions/portal.ts#acceptRiskAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ findingId: publishedFinding, reason: "Fuzz reason", expiresOn: nextWeek() })),
  },
  "ACTION src/features/findings/actions/portal.ts#setFindingOwnerAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ findingId: publishedFinding, ownerUserId: DEMO_USERS.acmeMember.id })),
  },
  "ACTION src/features/findings/actions/portal.ts#addFindingCommentAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ findingId: publishedFinding, body: "Fuzz comment" })),
  },
  "ACTION src/features/measurements/actions/portal.ts#recordModelVersionAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ projectId: acme.projectId, provider: "", modelId: "gateway-model", modelVersion: "2026-12" })),
  },
  "ACTION src/features/measurements/actions/judges.ts#recordJudgeValidationAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ judgeName: "Fuzz judge", format: "csv", sample: "human,judge\n1,1\n0,0\n1,0\n0,1\n", note: "" })),
  },
  "ACTION src/features/measurements/actions/reruns.ts#setRerunScheduleAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ projectId: acme.projectId, provider: "", modelId: "gateway-model", cadence: "weekly" })),
  },
  "ACTION src/features/measurements/actions/reruns.ts#setRerunScheduleAdminAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ projectId: acme.projectId, provider: "", modelId: "gateway-model", cadence: "monthly" })),
  },
  "ACTION src/features/findings/actions/admin.ts#createFindingAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      ...findingFields(),
      projectId: acme.projectId,
      cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
    })),
  },
  "ACTION src/features/findings/actions/admin.ts#updateFindingAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ ...findingFields(), findingId: draftFinding.id })),
  },
  "ACTION src/features/findings/actions/admin.ts#deleteDraftFindingAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ findingId: draftFinding.id })),
  },
  "ACTION src/features/evidence/actions/imports.ts#applyScanImportAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ importId: "00000000-0000-4000-8000-0000000000aa", markMissing: true })),
  },
  "ACTION src/features/imports/actions/admin.ts#discardFindingImportAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ importId: "00000000-0000-4000-8000-0000000000aa" })),
  },
  "ACTION src/features/findings/actions/admin.ts#publishFindingsAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ projectId: acme.projectId, findingIds: [draftFinding.id] })),
  },
  "ACTION src/features/findings/actions/admin.ts#deleteDraftFindingsAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ projectId: acme.projectId, findingIds: [draftFinding.id] })),
  },
  "ACTION src/features/findings/actions/admin.ts#setFindingsOutcomeAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      projectId: acme.projectId,
      findingIds: [publishedFinding],
      outcome: "wont_fix",
      reason: "Fuzz reason",
      duplicateOfId: "",
      agreedByName: "Fuzz Person",
      agreedOn: "2026-01-05",
    })),
  },
  "ACTION src/features/findings/actions/admin.ts#undoFindingOutcomeAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ findingId: publishedFinding, note: "" })),
  },
  "ACTION src/features/findings/actions/templates.ts#createFindingTemplateAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      title: "Fuzz template",
      cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N",
      cwe: "CWE-79",
      description: "",
      remediation: "",
      references: "",
      tags: "fuzz",
      owaspLlm: ["LLM01"],
      atlas: ["AML.T0051"],
      ruleIds: "",
    })),
  },
  "ACTION src/features/findings/actions/templates.ts#updateFindingTemplateAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      templateId: DEMO_TEMPLATES[5]!.id,
      title: "Fuzz template",
      cwe: "",
      tags: [],
      owaspLlm: [],
      ruleIds: "",
    })),
  },
  "ACTION src/features/findings/actions/templates.ts#deleteFindingTemplateAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ templateId: "00000000-0000-4000-8000-0000000000aa" })),
  },
  "ACTION src/features/findings/actions/templates.ts#readFindingTemplateAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ templateId: DEMO_TEMPLATES[0]!.id })),
  },
  "ACTION src/features/findings/actions/admin.ts#recordRetestResultAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ findingId: publishedFinding, result: "still_open", note: "" })),
  },
  "ACTION src/features/findings/actions/admin.ts#addFindingMeasurementAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      findingId: publishedFinding,
      trials: "50",
      successes: "7",
      modelId: "gateway-model",
      modelVersion: "2026-10",
      systemPromptSha256: "ab".repeat(32),
      measuredOn: "2025-06-01",
    })),
  },
  "ACTION src/features/findings/actions/admin.ts#acknowledgeRiskAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ findingId: publishedFinding })),
  },
  "ACTION src/features/findings/actions/admin.ts#setDueDaysAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ projectId: acme.projectId, critical: 7, high: 30, medium: 90, low: 180 })),
  },
  "ACTION src/features/findings/actions/admin.ts#setAdminFindingOwnerAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ findingId: publishedFinding, ownerUserId: DEMO_USERS.acmeMember.id })),
  },
  "ACTION src/features/findings/actions/admin.ts#addAdminFindingCommentAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ findingId: publishedFinding, body: "Fuzz comment" })),
  },

  // --- client portal actions ------------------------------------------------------------------
  "ACTION src/features/notifications/actions/portal.ts#saveNotificationPreferencesAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ enabled: ["documents", "invoices", "bookings", "projects"], delivery: "daily" })),
  },
  "ACTION src/features/clients/actions/portal.ts#saveAccountSettings": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ ...acme.settings })),
  },
  "ACTION src/features/bookings/actions/portal.ts#requestServiceBooking": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({
      serviceType: "Other",
      preferredStartDate: nextWeek(),
      estimatedScope: "",
      projectDescription: "Fuzz booking.",
      urgency: "low",
    })),
  },
  "ACTION src/features/clients/actions/portal.ts#invitePersonAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ name: "Fuzz Colleague", email: fresh("colleague"), role: "member" })),
  },
  "ACTION src/features/clients/actions/portal.ts#resendInvitationAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ userId: "no-such-person" })),
  },
  "ACTION src/features/clients/actions/portal.ts#revokeInvitationAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ userId: "no-such-person" })),
  },
  "ACTION src/features/clients/actions/portal.ts#changePersonRoleAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ userId: "no-such-person", role: "owner" })),
  },
  "ACTION src/features/clients/actions/portal.ts#removePersonAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ userId: "no-such-person" })),
  },
  "ACTION src/features/sharing/actions/portal.ts#createShareAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({
      items: [{ kind: "report", id: acme.reportId }],
      recipients: [{ email: "fuzz@audit.example" }],
      mode: "view",
      ndaKind: "none",
    })),
  },
  "ACTION src/features/sharing/actions/room-pages.ts#loadMoreSharesAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ after: randomUUID() })),
  },
  "ACTION src/features/sharing/actions/room-pages.ts#loadShareActivityAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ shareId: randomUUID(), offset: 0 })),
  },
  "ACTION src/features/sharing/actions/portal.ts#revokeShareAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ shareId: randomUUID() })),
  },
  "ACTION src/features/sharing/actions/portal.ts#revokeShareRecipientAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ recipientId: randomUUID() })),
  },
  "ACTION src/features/sharing/actions/portal.ts#extendShareAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ shareId: randomUUID(), days: 30 })),
  },
  "ACTION src/features/sharing/actions/portal.ts#resendShareLinkAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ recipientId: randomUUID() })),
  },
  "ACTION src/features/sharing/actions/portal.ts#setMembersMayShareAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ allowed: false })),
  },
  "ACTION src/features/sharing/actions/admin.ts#setSharingForbiddenAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ projectId: acme.projectId, forbidden: false })),
  },
  "ACTION src/features/clients/actions/portal.ts#setBillingWithheldAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ withheld: false })),
  },
  "ACTION src/features/clients/actions/portal.ts#setReportsWithheldAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ withheld: false })),
  },
  "ACTION src/features/clients/actions/portal.ts#setFindingsWithheldAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ withheld: false })),
  },
  "ACTION src/features/invoices/actions/portal.ts#loadMoreInvoices": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ offset: 0 })),
  },

  // --- single sign-on: the owner's domains, provider and policy ----------------------------------
  "ACTION src/features/sso/actions/portal.ts#addSsoDomainAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ domain: `fuzz-${fresh("domain").replace(/[^a-z0-9]/g, "")}.example` })),
  },
  ...Object.fromEntries(
    (["verifySsoDomainAction", "removeSsoDomainAction"] as const).map((name) => [
      `ACTION src/features/sso/actions/portal.ts#${name}`,
      { kind: "action" as const, role: "client" as const, input: mutatedInput(() => ({ id: "00000000-0000-4000-8000-000000000000" })) },
    ]),
  ),
  "ACTION src/features/sso/actions/portal.ts#saveSamlProviderAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ metadataUrl: "https://idp.acme.example/saml/metadata" })),
  },
  "ACTION src/features/sso/actions/portal.ts#saveOidcProviderAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ issuer: "https://idp.acme.example", clientId: "fuzz", clientSecret: "fuzz-secret" })),
  },
  "ACTION src/features/sso/actions/portal.ts#setSsoPolicyAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ mode: "off", justInTime: false, sessionHours: 12 })),
  },
  "ACTION src/features/sso/actions/portal.ts#startSsoTestAction": { skip: "takes no input (the owner's session only)" },

  // --- sign-in and password actions (public) --------------------------------------------------
  "ACTION src/features/identity/actions/sign-in.ts#signInClientAction": {
    kind: "action",
    role: "anonymous",
    input: mutatedInput(() => ({ email: fresh("client"), password: "wrong-password", rememberMe: false })),
  },
  "ACTION src/features/identity/actions/sign-in.ts#signInAdminAction": {
    kind: "action",
    role: "anonymous",
    input: mutatedInput(() => ({ email: fresh("admin"), password: "wrong-password" })),
  },
  ...Object.fromEntries(
    (["startSsoSignInAction"] as const).map((name) => [
      `ACTION src/features/identity/actions/sign-in.ts#${name}`,
      { kind: "action" as const, role: "anonymous" as const, input: mutatedInput(() => ({ email: fresh("sso") })) },
    ]),
  ),
  "ACTION src/features/identity/actions/sign-in.ts#requestPasswordResetAction": {
    kind: "action",
    role: "anonymous",
    input: mutatedInput(() => ({ email: fresh("forgot") })),
  },
  "ACTION src/features/identity/actions/sign-in.ts#resetPasswordAction": {
    kind: "action",
    role: "anonymous",
    input: mutatedInput(() => ({ token: "not-a-real-token", password: "new-password-123", confirmPassword: "new-password-123" })),
  },

  "ACTION src/features/identity/actions/sign-in.ts#confirmEmailChangeAction": {
    kind: "action",
    role: "anonymous",
    input: mutatedInput(() => ({ token: "A".repeat(32) })),
  },

  "ACTION src/features/identity/actions/sign-in.ts#verifySignInCodeAction": {
    kind: "action",
    role: "anonymous",
    input: mutatedInput(() => ({ area: "client", method: "totp", code: "123456", trustDevice: false })),
  },

  "ACTION src/features/identity/actions/sign-in.ts#finishPasskeySignInAction": {
    kind: "action",
    role: "anonymous",
    input: mutatedInput(() => ({ area: "client" })),
  },

  // --- account security (the signed-in user's own) ----------------------------------------------
  "ACTION src/features/identity/actions/account.ts#startTwoFactorAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ password: "wrong-password" })),
  },
  "ACTION src/features/identity/actions/account.ts#confirmTwoFactorAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ code: "123456" })),
  },
  "ACTION src/features/identity/actions/account.ts#regenerateBackupCodesAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ password: "wrong-password" })),
  },
  "ACTION src/features/identity/actions/account.ts#disableTwoFactorAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ password: "wrong-password", code: "123456" })),
  },
  "ACTION src/features/identity/actions/account.ts#changePasswordAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ currentPassword: "wrong-password", password: "fuzz-new-password", confirmPassword: "fuzz-new-password" })),
  },
  "ACTION src/features/identity/actions/account.ts#updateOwnNameAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ name: "Fuzz Person" })),
  },
  "ACTION src/features/identity/actions/account.ts#requestEmailChangeAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ newEmail: fresh("new-sign-in"), currentPassword: "wrong-password" })),
  },
  "ACTION src/features/identity/actions/account.ts#listSessionsAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ unused: 1 })),
  },
  "ACTION src/features/identity/actions/account.ts#revokeSessionAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ sessionId: "no-such-session" })),
  },
  "ACTION src/features/identity/actions/account.ts#revokeOtherSessionsAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ unused: 1 })),
  },
  "ACTION src/features/identity/actions/account.ts#listPasskeysAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ unused: 1 })),
  },
  "ACTION src/features/identity/actions/account.ts#renamePasskeyAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ passkeyId: "no-such-passkey", name: "Fuzz" })),
  },
  "ACTION src/features/identity/actions/account.ts#removePasskeyAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ passkeyId: "no-such-passkey" })),
  },
  "ACTION src/features/identity/actions/step-up.ts#confirmStepUpAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ password: "wrong-password" })),
  },
  "ACTION src/features/identity/actions/step-up.ts#startSsoStepUpAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ returnTo: "/client-portal" })),
  },
  "ACTION src/features/identity/actions/account.ts#confirmPasskeyAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ passkeyId: "no-such-passkey", password: "wrong-password" })),
  },

  // --- admin actions --------------------------------------------------------------------------
  "ACTION src/features/clients/actions/admin.ts#createClientAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ company: "Fuzz Client Co", contactPerson: "Fuzz", email: fresh("client-new"), phone: "", address: "" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminInvitePersonAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, name: "Fuzz Person", email: fresh("person"), role: "member" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminResendInvitationAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, userId: "no-such-person" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminRevokeInvitationAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, userId: "no-such-person" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminChangePersonRoleAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, userId: "no-such-person", role: "member" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminRemovePersonAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, userId: "no-such-person" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#adminResetPersonTwoFactorAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, userId: "no-such-person" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#updateClientAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, ...acme.settings })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#deactivateClientAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: "00000000-0000-4000-8000-000000000000" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#reactivateClientAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: "00000000-0000-4000-8000-000000000000" })),
  },
  "ACTION src/features/clients/actions/admin-client.ts#deleteClientAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: "00000000-0000-4000-8000-000000000000" })),
  },
  "ACTION src/features/clients/actions/admin.ts#listClientOptionsAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ unused: 1 })),
  },
  "ACTION src/features/clients/actions/admin.ts#setClientTwoFactorRequirementAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: "00000000-0000-4000-8000-000000000000", required: false })),
  },
  "ACTION src/features/clients/actions/admin.ts#resetClientTwoFactorAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: "00000000-0000-4000-8000-000000000000" })),
  },
  "ACTION src/features/bookings/actions/admin.ts#approveBookingAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ bookingId: acme.bookingId })),
  },
  "ACTION src/features/inquiries/actions/admin.ts#markInquiryReadAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ inquiryId: acme.bookingId })),
  },
  "ACTION src/features/subscriptions/actions/admin.ts#saveSupportPlanAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      id: "",
      name: "Fuzz Plan",
      monthlyPrice: "10",
      features: "A",
      highlighted: true,
      squarePlanVariationId: "",
    })),
  },
  "ACTION src/features/subscriptions/actions/admin.ts#moveSupportPlanAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ planId: DEMO_TIERS[0]!.id, direction: "up" })),
  },
  "ACTION src/features/subscriptions/actions/admin.ts#retireSupportPlanAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ planId: DEMO_TIERS[0]!.id, retired: false })),
  },
  "ACTION src/features/settings/actions/admin.ts#saveDefaultRatesAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      rates: [
        { serviceType: "AI Security Assessment", hourlyRate: "350", monthlyRetainer: "" },
        { serviceType: "AI Security Governance", hourlyRate: "300", monthlyRetainer: "20000" },
        { serviceType: "AI Engineering Acceleration", hourlyRate: 275, monthlyRetainer: null },
      ],
    })),
  },
  "ACTION src/features/settings/actions/admin.ts#setClientTwoFactorPolicyAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ required: false })),
  },
  "ACTION src/features/settings/actions/admin.ts#setMinRetestTrialsAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ minTrials: "100" })),
  },
  "ACTION src/features/settings/actions/admin.ts#saveFirmDetailsAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ name: "Sentinel AI Security", address: "100 Market Street\nSan Francisco, CA 94105" })),
  },
  "ACTION src/features/operations/actions/admin.ts#sendTestMailAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ unused: 1 })),
  },
  "ACTION src/features/subscriptions/actions/admin.ts#decideSubscriptionAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ subscriptionId: DEMO_SUBSCRIPTIONS[0]!.id, decision: "decline", reason: "Fuzz" })),
  },
  "ACTION src/features/subscriptions/actions/portal.ts#subscribeToPlan": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ planId: DEMO_TIERS[0]!.id })),
  },
  "ACTION src/features/subscriptions/actions/portal.ts#cancelSubscription": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ subscriptionId: DEMO_SUBSCRIPTIONS[0]!.id })),
  },
  "ACTION src/features/subscriptions/actions/portal.ts#switchPlan": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ planId: DEMO_TIERS[0]!.id })),
  },
  "ACTION src/features/bookings/actions/admin.ts#decideBookingAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ bookingId: acme.bookingId, decision: "decline", reason: "Fuzz reason" })),
  },
  "ACTION src/features/inquiries/actions/admin.ts#setInquiryArchivedAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ inquiryId: acme.bookingId, archived: true })),
  },
  "ACTION src/features/identity/actions/view-as.ts#startViewAsClientAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId })),
  },
  "ACTION src/features/identity/actions/view-as.ts#endViewAsClientAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ unused: 1 })),
  },
  "ACTION src/features/notifications/actions/admin.ts#saveAdminNotificationPreferencesAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ enabled: ["admin_bookings", "admin_failed_mail"], delivery: "each" })),
  },
  // A job id that is no dead job's: every mutation must still be a readable refusal.
  "ACTION src/features/operations/actions/jobs.ts#retryDeadJobAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ jobId: acme.bookingId })),
  },
  "ACTION src/features/operations/actions/jobs.ts#discardDeadJobAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ jobId: acme.bookingId })),
  },
  "ACTION src/features/operations/actions/admin.ts#retryFailedMailAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ mailId: acme.bookingId })),
  },
  "ACTION src/features/square/actions/admin.ts#linkSquareCustomerAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ squareCustomerId: "FUZZ-CUSTOMER", clientId: acme.clientId })),
  },
  "ACTION src/features/messages/actions/admin.ts#setThreadStatusAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ threadId: "00000000-0000-4000-8000-000000000000", status: "closed" })),
  },
  "ACTION src/features/square/actions/admin.ts#unlinkSquareCustomerAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ squareCustomerId: "FUZZ-CUSTOMER" })),
  },
  "ACTION src/features/square/actions/admin.ts#setSquareCustomerIgnoredAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ squareCustomerId: "FUZZ-CUSTOMER", ignored: true })),
  },
  "ACTION src/features/square/actions/admin.ts#getClientSquareCustomersAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId })),
  },
  "ACTION src/features/square/actions/admin.ts#setClientBillingEmailAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, billingEmail: "" })),
  },
  "ACTION src/features/projects/actions/admin.ts#createProjectAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      projectName: "Fuzz project",
      clientId: acme.clientId,
      startDate: "2026-01-01",
      description: "",
      notes: "",
      targetCompletionDate: "",
    })),
  },
  "ACTION src/features/projectadmin/actions/admin.ts#updateProjectAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      id: acme.projectId,
      projectName: "Fuzz project",
      clientId: acme.clientId,
      startDate: "2026-01-01",
      status: "in_progress",
      targetCompletionDate: "",
    })),
  },
  "ACTION src/features/projectadmin/actions/admin.ts#setProjectStatusAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ projectId: acme.projectId, status: "in_progress" })),
  },
  "ACTION src/features/projects/actions/admin.ts#getProjectInvoicesAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ projectId: acme.projectId })),
  },
  "ACTION src/features/projects/actions/admin.ts#unlinkInvoiceAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ invoiceId: acme.linkedInvoiceId })),
  },
  "ACTION src/features/projects/actions/admin.ts#getProjectTimelineAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ projectId: acme.projectId })),
  },
  "ACTION src/features/projects/actions/admin.ts#linkInvoicesAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(
      mutatedInput(() => ({ projectId: acme.projectId, invoiceIds: [acme.invoiceId] })),
      // Bad ids inside the list, next to a real one.
      fc
        .array(fc.oneof(badId, badString), { minLength: 1, maxLength: 5 })
        .map((ids) => ({ projectId: acme.projectId, invoiceIds: [acme.invoiceId, ...ids] })),
    ),
  },
  // A company that does not exist: an input the schema lets through is refused there, so nothing is published.
  "ACTION src/features/analytics/actions/admin.ts#generateBoardSummaryAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: "00000000-0000-4000-8000-00000000b0a2", quarter: "2026-Q1" })),
  },
  // Only the quarter is the input; one the schema lets through publishes the owner's summary (a few at most: 10 minutes apart per quarter).
  "ACTION src/features/analytics/actions/portal.ts#requestBoardSummaryAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ quarter: "2019-Q2" })),
  },
  "ACTION src/features/reports/actions/admin.ts#publishGeneratedReportAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(badId, badString).map((projectId) => ({ projectId })),
  },
  "ACTION src/features/reports/actions/admin.ts#resetReportTemplateAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ unused: 1 })),
  },
  // An engagement no project has: a body that passes validation is refused as unknown, saving nothing.
  "ACTION src/features/authorizations/actions/admin.ts#saveAuthorizationDraftAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      projectId: "00000000-0000-4000-8000-00000000fff1",
      inScope: "https://gateway.acme.test",
      outOfScope: "",
      windowStart: "2026-01-05",
      windowEnd: "2026-01-30",
      testers: "Avery Admin",
      emergencyContacts: "Jordan Lee",
      price: "Fixed fee",
      terms: "Test only what is in scope.",
    })),
  },
  "ACTION src/features/authorizations/actions/admin.ts#sendAuthorizationAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(badId, badString).map((authorizationId) => ({ authorizationId })),
  },
  "ACTION src/features/authorizations/actions/admin.ts#saveAuthorizationTermsAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ terms: "Test only what is in scope." })),
  },
  "ACTION src/features/attestations/actions/admin.ts#issueLetterAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      projectId: acme.projectId,
      scope: "The engagement's scope.",
      methodology: "Manual testing.",
      testers: "Fuzz Tester",
      windowStart: "2026-09-01",
      windowEnd: "2026-10-01",
    })),
  },
  "ACTION src/features/attestations/actions/admin.ts#revokeLetterAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(badId, badString).map((letterId) => ({ letterId })),
  },
  "ACTION src/features/evidence/actions/admin.ts#savePlanAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      name: `Fuzz plan ${(counter += 1)}`,
      methodology: "Manual testing.",
      cases: JSON.stringify([BUILTIN_CASES[0]]),
    })),
  },
  "ACTION src/features/evidence/actions/admin.ts#adoptPlanAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(badId, badString).map((planVersionId) => ({ projectId: acme.projectId, planVersionId })),
  },
  "ACTION src/features/evidence/actions/admin.ts#recordCaseAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      projectId: acme.projectId,
      target: "gateway-model",
      caseNo: "TC-08",
      status: "held",
      trials: 10,
      successes: 0,
    })),
  },
  "ACTION src/features/evidence/actions/admin.ts#issuePackAction": {
    kind: "action",
    role: "admin",
    input: fc
      .oneof(badId, badString)
      .map((projectId) => ({ projectId, testers: "Fuzz Tester", independence: "Independent.", limitations: "None." })),
  },
  "ACTION src/features/evidence/actions/admin.ts#revokePackAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(badId, badString).map((packId) => ({ packId })),
  },
  "ACTION src/features/attestations/actions/portal.ts#setLetterNameDisplayAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ anonymous: false })),
  },
  "ACTION src/features/reports/actions/admin.ts#revokeReportAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(badId, badString).map((reportId) => ({ reportId })),
  },
  "ACTION src/features/documents/actions/admin.ts#deleteDocumentAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(badId, badString).map((documentId) => ({ documentId })),
  },
  "ACTION src/features/retainers/actions/admin.ts#saveRetainerAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      clientId: acme.clientId,
      name: "Fuzz retainer",
      hoursPerMonth: 40,
      hourlyRate: "225",
      overageRate: "275",
      startDate: "2026-01-01",
      carryOverHours: 4,
      carryOverMonths: 2,
      thresholds: "80, 100",
    })),
  },
  "ACTION src/features/retainers/actions/admin.ts#logTimeEntryAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({
      clientId: acme.clientId,
      projectId: acme.projectId,
      workDate: new Date().toISOString().slice(0, 10),
      hours: 0.25,
      person: "Fuzz Consultant",
      description: "Fuzz entry",
      billable: false,
    })),
  },
  "ACTION src/features/retainers/actions/admin.ts#closeRetainerMonthAction": {
    kind: "action",
    role: "admin",
    input: mutatedInput(() => ({ clientId: acme.clientId, month: new Date().toISOString().slice(0, 7) })),
  },
  "ACTION src/features/retainers/actions/portal.ts#decideOverageAction": {
    kind: "action",
    role: "client",
    input: mutatedInput(() => ({ requestId: DEMO_OVERAGE_REQUEST_ID, decision: "decline" })),
  },
  "ACTION src/features/clients/actions/admin-rates.ts#updateClientRatesAction": {
    kind: "action",
    role: "admin",
    input: fc.oneof(
      mutatedInput(() => ({ clientId: acme.clientId, rates: [rateCard()] })),
      // One field of a rate card made bad, inside an otherwise valid input.
      mutatedInput(rateCard).map((card) => ({ clientId: acme.clientId, rates: [card] })),
    ),
  },
};

// ---------------------------------------------------------------------------------------------

const discovered = (await discoverEntryPoints()).filter((e) => e.kind !== "page");
const cookies: Partial<Record<Role, string>> = {};
const logged: string[] = [];

beforeAll(async () => {
  cookies.admin = await sessionCookie("admin@example.com");
  cookies.client = await sessionCookie("client@example.com");
  // Connected to the fake Square, so signed webhook events reach the invoice code.
  sq.fake.reset(SQUARE_DATA);
  const token = sq.fake.issueToken();
  await saveConnection(t.db, { ...token, expiresAt: new Date(token.expiresAt) }, { scopes: null, connectedBy: null });
  await trackChanges(t.db);
  console.info(`[fuzz] FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
  // Unexpected errors are logged (console.error) and answered generically: collect them, and
  // keep the mail and auth chatter out of the output.
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(" "));
  });
  for (const quiet of ["info", "log", "warn"] as const) vi.spyOn(console, quiet).mockImplementation(() => {});
});
afterAll(async () => {
  vi.restoreAllMocks();
  await (globalThis as { __outboxKick?: Promise<unknown> }).__outboxKick;
});

function headersFor(role: Role): Headers {
  if (role === "anonymous") return new Headers({ origin: APP_ORIGIN, "x-forwarded-for": nextTestIp() });
  return authHeaders(cookies[role]!);
}

/** A per-entry seed, so adding one entry point does not change the inputs of the others. */
function seedFor(key: string): number {
  let h = SEED >>> 0;
  for (const c of key) h = Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0;
  return h;
}

type Outcome = { refused: boolean; serverError: string | null; text: string };

async function callEntry(entry: (typeof discovered)[number], spec: Extract<Spec, { kind: string }>, input: unknown): Promise<Outcome> {
  const mod = await importEntryModule(entry.file);
  if (entry.kind === "route") {
    const result = await sendRoute(mod[entry.method] as RouteHandler, entry.method, input as RouteInput, headersFor(spec.role));
    // An OAuth callback that fails goes back to the dashboard with the reason: that is a refusal.
    const refused = result.status >= 400 || /oauth_status=error/.test(result.location ?? "");
    return { refused, serverError: result.status >= 500 ? `status ${result.status}` : null, text: result.text };
  }
  requestHeaders.current = headersFor(spec.role);
  const value = (await (mod[(entry as { exportName: string }).exportName] as (i: unknown) => Promise<unknown>)(input)) as {
    success?: unknown;
    error?: unknown;
  };
  const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)) ?? "";
  const shapeOk = value !== null && typeof value === "object" && typeof value.success === "boolean";
  return {
    refused: value?.success === false,
    serverError: !shapeOk
      ? `not an action result: ${text.slice(0, 200)}`
      : value.error === GENERIC_ERROR
        ? "the generic error (an unexpected server error)"
        : null,
    text,
  };
}

/** Lets background work a call started (outbox drain, after()) finish, so it is not blamed on the next input. */
async function settle(): Promise<void> {
  await settleAfterTasks();
  await (globalThis as { __outboxKick?: Promise<unknown> }).__outboxKick;
}

describe("the fuzz table covers every route handler and server action on disk", () => {
  it("has an entry (a spec or a reason to skip) for each", () => {
    const missing = discovered.filter((e) => !(e.key in FUZZ)).map((e) => e.key);
    const stale = Object.keys(FUZZ).filter((key) => !discovered.some((e) => e.key === key));
    expect(missing, "entry points without a fuzz spec").toEqual([]);
    expect(stale, "fuzz specs without an entry point").toEqual([]);
  });
});

/** The entry point's input stage: a route's own, an action's schema; null when only the full path will do. */
async function stageOf(entry: (typeof discovered)[number], spec: Extract<Spec, { kind: string }>): Promise<Stage | null> {
  if (spec.kind === "route") return typeof spec.stage === "function" ? spec.stage : null;
  const mod = await importEntryModule(entry.file);
  const schema = actionInputSchema(mod[(entry as { exportName: string }).exportName]);
  return schema ? actionStage(schema) : null;
}

const escaped = (message: string) => JSON.stringify(message).slice(1, -1);

/** The input stage alone: it lets an input through or refuses it with a 4xx and a message fit to show. */
async function fuzzStage(entry: (typeof discovered)[number], spec: Extract<Spec, { kind: string }>, stage: Stage): Promise<void> {
  const property = fc.asyncProperty(spec.input as fc.Arbitrary<unknown>, async (input) => {
    const outcome = await runStage(stage, input);
    if ("crashed" in outcome) throw new Error(`the input stage threw ${outcome.crashed}`);
    if (!outcome.refused) return;
    if (outcome.status >= 500) throw new Error(`the input stage answered ${outcome.status}: ${outcome.message}`);
    if (outcome.message === GENERIC_ERROR) throw new Error("the input stage refused with the generic error");
    const leak = leakIn(outcome.message);
    if (leak) throw new Error(`the input stage's message shows ${leak}`);
  });
  await fc.assert(property, { seed: seedFor(entry.key), numRuns: STAGE_RUNS, endOnFailure: true }).catch((error: Error) => {
    throw new Error(`${entry.key} input stage (reproduce: FUZZ_SEED=${SEED} FUZZ_STAGE_RUNS=${STAGE_RUNS})\n${error.message}`);
  });
}

/**
 * One entry point, the whole way: each input is called, background work settled, and the tables
 * it changed read from the change log. With a stage, an input the stage refuses must be refused
 * here too, with the stage's message.
 */
async function fuzzEntry(
  entry: (typeof discovered)[number],
  spec: Extract<Spec, { kind: string }>,
  stage: Stage | null,
  runs: number,
): Promise<void> {
  await takeChangedTables(t.db);
  const property = fc.asyncProperty(spec.input as fc.Arbitrary<unknown>, async (input) => {
    logged.length = 0;
    const expected: StageOutcome | null = stage ? await runStage(stage, input) : null;
    const outcome = await callEntry(entry, spec, input);
    await settle();
    const changed = await takeChangedTables(t.db);
    if (outcome.serverError)
      throw new Error(`${outcome.serverError}; logged: ${logged.join(" | ").slice(0, 500)}; answer: ${outcome.text.slice(0, 300)}`);
    const unexpected = logged.filter((line) => /unexpected error|Error: /.test(line));
    if (unexpected.length) throw new Error(`an unexpected error was logged: ${unexpected.join(" | ").slice(0, 500)}`);
    const leak = leakIn(outcome.text);
    if (leak) throw new Error(`the answer shows ${leak}`);
    if (outcome.refused && changed.length) {
      throw new Error(`refused, yet changed ${changed.join(", ")}; answer: ${outcome.text.slice(0, 300)}`);
    }
    if (expected && "refused" in expected && expected.refused) {
      const sameWords = ("bindMessage" in spec && spec.bindMessage === false) || outcome.text.includes(escaped(expected.message));
      if (!outcome.refused || !sameWords) {
        throw new Error(
          `its input stage refuses this input ("${expected.message}"), the entry point answered otherwise: ${outcome.text.slice(0, 300)}`,
        );
      }
    }
  });
  // Shrinking re-runs many inputs against a database that keeps changing: off unless asked for.
  await fc
    .assert(property, { seed: seedFor(entry.key), numRuns: runs, endOnFailure: process.env.FUZZ_SHRINK !== "1" })
    .catch((error: Error) => {
      const cause = error.cause instanceof Error ? `\n${error.cause.message}` : "";
      throw new Error(`${entry.key} (reproduce: FUZZ_SEED=${SEED} FUZZ_RUNS=${runs})\n${error.message}${cause}`);
    });
}

const fuzzed = discovered.filter((e) => e.key in FUZZ && !("skip" in FUZZ[e.key]!));
const specOf = (entry: (typeof discovered)[number]) => FUZZ[entry.key] as Extract<Spec, { kind: string }>;
const timeFor = (runs: number) => 30_000 + runs * 300;

describe(`fuzzing (FUZZ_SEED=${SEED}, FUZZ_STAGE_RUNS=${STAGE_RUNS}, FUZZ_RUNS=${RUNS})`, () => {
  for (const entry of fuzzed) {
    it(
      entry.key,
      async () => {
        const spec = specOf(entry);
        const stage = await stageOf(entry, spec);
        if (!stage) return fuzzEntry(entry, spec, null, STAGE_RUNS);
        await fuzzStage(entry, spec, stage);
        await fuzzEntry(entry, spec, stage, RUNS);
      },
      timeFor(STAGE_RUNS),
    );
  }
});
