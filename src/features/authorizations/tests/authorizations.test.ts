// Signed testing authorizations (docs/PRODUCT.md#engagement-authorization): the owner signs with a
// fresh factor, the firm counter-signs, the sealed PDF verifies with Poppler's pdfsig and breaks
// when a byte changes, and testing work on a new engagement waits for both signatures and the window.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createHash } from "node:crypto";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { POST as countersignRoute } from "@/app/api/admin/authorizations/[id]/countersign/route";
import { GET as adminPdfRoute } from "@/app/api/admin/authorizations/[id]/pdf/route";
import { GET as adminAuthorizationRoute } from "@/app/api/admin/authorizations/route";
import { GET as clientPdfRoute } from "@/app/api/client/authorizations/[id]/pdf/route";
import { POST as signRoute } from "@/app/api/client/authorizations/[id]/sign/route";
import { auditLog } from "@/features/audit/server/schema";
import { engagementAuthorizations, engagementAuthorizationSignatures } from "@/features/authorizations/server/schema";
import { rateLimit } from "@/features/identity/server/schema";
import { projects } from "@/features/projects/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { getStorage } from "@/server/core/storage/storage";
import { DEMO_CLIENTS, DEMO_PASSWORDS, DEMO_PROJECTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import {
  assertTestingAuthorized,
  getAdminProjectAuthorization,
  getPortalProjectAuthorization,
  listAuthorizationsToCountersign,
  saveAuthorizationDraft,
  sendAuthorization,
  testingBlocker,
} from "@/features/authorizations/server";
import { getAdminNavCounts } from "@/features/dashboard/server";
import { previewFindingImport } from "@/features/imports/server";
import { createFinding, publishFindings } from "@/features/findings/server/findings-write";
import { getOverview } from "@/features/portal/server/portal-overview";
import { createProject, getAdminProjectTimeline, listPortalProjects, setProjectStatus } from "@/features/projects/server";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { listenToEveryEvent, queuedEvents } from "@tests/integration/helpers/webhook-events";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const run = promisify(execFile);
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(handler: Handler, cookie: string, pathname: string, id: string, json?: unknown) {
  const headers = authHeaders(cookie);
  if (json !== undefined) headers.set("content-type", "application/json");
  const request = new Request(`${APP_ORIGIN}${pathname}`, {
    method: json === undefined ? "GET" : "POST",
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return handler(request, { params: Promise.resolve({ id }) });
}

/** A session that proved the password (the step-up of a person without a second factor). */
function provedSession(email: string, password: string): () => Promise<string> {
  let cookie: Promise<string> | null = null;
  return () =>
    (cookie ??= sessionCookie(email).then(async (made) => {
      await confirmFreshSecondFactor(t.db, authHeaders(made), { password });
      return made;
    }));
}
const owner = provedSession(DEMO_USERS.acme.email, DEMO_PASSWORDS.client);
const member = provedSession(DEMO_USERS.acmeMember.email, DEMO_PASSWORDS.client);
const globex = provedSession(DEMO_USERS.globex.email, DEMO_PASSWORDS.client);
const firm = provedSession(DEMO_USERS.admin.email, DEMO_PASSWORDS.admin);

const today = () => new Date().toISOString().slice(0, 10);
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A new engagement: every project the admin creates needs a signed authorization before testing. */
async function newEngagement(name: string) {
  return createProject(t.db, { actor: await adminActor(), input: { clientId: DEMO_CLIENTS.acme.id, projectName: name } as never });
}

function form(projectId: string, overrides: Record<string, unknown> = {}) {
  return {
    projectId,
    inScope: ["https://gateway.acme.test", "POST /v1/chat"],
    outOfScope: ["Production billing"],
    windowStart: today(),
    windowEnd: dayFromToday(14),
    testers: ["Avery Admin"],
    emergencyContacts: ["Jordan Lee, +1 555 0100"],
    price: "Covered by the Growth plan",
    terms: "Test only what is in scope.",
    ...overrides,
  };
}

async function sentVersion(projectId: string, overrides: Record<string, unknown> = {}) {
  const { id } = await saveAuthorizationDraft(t.db, { actor: await adminActor(), input: form(projectId, overrides) as never });
  const { documentHash } = await sendAuthorization(t.db, { actor: await adminActor(), authorizationId: id });
  return { id, documentHash };
}

/**
 * Every signature carries its own proof (the password: the demo people have no second factor).
 * The proofs' limit (five per person in five minutes) is emptied first: these tests sign far more
 * often than a person would.
 */
async function withProofsAllowed<T>(send: () => Promise<T>): Promise<T> {
  await t.db.delete(rateLimit).where(like(rateLimit.key, "fresh-factor:%"));
  return send();
}
const sign = async (cookie: string, id: string, documentHash: string, extra: Record<string, unknown> = {}) =>
  withProofsAllowed(() =>
    call(signRoute as Handler, cookie, `/api/client/authorizations/${id}/sign`, id, {
      fullName: "Jordan Lee",
      entitled: true,
      documentHash,
      password: DEMO_PASSWORDS.client,
      ...extra,
    }),
  );
const countersign = async (id: string, documentHash: string, extra: Record<string, unknown> = {}) =>
  withProofsAllowed(async () =>
    call(countersignRoute as Handler, await firm(), `/api/admin/authorizations/${id}/countersign`, id, {
      fullName: "Avery Admin",
      documentHash,
      password: DEMO_PASSWORDS.admin,
      ...extra,
    }),
  );

async function pdfsig(bytes: Uint8Array): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "pdfsig-")), "sealed.pdf");
  await fs.writeFile(file, bytes);
  // pdfsig exits non-zero for an invalid signature; its report is what the test reads.
  const result = await run("pdfsig", [file]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return result.stdout;
}

