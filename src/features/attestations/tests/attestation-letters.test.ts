// Attestation letters (docs/PRODUCT.md#verifying-a-letter): the JWS checked by a standard JOSE
// library against the JWKS route's answer, and broken by any changed fact; the public page's
// states (valid, superseded, revoked), its 404 and its count; no letter without a published
// report; one company never reads another's letters; the owner's name-display choice.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { GET as jwksRoute } from "@/app/.well-known/jwks.json/route";
import { GET as adminLetterPdf } from "@/app/api/admin/attestations/[id]/pdf/route";
import { GET as adminLetters } from "@/app/api/admin/attestations/route";
import { GET as clientLetterPdf } from "@/app/api/client/attestations/[id]/pdf/route";
import { GET as letterStatusRoute } from "@/app/api/verify/[code]/route";
import VerifyLetterPage from "@/app/verify/[code]/page";
import { issueLetterAction, revokeLetterAction } from "@/features/attestations/actions/admin";
import { setLetterNameDisplayAction } from "@/features/attestations/actions/portal";
import { LETTER_JWS_TYP, letterFormDefaults, listPortalLetters, NO_PUBLISHED_REPORT, verifyLetter } from "@/features/attestations/server";
import { listReportFindings } from "@/features/findings/server";
import { DEMO_AUTHORIZATION_WINDOW } from "@/features/demo/server/demo-authorization";
import { DEMO_CLIENTS, DEMO_LETTER, DEMO_PROJECTS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { FINDING_SEVERITIES } from "@/lib/domain/finding";
import { attestationLetters } from "@/features/attestations/server/schema";
import { auditLog } from "@/features/audit/server/schema";
import { qrCodesIn } from "@tests/helpers/pdf-qr";
import { pdfPageTexts } from "@tests/helpers/pdf-text";
import { adminActor, adminCookie, clientActor, clientCookie } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders } from "@tests/integration/helpers/auth";
import { callPage } from "@tests/integration/helpers/entry-outcome";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { listenToEveryEvent, queuedEvents } from "@tests/integration/helpers/webhook-events";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const DEMO_CODE = "ACME0-GATE1";
const governance = DEMO_PROJECTS.find((p) => p.projectName === "AI Governance Framework")!;

type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;
const get = (handler: Handler, cookie: string | null, path: string, params?: Record<string, string>) =>
  handler(new Request(`${APP_ORIGIN}${path}`, { headers: cookie ? authHeaders(cookie) : new Headers() }), {
    params: Promise.resolve(params ?? {}),
  });

let addressCount = 0;
/** The public page as a visitor sees it, each call from its own address (the page is rate-limited per address). */
async function openVerifyPage(code: string) {
  requestHeaders.current = new Headers({ "x-forwarded-for": `198.51.100.${++addressCount}` });
  return callPage(VerifyLetterPage as (props: unknown) => Promise<unknown>, { params: { code } });
}

