// The company API's writes and owner reads (docs/PRODUCT.md#api-and-webhooks): a token with
// findings:write does on a published finding what the portal lets the company do, through the same
// rules, with the token named on the timeline; Idempotency-Key makes a retry safe; webhooks:manage
// manages endpoints; access-log:read reads the firm's accesses with the signed head; the letters.
import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as commentsRoute } from "@/app/api/v1/findings/[id]/comments/route";
import { PUT as ownerRoute } from "@/app/api/v1/findings/[id]/remediation-owner/route";
import { POST as retestRoute } from "@/app/api/v1/findings/[id]/retest-requests/route";
import { POST as riskRoute } from "@/app/api/v1/findings/[id]/risk-acceptance/route";
import { GET as lettersRoute } from "@/app/api/v1/attestation-letters/route";
import { GET as retestsRoute } from "@/app/api/v1/retests/route";
import { GET as accessLogRoute } from "@/app/api/v1/access-log/route";
import { DELETE as deleteWebhookRoute } from "@/app/api/v1/webhooks/[id]/route";
import { GET as webhooksRoute, POST as createWebhookRoute } from "@/app/api/v1/webhooks/route";
import type { ApiScope } from "@/lib/domain/api-scope";
import { apiIdempotencyKeys } from "@/features/api/server/schema";
import { findingComments, findingEvents } from "@/features/findings/server/schema/records";
import { webhookEndpoints } from "@/features/webhooks/server/schema";
import { DEMO_CLIENTS, DEMO_LETTER, DEMO_USERS } from "@/features/demo/server/demo-data";
import { latestSignedHeads, recordFirmAccess, signChainHeads } from "@/features/audit/server";
import { createApiToken } from "@/features/api/server";
import { apiCreatedSchema, apiFindingChangeSchema, apiRetestPageSchema, apiWebhookCreatedSchema } from "@/features/api/validation";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { createFreshObjects, TENANTS } from "@tests/integration/helpers/tenants";
import { listenToEveryEvent, queuedEvents } from "@tests/integration/helpers/webhook-events";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(
  handler: Handler,
  method: string,
  path: string,
  secret: string,
  { json, params = {}, headers = {} }: { json?: unknown; params?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const request = new Request(`${APP_ORIGIN}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(json === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return handler(request, { params: Promise.resolve(params) });
}

async function tokenFor(email: string, scopes: ApiScope[], name = "Jira sync") {
  return (await createApiToken(t.db, { actor: await clientActor(email), name, scopes, lifetimeDays: 90 })).secret;
}
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("acting on findings with findings:write", () => {
  it("comments, names a remediation owner by e-mail and accepts a risk, with the token named on the timeline", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    await listenToEveryEvent(t.db, DEMO_CLIENTS.acme.id);
    const secret = await tokenFor(DEMO_USERS.acme.email, ["findings:write"]);
    const id = fresh.openFindingId;
    const path = `/api/v1/findings/${id}`;

    const comment = await call(commentsRoute, "POST", `${path}/comments`, secret, { json: { body: "Tracked as SEC-42" }, params: { id } });
    expect(comment.status).toBe(201);
    // Each answer as the OpenAPI document describes it (strict: an unnamed field fails).
    const { data } = apiCreatedSchema.parse(await comment.json());
    const [row] = await t.db.select().from(findingComments).where(eq(findingComments.id, data.id));
    expect(row).toMatchObject({ body: "Tracked as SEC-42", actorId: null, actorRole: "client", actorName: 'API token "Jira sync"' });

    const nobody = await call(ownerRoute, "PUT", `${path}/remediation-owner`, secret, {
      json: { ownerEmail: "nobody@example.com" },
      params: { id },
    });
    expect(nobody.status).toBe(400);
    expect(await nobody.json()).toMatchObject({ fieldErrors: { ownerEmail: expect.any(String) } });
    const named = await call(ownerRoute, "PUT", `${path}/remediation-owner`, secret, {
      json: { ownerEmail: DEMO_USERS.acmeMember.email.toUpperCase() },
      params: { id },
    });
    expect(named.status).toBe(200);
    expect(apiFindingChangeSchema.parse(await named.json())).toEqual({
      data: { id, status: "open", owner: { name: DEMO_USERS.acmeMember.name } },
    });

    const badDate = await call(riskRoute, "POST", `${path}/risk-acceptance`, secret, {
      json: { reason: "Compensating control", expiresOn: inDays(-1) },
      params: { id },
    });
    expect(badDate.status).toBe(400);
    const accepted = await call(riskRoute, "POST", `${path}/risk-acceptance`, secret, {
      json: { reason: "Compensating control", expiresOn: inDays(90) },
      params: { id },
    });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ data: { id, status: "risk_accepted" } });
    const events = await t.db
      .select()
      .from(findingEvents)
      .where(and(eq(findingEvents.findingId, id), eq(findingEvents.kind, "risk_accepted")));
    expect(events).toMatchObject([{ actorId: null, actorName: 'API token "Jira sync"', toStatus: "risk_accepted" }]);
    // The same webhooks as the portal's move.
    const moves = await queuedEvents(t.db, DEMO_CLIENTS.acme.id, "finding.status_changed");
    expect(moves.map((e) => e.data)).toContainEqual(expect.objectContaining({ findingId: id, to: "risk_accepted" }));
  });

  it("asks for a retest once (a second while one is open is a 409) and lists it among the company's retests", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const secret = await tokenFor(DEMO_USERS.acme.email, ["findings:write"]);
    const id = fresh.openFindingId;
    const first = await call(retestRoute, "POST", `/api/v1/findings/${id}/retest-requests`, secret, {
      json: { note: "Patched" },
      params: { id },
    });
    expect(first.status).toBe(201);
    const again = await call(retestRoute, "POST", `/api/v1/findings/${id}/retest-requests`, secret, {
      json: { note: "Patched" },
      params: { id },
    });
    expect(again.status).toBe(409);
    expect(again.headers.get("content-type")).toContain("application/problem+json");

    // The request is listed, waiting for the firm; another company's token never sees it.
    const { data } = apiCreatedSchema.parse(await first.json());
    const reader = await tokenFor(DEMO_USERS.acme.email, ["findings:read"]);
    const waiting = apiRetestPageSchema.parse(
      await (await call(retestsRoute, "GET", "/api/v1/retests?open=true&limit=100", reader)).json(),
    );
    expect(waiting.data).toContainEqual(expect.objectContaining({ id: data.id, findingId: id, note: "Patched", result: null }));
    expect(waiting.data.every((retest) => retest.result === null)).toBe(true);
    const globex = await tokenFor(DEMO_USERS.globex.email, ["findings:read"]);
    const theirs = apiRetestPageSchema.parse(await (await call(retestsRoute, "GET", "/api/v1/retests?limit=100", globex)).json());
    expect(theirs.data.map((retest) => retest.id)).not.toContain(data.id);
    // A page at a time, newest first, no request twice.
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = apiRetestPageSchema.parse(
        await (await call(retestsRoute, "GET", `/api/v1/retests?limit=1&cursor=${cursor}`, reader)).json(),
      );
      seen.push(...page.data.map((retest) => retest.id));
      cursor = page.nextCursor;
    }
    expect(seen[0]).toBe(data.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThan(2);
  });

  it("refuses a token without the scope, another company's token (404), a draft, and a body that is not JSON", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const readOnly = await tokenFor(DEMO_USERS.acme.email, ["findings:read"]);
    const id = fresh.openFindingId;
    const refused = await call(commentsRoute, "POST", `/api/v1/findings/${id}/comments`, readOnly, { json: { body: "x" }, params: { id } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { detail: string }).detail).toContain("findings:write");

    const globex = await tokenFor(DEMO_USERS.globex.email, ["findings:write"]);
    expect(
      (await call(commentsRoute, "POST", `/api/v1/findings/${id}/comments`, globex, { json: { body: "x" }, params: { id } })).status,
    ).toBe(404);
    const acme = await tokenFor(DEMO_USERS.acme.email, ["findings:write"]);
    const draft = fresh.draftFindingId;
    expect(
      (await call(commentsRoute, "POST", `/api/v1/findings/${draft}/comments`, acme, { json: { body: "x" }, params: { id: draft } }))
        .status,
    ).toBe(404);
    const form = await call(commentsRoute, "POST", `/api/v1/findings/${id}/comments`, acme, {
      params: { id },
      headers: { "content-type": "application/x-www-form-urlencoded" },
      json: undefined,
    });
    expect(form.status).toBe(400);
    const text = await commentsRoute(
      new Request(`${APP_ORIGIN}/api/v1/findings/${id}/comments`, {
        method: "POST",
        headers: { authorization: `Bearer ${acme}`, "content-type": "text/plain" },
        body: "body=x",
      }),
      { params: Promise.resolve({ id }) },
    );
    expect(text.status).toBe(415);
    expect(await t.db.select().from(findingComments).where(eq(findingComments.findingId, id))).toHaveLength(0);
  });
});

describe("Idempotency-Key", () => {
  it("answers a retry with the first answer and makes one comment; the same key with another body is a 422", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const secret = await tokenFor(DEMO_USERS.acme.email, ["findings:write"]);
    const id = fresh.openFindingId;
    const send = (body: string, key: string) =>
      call(commentsRoute, "POST", `/api/v1/findings/${id}/comments`, secret, {
        json: { body },
        params: { id },
        headers: { "idempotency-key": key },
      });
    const first = await send("Once", "key-1");
    const retry = await send("Once", "key-1");
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await retry.json()).toEqual(await first.json());
    expect(await t.db.select().from(findingComments).where(eq(findingComments.findingId, id))).toHaveLength(1);

    const other = await send("Twice", "key-1");
    expect(other.status).toBe(422);
    expect((await send("x", "has space")).status).toBe(400);
    expect((await send("Second", "key-2")).status).toBe(201);
    expect(await t.db.select().from(findingComments).where(eq(findingComments.findingId, id))).toHaveLength(2);
  });

  it("frees the key of a request that failed, and refuses a retry while the first still runs", async () => {
    const fresh = await createFreshObjects(t.db, TENANTS.acme);
    const secret = await tokenFor(DEMO_USERS.acme.email, ["findings:write"]);
    const id = fresh.openFindingId;
    const send = (json: unknown, key: string) =>
      call(commentsRoute, "POST", `/api/v1/findings/${id}/comments`, secret, { json, params: { id }, headers: { "idempotency-key": key } });
    expect((await send({ body: "" }, "key-a")).status).toBe(400);
    expect(await t.db.select().from(apiIdempotencyKeys).where(eq(apiIdempotencyKeys.key, "key-a"))).toHaveLength(0);

    const first = await send({ body: "Running" }, "key-b");
    expect(first.status).toBe(201);
    // As if the first request were still running: its answer not yet kept.
    await t.db.update(apiIdempotencyKeys).set({ statusCode: null, body: null }).where(eq(apiIdempotencyKeys.key, "key-b"));
    expect((await send({ body: "Running" }, "key-b")).status).toBe(409);
  });
});

describe("managing webhooks with webhooks:manage", () => {
  it("adds an endpoint (its secret once), lists it and removes it; another company's token finds none of it", async () => {
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.clientId, DEMO_CLIENTS.acme.id));
    const secret = await tokenFor(DEMO_USERS.acme.email, ["webhooks:manage"]);
    const made = await call(createWebhookRoute, "POST", "/api/v1/webhooks", secret, {
      json: { kind: "standard", url: "https://hooks.example.com/api", events: ["finding.published", "access_log.head_signed"] },
    });
    expect(made.status).toBe(201);
    const { data } = apiWebhookCreatedSchema.parse(await made.json());
    expect(data.secret).toMatch(/^whsec_/);
    const listed = (await (await call(webhooksRoute, "GET", "/api/v1/webhooks", secret)).json()) as { data: { id: string; url: string }[] };
    expect(listed.data).toEqual([expect.objectContaining({ id: data.id, url: "https://hooks.example.com/api", state: "active" })]);
    expect(JSON.stringify(listed)).not.toContain(data.secret!);

    const privateTarget = await call(createWebhookRoute, "POST", "/api/v1/webhooks", secret, {
      json: { kind: "standard", url: "https://10.0.0.1/hook", events: ["finding.published"] },
    });
    expect(privateTarget.status).toBe(400);

    const globex = await tokenFor(DEMO_USERS.globex.email, ["webhooks:manage"]);
    expect((await call(deleteWebhookRoute, "DELETE", `/api/v1/webhooks/${data.id}`, globex, { params: { id: data.id } })).status).toBe(404);
    expect(((await (await call(webhooksRoute, "GET", "/api/v1/webhooks", globex)).json()) as { data: unknown[] }).data).not.toContainEqual(
      expect.objectContaining({ id: data.id }),
    );
    const removed = await call(deleteWebhookRoute, "DELETE", `/api/v1/webhooks/${data.id}`, secret, { params: { id: data.id } });
    expect(removed.status).toBe(204);
    expect(await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, data.id))).toHaveLength(0);
  });
});

describe("reading the access log and the letters", () => {
  it("pages the firm's accesses newest first with their chain links and the signed head; a token without the scope is refused", async () => {
    const admin = await adminActor();
    for (let i = 0; i < 3; i++)
      await recordFirmAccess(t.db, {
        actor: admin,
        action: "finding.view",
        clientIds: [DEMO_CLIENTS.acme.id],
        entityType: "finding",
        entityId: crypto.randomUUID(),
        after: { name: `API look ${i}` },
      });
    await signChainHeads(t.db);
    const secret = await tokenFor(DEMO_USERS.acme.email, ["access-log:read"]);
    type Page = {
      data: { id: number; item: string; chainSeq: number | null }[];
      nextCursor: string | null;
      signedHead: { seq: number } | null;
    };
    const first = (await (await call(accessLogRoute, "GET", "/api/v1/access-log?limit=2", secret)).json()) as Page;
    expect(first.data.map((e) => e.item)).toEqual(["API look 2", "API look 1"]);
    const [head] = await latestSignedHeads(t.db, [DEMO_CLIENTS.acme.id]);
    expect(first.signedHead).toMatchObject({ seq: head!.seq, hash: head!.hash, jws: head!.jws });
    expect(first.data[0]!.chainSeq).toBe(head!.seq);
    const second = (await (
      await call(accessLogRoute, "GET", `/api/v1/access-log?limit=2&cursor=${first.nextCursor}`, secret)
    ).json()) as Page;
    expect(second.data[0]!.item).toBe("API look 0");
    expect(second.data[0]!.id).toBeLessThan(first.data[1]!.id);

    const noScope = await tokenFor(DEMO_USERS.acme.email, ["findings:read"]);
    expect((await call(accessLogRoute, "GET", "/api/v1/access-log", noScope)).status).toBe(403);
  });

  it("lists the company's attestation letters with their state; another company's token sees none of them", async () => {
    const secret = await tokenFor(DEMO_USERS.acme.email, ["reports:read"]);
    const answer = (await (await call(lettersRoute, "GET", "/api/v1/attestation-letters", secret)).json()) as {
      data: { id: string; state: string; verifyUrl: string }[];
    };
    expect(answer.data).toContainEqual(expect.objectContaining({ id: DEMO_LETTER.id, state: "Valid" }));
    const globex = await tokenFor(DEMO_USERS.globex.email, ["reports:read"]);
    const theirs = (await (await call(lettersRoute, "GET", "/api/v1/attestation-letters", globex)).json()) as { data: { id: string }[] };
    expect(theirs.data.map((l) => l.id)).not.toContain(DEMO_LETTER.id);
  });
});