describe("a new engagement's testing authorization", () => {
  it("holds back In Progress, imports and publishing until both have signed, then seals a PDF that pdfsig verifies", async () => {
    const admin = await adminActor();
    const project = await newEngagement("Authorized Gateway Test");
    const { findingId } = await createFinding(t.db, {
      actor: admin,
      projectId: project.id,
      input: { title: "Prompt injection", severity: "high" },
    });

    await expect(
      setProjectStatus(t.db, { actor: admin, projectId: project.id, status: "in_progress", testingGate: assertTestingAuthorized }),
    ).rejects.toMatchObject({
      message: expect.stringContaining("No testing authorization yet"),
    });
    await expect(publishFindings(t.db, { actor: admin, projectId: project.id, findingIds: [findingId] })).rejects.toMatchObject({
      code: "bad_request",
      message: expect.stringContaining("Publishing findings needs a signed authorization"),
    });

    const { id, documentHash } = await sentVersion(project.id);
    expect(await testingBlocker(t.db, project.id)).toContain("not signed by the client's owner");

    // Only the company's owner signs; another company does not even see it.
    const byMember = await sign(await member(), id, documentHash);
    expect(byMember.status).toBe(403);
    expect(((await byMember.json()) as { error: string }).error).toContain("Only an owner");
    expect((await sign(await globex(), id, documentHash)).status).toBe(404);
    expect((await sign(await owner(), id, documentHash, { entitled: false })).status).toBe(400);
    expect((await sign(await owner(), id, "0".repeat(64))).status).toBe(400);
    // The firm cannot counter-sign before the client.
    expect((await countersign(id, documentHash)).status).toBe(400);

    const signed = await sign(await owner(), id, documentHash);
    expect(signed.status).toBe(200);
    expect((await sign(await owner(), id, documentHash)).status).toBe(400);
    await expect(
      setProjectStatus(t.db, { actor: admin, projectId: project.id, status: "in_progress", testingGate: assertTestingAuthorized }),
    ).rejects.toMatchObject({
      message: expect.stringContaining("not counter-signed by the firm"),
    });

    const counter = await countersign(id, documentHash);
    expect(counter.status).toBe(200);
    expect(await counter.json()).toMatchObject({ sealed: true });
    expect(await testingBlocker(t.db, project.id)).toBeNull();
    await setProjectStatus(t.db, { actor: admin, projectId: project.id, status: "in_progress", testingGate: assertTestingAuthorized });
    expect(await publishFindings(t.db, { actor: admin, projectId: project.id, findingIds: [findingId] })).toMatchObject({ published: 1 });

    const signatures = await t.db
      .select()
      .from(engagementAuthorizationSignatures)
      .where(eq(engagementAuthorizationSignatures.authorizationId, id));
    expect(signatures.map((s) => [s.side, s.signerName, s.method, s.documentHash]).sort()).toEqual([
      ["client", "Jordan Lee", "password", documentHash],
      ["firm", "Avery Admin", "password", documentHash],
    ]);
    expect(signatures.every((s) => s.clientAddress.length > 0)).toBe(true);

    // The sealed PDF: for the company's owner and member and the firm, never another company.
    const download = await call(clientPdfRoute as Handler, await member(), `/api/client/authorizations/${id}/pdf`, id);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    const bytes = new Uint8Array(await download.arrayBuffer());
    const report = await pdfsig(bytes);
    expect(report).toContain("Signature Type: ETSI.CAdES.detached");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    const adminCopy = new Uint8Array(
      await (await call(adminPdfRoute as Handler, await firm(), `/api/admin/authorizations/${id}/pdf`, id)).arrayBuffer(),
    );
    expect(Buffer.from(adminCopy).equals(Buffer.from(bytes))).toBe(true);
    expect((await call(clientPdfRoute as Handler, await globex(), `/api/client/authorizations/${id}/pdf`, id)).status).toBe(404);

    // One changed byte inside the signed range (the document text) breaks the signature.
    const text = Buffer.from(bytes).toString("latin1");
    const at = text.indexOf("/Title");
    expect(at).toBeGreaterThan(0);
    const tampered = Uint8Array.from(bytes);
    tampered[at + 1] = "t".charCodeAt(0);
    expect(await pdfsig(tampered)).not.toContain("Signature is Valid.");

    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, project.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["authorization.save", "authorization.send", "authorization.sign", "authorization.countersign"]),
    );
  });

  it("asks for a proof with the signature itself: a step-up made minutes earlier on another screen signs nothing", async () => {
    const project = await newEngagement("Re-confirmed Signature");
    const { id, documentHash } = await sentVersion(project.id);
    // The owner proved the password 4 minutes ago (a report download, say): the session is fresh.
    const cookie = await sessionCookie(DEMO_USERS.acme.email);
    expect(
      await confirmFreshSecondFactor(t.db, authHeaders(cookie), { password: DEMO_PASSWORDS.client }, new Date(Date.now() - 4 * 60_000)),
    ).toBe("password");
    expect(await confirmFreshSecondFactor(t.db, authHeaders(cookie), {})).toBe("password");

    const unproved = await sign(cookie, id, documentHash, { password: undefined });
    expect(unproved.status).toBe(403);
    expect(await unproved.json()).toMatchObject({ code: "forbidden", fieldErrors: { password: expect.any(String) } });
    expect(
      await t.db.select().from(engagementAuthorizationSignatures).where(eq(engagementAuthorizationSignatures.authorizationId, id)),
    ).toEqual([]);
    expect((await sign(cookie, id, documentHash, { password: "not-the-password" })).status).toBe(400);

    expect((await sign(cookie, id, documentHash)).status).toBe(200);
    // The firm's counter-signature too: its session's earlier proof does not count.
    expect((await countersign(id, documentHash, { password: undefined })).status).toBe(403);
    expect((await countersign(id, documentHash)).status).toBe(200);
    const signatures = await t.db
      .select({ side: engagementAuthorizationSignatures.side, method: engagementAuthorizationSignatures.method })
      .from(engagementAuthorizationSignatures)
      .where(eq(engagementAuthorizationSignatures.authorizationId, id));
    expect(signatures.sort((a, b) => a.side.localeCompare(b.side))).toEqual([
      { side: "client", method: "password" },
      { side: "firm", method: "password" },
    ]);
    // What both sides read of the sealed record names the factor given when signing.
    const view = await getPortalProjectAuthorization(t.db, { actor: await clientActor(DEMO_USERS.acme.email), projectId: project.id });
    expect(JSON.stringify(view)).toContain('"method":"password"');
  });

  it("makes a changed scope a new version to sign, keeping the signed one in the vault", async () => {
    const admin = await adminActor();
    const project = await newEngagement("Rescoped Gateway Test");
    const first = await sentVersion(project.id);
    expect((await sign(await owner(), first.id, first.documentHash)).status).toBe(200);
    expect(await (await countersign(first.id, first.documentHash)).json()).toMatchObject({ sealed: true });
    expect(await testingBlocker(t.db, project.id)).toBeNull();

    const second = await saveAuthorizationDraft(t.db, {
      actor: admin,
      input: form(project.id, { inScope: ["https://gateway.acme.test", "https://admin.acme.test"] }) as never,
    });
    expect(second.version).toBe(2);
    expect(await testingBlocker(t.db, project.id)).toContain("Version 2 of the authorization is a draft");
    await expect(
      setProjectStatus(t.db, { actor: admin, projectId: project.id, status: "in_progress", testingGate: assertTestingAuthorized }),
    ).rejects.toMatchObject({
      code: "bad_request",
    });

    const view = await getAdminProjectAuthorization(t.db, { actor: admin, projectId: project.id });
    expect(view!.versions.map((v) => [v.version, v.state])).toEqual([
      [2, "Draft"],
      [1, "Signed"],
    ]);
    // The client sees the sent versions only.
    const portal = await getPortalProjectAuthorization(t.db, { actor: await clientActor(), projectId: project.id });
    expect(portal!.versions.map((v) => v.version)).toEqual([1]);
    expect(
      await getPortalProjectAuthorization(t.db, { actor: await clientActor(DEMO_USERS.globex.email), projectId: project.id }),
    ).toBeNull();

    const { documentHash } = await sendAuthorization(t.db, { actor: admin, authorizationId: second.id });
    expect(documentHash).not.toBe(first.documentHash);
    expect((await sign(await owner(), second.id, documentHash)).status).toBe(200);
    expect((await countersign(second.id, documentHash)).status).toBe(200);
    expect(await testingBlocker(t.db, project.id)).toBeNull();
  });

  it("waits for the testing window to begin", async () => {
    const project = await newEngagement("Future Gateway Test");
    const { id, documentHash } = await sentVersion(project.id, { windowStart: dayFromToday(3), windowEnd: dayFromToday(10) });
    expect((await sign(await owner(), id, documentHash)).status).toBe(200);
    expect((await countersign(id, documentHash)).status).toBe(200);
    expect(await testingBlocker(t.db, project.id)).toBe(`The testing window begins on ${dayFromToday(3)}.`);
  });

  it("refuses In Progress and imports once the signed window has ended, while publishing what was found goes on", async () => {
    const admin = await adminActor();
    const project = await newEngagement("Window Over Gateway Test");
    const { findingId } = await createFinding(t.db, {
      actor: admin,
      projectId: project.id,
      input: { title: "Jailbreak", severity: "medium" },
    });
    const { id, documentHash } = await sentVersion(project.id, { windowStart: dayFromToday(-10), windowEnd: dayFromToday(-1) });
    expect((await sign(await owner(), id, documentHash)).status).toBe(200);
    expect((await countersign(id, documentHash)).status).toBe(200);
    const ended = `The testing window ended on ${dayFromToday(-1)}: sign a new version to test again.`;
    expect(await testingBlocker(t.db, project.id)).toBe(ended);
    await expect(
      setProjectStatus(t.db, { actor: admin, projectId: project.id, status: "in_progress", testingGate: assertTestingAuthorized }),
    ).rejects.toMatchObject({
      code: "bad_request",
      message: `Moving to In Progress needs a signed authorization. ${ended}`,
    });
    await expect(
      previewFindingImport(t.db, {
        actor: admin,
        projectId: project.id,
        format: "sarif",
        file: { name: "scan.sarif", storageKey: "never-read", size: 10 } as never,
      }),
    ).rejects.toMatchObject({ message: `Importing findings needs a signed authorization. ${ended}` });
    expect(await publishFindings(t.db, { actor: admin, projectId: project.id, findingIds: [findingId] })).toMatchObject({ published: 1 });
    // The last day of the window still counts.
    expect(await testingBlocker(t.db, project.id, { now: new Date(`${dayFromToday(-1)}T23:59:00Z`) })).toBeNull();
  });

  it("leaves projects created before authorizations existed ungated", async () => {
    const older = DEMO_PROJECTS.find((p) => p.status === "open" || p.status === "on_hold")!;
    expect(await testingBlocker(t.db, older.id)).toBeNull();
    await setProjectStatus(t.db, {
      actor: await adminActor(),
      projectId: older.id,
      status: "in_progress",
      testingGate: assertTestingAuthorized,
    });
  });
});