/** What a program holding the letter's JWS reads at its statusUrl. */
async function statusOf(code: string) {
  const response = await get(letterStatusRoute, null, `/api/verify/${code}`, { code });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function asAdmin() {
  requestHeaders.current = authHeaders(await adminCookie());
}

const issueInput = (projectId: string) => ({
  projectId,
  scope: "The LLM gateway's public API.",
  methodology: "Manual testing.",
  testers: "Dana Whitfield\nSam Okafor",
  windowStart: "2026-09-01",
  windowEnd: "2026-11-07",
});

describe("attestation letters", () => {
  let jwks: JSONWebKeySet;
  beforeAll(async () => {
    const response = await jwksRoute(new Request(`${APP_ORIGIN}/.well-known/jwks.json`), { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
    jwks = (await response.json()) as JSONWebKeySet;
  });

  it("signs the demo letter's facts: the JWS verifies against /.well-known/jwks.json and fails when any fact is changed", async () => {
    const [letter] = await t.db.select().from(attestationLetters).where(eq(attestationLetters.id, DEMO_LETTER.id));
    expect(letter).toBeDefined();
    expect(decodeProtectedHeader(letter!.jws)).toMatchObject({ alg: "EdDSA", typ: LETTER_JWS_TYP });
    const keySet = createLocalJWKSet(jwks);
    const { payload } = await compactVerify(letter!.jws, keySet);
    const signed = JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
    expect(signed).toEqual(letter!.facts);
    expect(signed.code).toBe(DEMO_CODE);
    // The PDF-sealing certificate is published beside the JWS keys, with its SHA-256 to pin.
    const certificates = jwks.keys.filter((k) => k.x5c);
    expect(certificates.length).toBeGreaterThan(0);
    for (const k of certificates)
      expect(k["x5t#S256"]).toBe(createHash("sha256").update(Buffer.from(k.x5c![0]!, "base64")).digest("base64url"));
    // The issue time as a JWT "iat" (seconds), equal to the stated issuedAt.
    expect(signed.iat).toBe(Math.floor(Date.parse(signed.issuedAt as string) / 1000));

    const [header, , signature] = letter!.jws.split(".");
    const changedValue = (value: unknown): unknown =>
      typeof value === "string"
        ? `${value}x`
        : typeof value === "number"
          ? value + 1
          : Array.isArray(value)
            ? [...value, "x"]
            : { ...(value as object), x: 1 };
    for (const key of Object.keys(signed)) {
      const tampered = { ...signed, [key]: changedValue(signed[key]) };
      const token = `${header}.${Buffer.from(JSON.stringify(tampered)).toString("base64url")}.${signature}`;
      await expect(compactVerify(token, keySet), `changing ${key}`).rejects.toThrow();
    }
  });

  it("counts the engagement's published findings per severity, without what the firm closed", async () => {
    const [letter] = await t.db.select().from(attestationLetters).where(eq(attestationLetters.id, DEMO_LETTER.id));
    const report = await listReportFindings(t.db, { actor: await adminActor(), projectId: DEMO_LETTER.projectId });
    const facts = letter!.facts as { findings: Record<string, { found: number; fixed: number }> };
    for (const severity of FINDING_SEVERITIES) {
      const ofSeverity = report!.findings.filter((f) => f.severity === severity);
      expect(facts.findings[severity], severity).toEqual({
        found: ofSeverity.length,
        fixed: ofSeverity.filter((f) => f.status === "verified_fixed").length,
      });
    }
    expect(report!.findings.length).toBeGreaterThan(0);
  });

  it("refuses a letter for an engagement without a published report", async () => {
    await asAdmin();
    const result = await issueLetterAction(issueInput(governance.id));
    expect(result).toMatchObject({ success: false, error: NO_PUBLISHED_REPORT });
    const rows = await t.db.select().from(attestationLetters).where(eq(attestationLetters.projectId, governance.id));
    expect(rows).toEqual([]);
  });

  it("starts from the signed authorization's window and testers, and refuses a window outside it or ending in the future", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    // The demo's signed authorization, tested by Avery Admin; never past today.
    const { start, end } = DEMO_AUTHORIZATION_WINDOW;
    expect(await letterFormDefaults(t.db, { actor: await adminActor(), projectId: DEMO_LETTER.projectId })).toMatchObject({
      windowStart: start < today ? start : today,
      windowEnd: end < today ? end : today,
      testers: ["Avery Admin"],
    });
    await asAdmin();
    const before = await t.db.select().from(attestationLetters).where(eq(attestationLetters.projectId, DEMO_LETTER.projectId));
    expect(await issueLetterAction({ ...issueInput(DEMO_LETTER.projectId), windowEnd: tomorrow })).toMatchObject({
      success: false,
      code: "bad_request",
      fieldErrors: { windowEnd: "The testing window cannot end in the future: a letter attests testing already done." },
    });
    expect(await issueLetterAction({ ...issueInput(DEMO_LETTER.projectId), windowStart: "2026-08-15" })).toMatchObject({
      success: false,
      fieldErrors: { windowStart: `The testing window must lie within the signed authorization's window (${start} to ${end}).` },
    });
    expect(await t.db.select().from(attestationLetters).where(eq(attestationLetters.projectId, DEMO_LETTER.projectId))).toHaveLength(
      before.length,
    );
  });

  it("answers 404 for an unknown or malformed code", async () => {
    expect((await openVerifyPage("ZZZZZ-ZZZZZ")).outcome).toBe("notFound");
    expect((await openVerifyPage("not a code")).outcome).toBe("notFound");
    expect(await statusOf("ZZZZZ-ZZZZZ")).toEqual({ status: 404, body: { success: false, error: "Letter not found.", code: "not_found" } });
    expect((await statusOf("not a code")).status).toBe(404);
  });

  it("shows the letter valid, then superseded by a newer one, then revoked, counting each view", async () => {
    const [before] = await t.db.select().from(attestationLetters).where(eq(attestationLetters.id, DEMO_LETTER.id));
    const valid = await openVerifyPage(DEMO_CODE.toLowerCase());
    expect(valid.outcome).toMatch(/^renders/);
    expect(valid.text).toContain("Valid");
    expect(valid.text).toContain("/.well-known/jwks.json");
    expect(valid.text).toContain(before!.jws);
    expect(await statusOf(DEMO_CODE)).toEqual({
      status: 200,
      body: { success: true, code: DEMO_CODE, state: "valid", revokedAt: null, supersededAt: null, supersededBy: null },
    });
    const [counted] = await t.db.select().from(attestationLetters).where(eq(attestationLetters.id, DEMO_LETTER.id));
    expect(counted!.verifications).toBe(before!.verifications + 1);
    // A reload from the same address the same day is the same visit.
    requestHeaders.current = new Headers({ "x-forwarded-for": `198.51.100.${addressCount}` });
    await callPage(VerifyLetterPage as (props: unknown) => Promise<unknown>, { params: { code: DEMO_CODE } });
    const [again] = await t.db.select().from(attestationLetters).where(eq(attestationLetters.id, DEMO_LETTER.id));
    expect(again!.verifications).toBe(before!.verifications + 1);

    await asAdmin();
    const issued = await issueLetterAction(issueInput(DEMO_LETTER.projectId));
    expect(issued.success).toBe(true);
    const newer = (issued as { data: { id: string; code: string; verifyUrl: string } }).data;
    expect(newer.verifyUrl).toMatch(new RegExp(`/verify/${newer.code}$`));
    const superseded = await openVerifyPage(DEMO_CODE);
    expect(superseded.text).toContain("Superseded by a newer letter");
    expect(superseded.text).toContain(`/verify/${newer.code}`);
    expect(superseded.text).not.toContain("neither superseded nor revoked");
    expect((await openVerifyPage(newer.code)).text).toContain("Valid");
    expect((await statusOf(DEMO_CODE)).body).toMatchObject({ state: "superseded", supersededBy: newer.code });
    // The new letter signs where its state can be read.
    const [newerRow] = await t.db.select().from(attestationLetters).where(eq(attestationLetters.id, newer.id));
    const signed = JSON.parse(Buffer.from(newerRow!.jws.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
    expect(signed.statusUrl).toMatch(new RegExp(`/api/verify/${newer.code}$`));
    expect((await statusOf(String(signed.statusUrl).split("/").at(-1)!)).body).toMatchObject({ state: "valid" });

    await asAdmin();
    expect(await revokeLetterAction({ letterId: DEMO_LETTER.id })).toEqual({ success: true, data: { revoked: true } });
    const revoked = await openVerifyPage(DEMO_CODE);
    expect(revoked.text).toContain("Revoked by the firm on");
    // Its facts and its JWS are no longer published.
    expect(revoked.text).toContain("The firm withdrew this letter: what it stated is no longer shown.");
    expect(revoked.text).not.toContain(before!.jws);
    expect(revoked.text).not.toContain("prompt-routing service");
    const revokedStatus = await statusOf(DEMO_CODE);
    expect(revokedStatus.body).toMatchObject({ state: "revoked", revokedAt: expect.any(String) });
    expect(JSON.stringify(revokedStatus.body)).not.toContain("prompt-routing service");
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "attestation.revoke"), eq(auditLog.entityId, DEMO_LETTER.id)));
    expect(audit).toHaveLength(1);

    // The admin's list reads the states and counts the page left.
    const response = await get(adminLetters, await adminCookie(), `/api/admin/attestations?projectId=${DEMO_LETTER.projectId}`);
    const body = (await response.json()) as { letters: { id: string; state: string; verifications: number }[] };
    expect(body.letters.find((l) => l.id === DEMO_LETTER.id)).toMatchObject({ state: "Revoked", verifications: before!.verifications + 3 });
    expect(body.letters.find((l) => l.id === newer.id)).toMatchObject({ state: "Valid", verifications: 1 });
  });

  it("rate-limits the page per address", async () => {
    requestHeaders.current = new Headers({ "x-forwarded-for": "203.0.113.77" });
    const outcomes: string[] = [];
    for (let i = 0; i < 21; i++) {
      const page = await callPage(VerifyLetterPage as (props: unknown) => Promise<unknown>, { params: { code: "ZZZZZ-ZZZZZ" } });
      outcomes.push(page.text.includes("Too many checks") ? "limited" : page.outcome);
    }
    expect(outcomes.slice(0, 20).every((o) => o === "notFound")).toBe(true);
    expect(outcomes[20]).toBe("limited");
  });

  it("lets only the company's people and the firm read a letter: client B gets a 404 and none of A's letters", async () => {
    const [letter] = await t.db.select().from(attestationLetters).where(eq(attestationLetters.id, DEMO_LETTER.id));
    const path = `/api/client/attestations/${letter!.id}/pdf`;
    const own = await get(clientLetterPdf, await clientCookie(), path, { id: letter!.id });
    expect(own.status).toBe(200);
    const bytes = new Uint8Array(await own.arrayBuffer());
    const text = (await pdfPageTexts(bytes)).join("\n");
    expect(text).toContain(DEMO_CODE);
    expect(text).toContain(`/verify/${DEMO_CODE}`);
    // The QR code, read as a camera would, is the same address.
    expect(await qrCodesIn(bytes)).toEqual([expect.stringMatching(new RegExp(`/verify/${DEMO_CODE}$`))]);
    const member = await get(clientLetterPdf, await clientCookie(DEMO_USERS.acmeMember.email), path, { id: letter!.id });
    expect(member.status).toBe(200);
    const other = await get(clientLetterPdf, await clientCookie(DEMO_USERS.globex.email), path, { id: letter!.id });
    expect(other.status).toBe(404);
    expect(await listPortalLetters(t.db, { actor: await clientActor(DEMO_USERS.globex.email) })).toEqual([]);
    expect((await listPortalLetters(t.db, { actor: await clientActor() })).map((l) => l.id)).toContain(DEMO_LETTER.id);
    const firm = await get(adminLetterPdf, await adminCookie(), `/api/admin/attestations/${letter!.id}/pdf`, { id: letter!.id });
    expect(firm.status).toBe(200);
  });

  it("names the company unless its owner chose otherwise; a member cannot choose", async () => {
    requestHeaders.current = authHeaders(await clientCookie(DEMO_USERS.acmeMember.email));
    expect(await setLetterNameDisplayAction({ anonymous: true })).toMatchObject({ success: false });
    requestHeaders.current = authHeaders(await clientCookie());
    expect(await setLetterNameDisplayAction({ anonymous: true })).toEqual({ success: true, data: { anonymous: true } });
    await asAdmin();
    const issued = await issueLetterAction(issueInput(DEMO_LETTER.projectId));
    const code = (issued as { data: { code: string } }).data.code;
    const letter = await verifyLetter(t.db, code);
    expect(letter!.facts.client).toBe(`A client of ${letter!.facts.firm}`);
    expect(JSON.stringify(letter!.facts)).not.toContain("Acme");

    // The anonymous letter superseded by one that names the company: no link from one to the other.
    requestHeaders.current = authHeaders(await clientCookie());
    await setLetterNameDisplayAction({ anonymous: false });
    await asAdmin();
    const named = (await issueLetterAction(issueInput(DEMO_LETTER.projectId))) as { data: { code: string } };
    const anonymous = await verifyLetter(t.db, code);
    expect(anonymous!.state).toBe("Superseded");
    expect(anonymous!.supersededByCode).toBeNull();
    // Between two letters that name it the same way, the link stays.
    await issueLetterAction(issueInput(DEMO_LETTER.projectId));
    expect((await verifyLetter(t.db, named.data.code))!.supersededByCode).not.toBeNull();
  });

  it("tells the company's webhook endpoints of a letter issued and revoked, by ids", async () => {
    await listenToEveryEvent(t.db, DEMO_CLIENTS.acme.id);
    await asAdmin();
    const issued = await issueLetterAction(issueInput(DEMO_LETTER.projectId));
    const letter = (issued as { data: { id: string; code: string } }).data;
    const path = `/client-portal?section=projects&project=${DEMO_LETTER.projectId}`;
    expect((await queuedEvents(t.db, DEMO_CLIENTS.acme.id, "attestation.issued")).at(-1)).toEqual({
      data: { letterId: letter.id, projectId: DEMO_LETTER.projectId },
      chatText: "Attestation letter issued: LLM Gateway Security Assessment",
      portalPath: path,
    });
    await asAdmin();
    expect(await revokeLetterAction({ letterId: letter.id })).toEqual({ success: true, data: { revoked: true } });
    const revoked = await queuedEvents(t.db, DEMO_CLIENTS.acme.id, "attestation.revoked");
    expect(revoked).toEqual([
      {
        data: { letterId: letter.id, projectId: DEMO_LETTER.projectId },
        chatText: expect.stringMatching(/^Attestation letter \S+ revoked$/),
        portalPath: path,
      },
    ]);
    // Revoking it again changes nothing and tells no one again.
    await asAdmin();
    await revokeLetterAction({ letterId: letter.id });
    expect(await queuedEvents(t.db, DEMO_CLIENTS.acme.id, "attestation.revoked")).toHaveLength(1);
  });
});