describe("the admin's read of an engagement's authorization", () => {
  const read = async (cookie: string, query: string) =>
    (adminAuthorizationRoute as Handler)(new Request(`${APP_ORIGIN}/api/admin/authorizations?${query}`, { headers: authHeaders(cookie) }));

  it("answers the versions, why testing is held back and what a new draft starts from", async () => {
    const project = await newEngagement("Read Gateway Test");
    const empty = await read(await firm(), `projectId=${project.id}`);
    expect(empty.status).toBe(200);
    const { authorization: before } = await empty.json();
    expect(before.project).toMatchObject({ id: project.id, authorizationRequired: true, company: "Acme Robotics" });
    expect(before.versions).toEqual([]);
    expect(before.blocker).toBe("No testing authorization yet: draft one and send it to the client to sign.");
    expect(before.draftStart.terms.length).toBeGreaterThan(0);
    // The first draft's window is the project's: from its start date to its target completion.
    const [dates] = await t.db
      .select({ start: projects.startDate, end: projects.targetCompletionDate })
      .from(projects)
      .where(eq(projects.id, project.id));
    expect(before.draftStart).toMatchObject({ windowStart: dates!.start, windowEnd: dates!.end ?? "" });
    await t.db.update(projects).set({ startDate: "2027-03-01", targetCompletionDate: "2027-03-19" }).where(eq(projects.id, project.id));
    const { authorization: dated } = await (await read(await firm(), `projectId=${project.id}`)).json();
    expect(dated.draftStart).toMatchObject({ windowStart: "2027-03-01", windowEnd: "2027-03-19" });

    const { documentHash } = await sentVersion(project.id);
    const { authorization: after } = await (await read(await firm(), `projectId=${project.id}`)).json();
    expect(
      after.versions.map((v: { version: number; state: string; documentHash: string }) => [v.version, v.state, v.documentHash]),
    ).toEqual([[1, "Sent", documentHash]]);
    expect(after.blocker).toBe("Version 1 of the authorization is not signed by the client's owner yet.");
    expect(after.draftStart.inScope).toEqual(["https://gateway.acme.test", "POST /v1/chat"]);
  });

  it("refuses a client, and answers 400 for a malformed id and 404 for an unknown project", async () => {
    expect((await read(await owner(), `projectId=${DEMO_PROJECTS[0]!.id}`)).status).toBe(403);
    const malformed = await read(await firm(), "projectId=nope");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).fieldErrors).toHaveProperty("projectId");
    expect((await read(await firm(), "projectId=00000000-0000-4000-8000-000000000999")).status).toBe(404);
  });
});

describe("the demo's signed authorization", () => {
  it("lets Acme's LLM Gateway engagement test, and seals its PDF at the first download", async () => {
    const gateway = DEMO_PROJECTS[0]!;
    expect(await testingBlocker(t.db, gateway.id)).toBeNull();
    const view = await getPortalProjectAuthorization(t.db, { actor: await clientActor(), projectId: gateway.id });
    expect(view!.versions.map((v) => [v.version, v.state, v.signatures.length])).toEqual([[1, "Signed", 2]]);
    const id = view!.versions[0]!.id;
    const download = await call(clientPdfRoute as Handler, await owner(), `/api/client/authorizations/${id}/pdf`, id);
    expect(download.status).toBe(200);
    expect(await pdfsig(new Uint8Array(await download.arrayBuffer()))).toContain("Signature Validation: Signature is Valid.");
  });
});

describe("a signed version checked against what was signed", () => {
  const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
  const widenScope = (id: string) =>
    t.db.execute(sql`update engagement_authorizations set content = jsonb_set(content, '{inScope}', '["*.acme.test"]') where id = ${id}`);

  it("seals once while counter-signing, records the PDF's hash, and serves only bytes that keep it", async () => {
    const project = await newEngagement("Sealed Once");
    const { id, documentHash } = await sentVersion(project.id);
    expect((await sign(await owner(), id, documentHash)).status).toBe(200);
    const counter = await countersign(id, documentHash);
    expect(counter.status).toBe(200);

    const [firmRow] = await t.db
      .select({ sealedSha256: engagementAuthorizationSignatures.sealedSha256 })
      .from(engagementAuthorizationSignatures)
      .where(and(eq(engagementAuthorizationSignatures.authorizationId, id), eq(engagementAuthorizationSignatures.side, "firm")));
    const [stored] = await t.db
      .select({ key: engagementAuthorizations.sealedKey })
      .from(engagementAuthorizations)
      .where(eq(engagementAuthorizations.id, id));
    const bytes = await getStorage().get(stored!.key!);
    expect(firmRow!.sealedSha256).toBe(sha256(bytes));
    const [audit] = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, project.id), eq(auditLog.action, "authorization.countersign")));
    expect(audit!.after).toMatchObject({ sealedSha256: sha256(bytes) });
    const served = await call(clientPdfRoute as Handler, await owner(), `/api/client/authorizations/${id}/pdf`, id);
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(bytes));

    // Bytes changed in storage are not served (nor sealed again).
    const swapped = Uint8Array.from(bytes);
    swapped[swapped.length - 2] = swapped[swapped.length - 2]! ^ 1;
    await getStorage().put(stored!.key!, swapped);
    const refused = await call(adminPdfRoute as Handler, await firm(), `/api/admin/authorizations/${id}/pdf`, id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toContain("no longer matches");
    await getStorage().put(stored!.key!, bytes);
    expect((await call(clientPdfRoute as Handler, await member(), `/api/client/authorizations/${id}/pdf`, id)).status).toBe(200);

    // The text changed in the database after signing: Altered on both sides, the gate and the PDF refuse.
    await widenScope(id);
    const admin = await getAdminProjectAuthorization(t.db, { actor: await adminActor(), projectId: project.id });
    expect(admin!.versions[0]!.state).toBe("Altered");
    expect(admin!.blocker).toContain("was altered");
    const portal = await getPortalProjectAuthorization(t.db, { actor: await clientActor(), projectId: project.id });
    expect(portal!.versions[0]!.state).toBe("Altered");
    await expect(
      setProjectStatus(t.db, {
        actor: await adminActor(),
        projectId: project.id,
        status: "in_progress",
        testingGate: assertTestingAuthorized,
      }),
    ).rejects.toMatchObject({
      message: expect.stringContaining("was altered"),
    });
    expect((await call(clientPdfRoute as Handler, await owner(), `/api/client/authorizations/${id}/pdf`, id)).status).toBe(409);
  });

  it("refuses to counter-sign or seal a version altered after the client signed", async () => {
    const project = await newEngagement("Altered Before Sealing");
    const { id, documentHash } = await sentVersion(project.id);
    expect((await sign(await owner(), id, documentHash)).status).toBe(200);
    await widenScope(id);
    const refused = await countersign(id, documentHash);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain("no longer matches");
    const [row] = await t.db
      .select({ key: engagementAuthorizations.sealedKey })
      .from(engagementAuthorizations)
      .where(eq(engagementAuthorizations.id, id));
    expect(row!.key).toBeNull();
    expect((await call(adminPdfRoute as Handler, await firm(), `/api/admin/authorizations/${id}/pdf`, id)).status).toBe(409);
  });
});

describe("who is told that an authorization waits", () => {
  const mailsOf = async (kind: string, subject: string) =>
    (await t.db.select({ to: emailOutbox.toAddress, subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.kind, kind)))
      .filter((m) => m.subject.includes(subject))
      .map((m) => m.to)
      .sort();

  it("mails the owners when it is sent and the firm when the client signed; the timeline shows each step", async () => {
    const project = await newEngagement("Told Gateway Test");
    const { id, documentHash } = await sentVersion(project.id);
    // Only an owner can sign: the member is not mailed.
    expect(await mailsOf("notify_authorization_sent", "Told Gateway Test")).toEqual([DEMO_USERS.acme.email]);
    expect(await mailsOf("notify_authorization_signed", "Told Gateway Test")).toEqual([]);
    // The portal: the project's badge and the Overview's "Needs your attention" (for a member too).
    const acme = await clientActor();
    const card = async () => (await listPortalProjects(t.db, { actor: acme })).find((p) => p.id === project.id)!;
    const toSign = async () => (await getOverview(t.db, { actor: await clientActor(DEMO_USERS.acmeMember.email) })).authorizationsToSign;
    expect((await card()).awaitingSignature).toBe(true);
    expect(await toSign()).toContainEqual({ projectId: project.id, projectName: "Told Gateway Test" });
    expect(await getOverview(t.db, { actor: await clientActor(DEMO_USERS.globex.email) })).toMatchObject({ authorizationsToSign: [] });
    expect((await sign(await owner(), id, documentHash)).status).toBe(200);
    expect((await card()).awaitingSignature).toBe(false);
    expect(await toSign()).not.toContainEqual(expect.objectContaining({ projectId: project.id }));
    expect(await mailsOf("notify_authorization_signed", "Told Gateway Test")).toEqual([DEMO_USERS.admin.email]);
    expect(await mailsOf("notify_authorization_countersigned", "Told Gateway Test")).toEqual([]);
    expect((await countersign(id, documentHash)).status).toBe(200);
    // The firm's counter-signature: the company's people learn that testing may start, and its window.
    expect(await mailsOf("notify_authorization_countersigned", "Testing may start: Told Gateway Test")).toEqual(
      [DEMO_USERS.acme.email, DEMO_USERS.acmeMember.email].sort(),
    );
    const [told] = await t.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_authorization_countersigned"))
      .limit(1);
    expect(told!.text).toContain("Testing may start within its window");

    const timeline = await getAdminProjectTimeline(t.db, { actor: await adminActor(), projectId: project.id });
    expect(timeline!.entries.filter((e) => e.kind === "authorization").map((e) => [e.title, e.detail])).toEqual([
      ["Authorization sent to sign", "Version 1"],
      ["Authorization signed for the client", "Version 1, Jordan Lee"],
      ["Authorization counter-signed by the firm", "Version 1, Avery Admin"],
    ]);
  });

  it("tells the company's webhook endpoints when a version is sent, signed and counter-signed, by ids", async () => {
    await listenToEveryEvent(t.db, DEMO_CLIENTS.acme.id);
    const project = await newEngagement("Hooked Gateway Test");
    const { id, documentHash } = await sentVersion(project.id);
    expect((await sign(await owner(), id, documentHash)).status).toBe(200);
    expect((await countersign(id, documentHash)).status).toBe(200);
    const ofProject = async (type: "authorization.sent" | "authorization.signed") =>
      (await queuedEvents(t.db, DEMO_CLIENTS.acme.id, type)).filter((e) => e.data.projectId === project.id);
    const data = { authorizationId: id, projectId: project.id, version: 1 };
    const portalPath = `/client-portal?section=projects&project=${project.id}`;
    expect(await ofProject("authorization.sent")).toEqual([
      { data, chatText: "Authorization to sign: Hooked Gateway Test (version 1)", portalPath },
    ]);
    expect(await ofProject("authorization.signed")).toEqual([
      { data: { ...data, side: "client" }, chatText: "Authorization signed by your company: Hooked Gateway Test (version 1)", portalPath },
      {
        data: { ...data, side: "firm" },
        chatText: "Authorization counter-signed, testing may start: Hooked Gateway Test (version 1)",
        portalPath,
      },
    ]);
  });

  it("lists for the firm only the newest versions the client signed and the firm has not counter-signed, and counts them in the sidebar", async () => {
    const admin = await adminActor();
    const [waiting, unsigned, done, superseded] = await Promise.all(
      ["Waiting Gateway Test", "Unsigned Gateway Test", "Done Gateway Test", "Superseded Gateway Test"].map(newEngagement),
    );
    const signedByClient = async (projectId: string) => {
      const version = await sentVersion(projectId);
      expect((await sign(await owner(), version.id, version.documentHash)).status).toBe(200);
      return version;
    };
    const ours = async () =>
      (await listAuthorizationsToCountersign(t.db, { actor: admin })).filter((a) =>
        [waiting, unsigned, done, superseded].some((p) => p!.id === a.projectId),
      );

    const first = await signedByClient(waiting!.id);
    await sentVersion(unsigned!.id);
    const countersigned = await signedByClient(done!.id);
    expect((await countersign(countersigned.id, countersigned.documentHash)).status).toBe(200);
    await signedByClient(superseded!.id);
    // A changed scope: the signed version 1 is superseded by a draft of version 2, which the client has not signed.
    await saveAuthorizationDraft(t.db, { actor: admin, input: form(superseded!.id, { price: "$15,000" }) as never });

    expect(await ours()).toEqual([
      {
        authorizationId: first.id,
        projectId: waiting!.id,
        projectName: "Waiting Gateway Test",
        company: DEMO_CLIENTS.acme.company,
        version: 1,
        signerName: "Jordan Lee",
        signerEmail: DEMO_USERS.acme.email,
        signedAt: expect.any(Date),
      },
    ]);
    const all = await listAuthorizationsToCountersign(t.db, { actor: admin });
    expect((await getAdminNavCounts(t.db, { actor: admin })).toCountersign).toBe(all.length);
    // The demo's engagement, signed by both sides, never waits.
    expect(all.some((a) => a.projectId === DEMO_PROJECTS[0].id)).toBe(false);
    // The firm's list only: a client is refused.
    await expect(listAuthorizationsToCountersign(t.db, { actor: (await clientActor()) as never })).rejects.toMatchObject({
      code: "forbidden",
    });

    expect((await countersign(first.id, first.documentHash)).status).toBe(200);
    expect(await ours()).toEqual([]);
    expect((await getAdminNavCounts(t.db, { actor: admin })).toCountersign).toBe(all.length - 1);
  });
});
