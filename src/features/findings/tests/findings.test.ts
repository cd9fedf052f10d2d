// Findings (docs/PRODUCT.md#portal-findings, #admin-findings): CVSS scores as FIRST's calculators
// give them, publishing with due dates, the remediation workflow,
// the client's isolation (drafts and other companies' findings), the mails.
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as evidenceUpload } from "@/app/api/admin/findings/[id]/evidence/route";
import { GET as clientEvidence } from "@/app/api/client/findings/evidence/[id]/route";
import { GET as exportRoute } from "@/app/api/client/findings/export/route";
import { GET as getFile } from "@/app/api/files/[id]/route";
import { auditLog } from "@/features/audit/server/schema";
import { findingEvents, findings, findingRetests } from "@/features/findings/server/schema/records";
import { projects } from "@/features/projects/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { DEMO_DRAFT_FINDING_TITLE, DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import {
  acceptRisk,
  addFindingComment,
  getFinding,
  listClientFindings,
  loadPortalFindings,
  requestRetest,
} from "@/features/findings/server";
import { scoreCvss } from "@/server/core/cvss";
import { createFinding, publishFindings, updateFinding } from "@/features/findings/server/findings-write";
import { recordRetestResult, startRemediation } from "@/features/findings/server/workflow";
import { startViewAsClient } from "@/features/identity/server/view-as/admin-view-as";
import { VIEW_AS_COOKIE } from "@/features/identity/server/view-as/view-as";
import { PORTAL_SECTIONS } from "@/lib/domain/portal-section";
import { loadPortalSection } from "@/features/portal/server";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { exeBytes, pdfBytes } from "@tests/integration/helpers/upload-files";

const t = setupTestDatabase({ seedDemo: true });

const ACME_ENGAGEMENT = DEMO_FINDINGS[0]!.projectId;
const noFilter = { overdue: false } as const;

// Figures from FIRST. v3.1: the CVSS v3.1 Specification Document's examples and the v3.1 Examples
// document, https://www.first.org/cvss/v3.1/examples (CVE-2014-0160 Heartbleed, CVE-2014-6271
// Shellshock, CVE-2013-1937 phpMyAdmin XSS, CVE-2013-0375 MySQL, CVE-2014-3566 POODLE,
// CVE-2012-1516 VMware). v4.0: base vectors of the kind the v4.0 Examples document scores
// (https://www.first.org/cvss/v4.0/examples), each figure the one FIRST's own calculator gives: the
// code behind https://www.first.org/cvss/calculator/4.0, https://github.com/FIRSTdotorg/cvss-v4-calculator
// at c5b0d409ae9f57c44264c6ce5f27d89298e1d32a (cvss_score.js and its lookup tables), run on each
// vector. The last v4.0 row is from the reference calculator's test data,
// https://github.com/RedHatProductSecurity/cvss-v4-calculator/blob/bf45662b7fd49e8e5916145aed3f883b5edf1535/data/vectors_supplemental4
// (without its supplemental metrics, which never change the score).
const V31: [string, number, string][] = [
  ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", 7.5, "high"],
  ["CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", 9.8, "critical"],
  ["CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N", 6.1, "medium"],
  ["CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:L/I:L/A:N", 6.4, "medium"],
  ["CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:N/A:N", 3.1, "low"],
  ["CVSS:3.1/AV:N/AC:L/PR:L/UI:N/S:C/C:H/I:H/A:H", 9.9, "critical"],
];
const V40: [string, number, string][] = [
  ["CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 9.3, "critical"],
  ["CVSS:4.0/AV:L/AC:L/AT:N/PR:L/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 8.5, "high"],
  ["CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N", 7.7, "high"],
  ["CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:N/VA:N/SC:N/SI:N/SA:N", 8.7, "high"],
  ["CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:A/VC:N/VI:N/VA:N/SC:L/SI:L/SA:N", 5.1, "medium"],
  ["CVSS:4.0/AV:P/AC:H/AT:P/PR:H/UI:A/VC:H/VI:H/VA:H/SC:H/SI:H/SA:H", 7.3, "high"],
];

const MALFORMED_VECTORS = [
  "garbage",
  "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", // a version we do not take
  "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N", // a base metric missing (the library would score 0)
  "CVSS:3.1/AV:Z/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", // an unknown value
  "CVSS:3.1/AV:N/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N", // a metric twice
  "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N/ZZ:X", // an unknown metric
  "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H", // v4.0 without the subsequent-system metrics
  "CVSS:3.1/",
];

const countRows = async () => {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(findings);
  return row!.n;
};

describe("CVSS scoring", () => {
  it.each([...V31, ...V40])("%s scores %s (%s), as FIRST's calculator does", (vector, score, severity) => {
    const scored = scoreCvss(vector);
    expect(scored.scoreTenths / 10).toBe(score);
    expect(scored.severity).toBe(severity);
  });

  it("refuses malformed vectors with a 400 and changes nothing", async () => {
    const admin = await adminActor();
    const before = await countRows();
    for (const cvssVector of MALFORMED_VECTORS) {
      const input = { title: "Bad vector", severity: "low" as const, cvssVector };
      await expect(createFinding(t.db, { actor: admin, projectId: ACME_ENGAGEMENT, input })).rejects.toMatchObject({
        code: "bad_request",
        status: 400,
        fieldErrors: { cvssVector: expect.stringContaining("Not a valid CVSS") },
      });
      await expect(updateFinding(t.db, { actor: admin, findingId: DEMO_FINDINGS[1]!.id, input })).rejects.toMatchObject({ status: 400 });
    }
    expect(await countRows()).toBe(before);
    const [unchanged] = await t.db.select({ title: findings.title }).from(findings).where(eq(findings.id, DEMO_FINDINGS[1]!.id));
    expect(unchanged!.title).toBe(DEMO_FINDINGS[1]!.title);
  });

  it("takes the severity from the score when a vector is given", async () => {
    const admin = await adminActor();
    const { findingId } = await createFinding(t.db, {
      actor: admin,
      projectId: ACME_ENGAGEMENT,
      input: { title: "Scored", severity: "low", cvssVector: V31[1]![0] },
    });
    const [row] = await t.db.select().from(findings).where(eq(findings.id, findingId));
    expect(row).toMatchObject({ severity: "critical", cvssScoreTenths: 98, status: "draft", publishedAt: null });
  });
});

describe("publishing and the client's view", () => {
  it("publishes chosen drafts with due dates from severity; the client sees exactly those, and drafts nowhere", async () => {
    const admin = await adminActor();
    const acme = await clientActor();
    const [project] = await t.db
      .insert(projects)
      .values({ clientId: DEMO_CLIENTS.acme.id, projectName: "Publish engagement" })
      .returning({ id: projects.id });
    const created = [];
    for (const [title, severity] of [
      ["Critical one", "critical"],
      ["Low one", "low"],
      ["Still a draft", "high"],
    ] as const)
      created.push((await createFinding(t.db, { actor: admin, projectId: project!.id, input: { title, severity } })).findingId);
    await expect(
      publishFindings(t.db, { actor: admin, projectId: project!.id, findingIds: [created[0]!, DEMO_FINDINGS[1]!.id] }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(await publishFindings(t.db, { actor: admin, projectId: project!.id, findingIds: [created[0]!, created[1]!] })).toEqual({
      published: 2,
    });

    const list = await listClientFindings(t.db, { actor: acme, filter: { ...noFilter, engagement: project!.id } });
    expect(list.items.map((f) => [f.title, f.status])).toEqual([
      ["Critical one", "open"],
      ["Low one", "open"],
    ]);
    const today = Date.now();
    const inDays = (n: number) => new Date(today + n * 86_400_000).toISOString().slice(0, 10);
    expect(list.items.map((f) => f.dueOn)).toEqual([inDays(7), inDays(180)]);
    await expect(getFinding(t.db, { actor: acme, findingId: created[2]! })).rejects.toMatchObject({ status: 404 });

    // Every section's payload, and the findings section with the draft asked for by id, name no draft.
    const payload = JSON.stringify([
      await Promise.all(PORTAL_SECTIONS.map((section) => loadPortalSection(t.db, { actor: acme, section }))),
      await loadPortalFindings(t.db, { actor: acme, filter: noFilter, findingId: created[2]! }),
      await loadPortalFindings(t.db, { actor: acme, filter: noFilter, findingId: DEMO_FINDINGS[0]!.id }),
    ]);
    expect(payload).not.toContain("Still a draft");
    expect(payload).not.toContain(DEMO_DRAFT_FINDING_TITLE);
    expect(payload).not.toContain(DEMO_FINDINGS[0]!.id);

    // One "findings published" mail per person of the company.
    const mails = await t.db
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_findings_published"));
    expect(mails.map((m) => m.subject)).toContain("2 new findings: Publish engagement");
  });

  it("flags overdue findings and filters by severity, status, engagement and overdue", async () => {
    const acme = await clientActor();
    const overdue = await listClientFindings(t.db, { actor: acme, filter: { overdue: true } });
    expect(overdue.items.map((f) => f.id)).toContain(DEMO_FINDINGS[1]!.id);
    expect(overdue.items.every((f) => f.overdue)).toBe(true);
    const critical = await listClientFindings(t.db, { actor: acme, filter: { overdue: false, severity: "critical", status: "open" } });
    expect(critical.items.every((f) => f.severity === "critical" && f.status === "open")).toBe(true);
    const counts = (await loadPortalFindings(t.db, { actor: acme, filter: noFilter, findingId: null })).counts;
    expect(counts.overdue).toBeGreaterThanOrEqual(1);
    expect(counts.byStatus.draft).toBeUndefined();
    expect(counts.bySeverity.critical).toBeGreaterThanOrEqual(1);
    expect(counts.engagements.find((e) => e.projectId === ACME_ENGAGEMENT)).toMatchObject({
      projectName: "LLM Gateway Security Assessment",
      overdue: 1,
    });
  });

  it("a closed finding drops its due date: not shown, not overdue, back when it is reopened", async () => {
    const acme = await clientActor();
    const id = DEMO_FINDINGS[1]!.id; // open and past its due date
    const before = (await loadPortalFindings(t.db, { actor: acme, filter: noFilter, findingId: null })).counts.overdue;
    const [{ dueOn, status }] = (await t.db
      .select({ dueOn: findings.dueOn, status: findings.status })
      .from(findings)
      .where(eq(findings.id, id))) as [{ dueOn: string; status: "open" }];
    expect(dueOn).not.toBeNull();
    await t.db.update(findings).set({ status: "verified_fixed" }).where(eq(findings.id, id));
    try {
      const listed = (await listClientFindings(t.db, { actor: acme, filter: noFilter })).items.find((f) => f.id === id)!;
      expect(listed).toMatchObject({ dueOn: null, overdue: false });
      expect(await getFinding(t.db, { actor: acme, findingId: id })).toMatchObject({ dueOn: null, overdue: false });
      expect((await loadPortalFindings(t.db, { actor: acme, filter: noFilter, findingId: null })).counts.overdue).toBe(before - 1);
    } finally {
      await t.db.update(findings).set({ status }).where(eq(findings.id, id));
    }
    expect(await getFinding(t.db, { actor: acme, findingId: id })).toMatchObject({ dueOn, overdue: true });
  });

  it("exports the client's own published findings as CSV, formulas neutralised", async () => {
    const response = await exportRoute(
      new Request(`${APP_ORIGIN}/api/client/findings/export`, { headers: authHeaders(await sessionCookie("client2@example.com")) }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("Agent follows instructions embedded in retrieved web pages");
    expect(text).not.toContain("Acme");
    expect(text).not.toContain(DEMO_FINDINGS[1]!.title);
  });
});

describe("remediation workflow", () => {
  async function publishedFinding(title: string) {
    const admin = await adminActor();
    const { findingId } = await createFinding(t.db, { actor: admin, projectId: ACME_ENGAGEMENT, input: { title, severity: "medium" } });
    await publishFindings(t.db, { actor: admin, projectId: ACME_ENGAGEMENT, findingIds: [findingId] });
    return findingId;
  }

  it("runs Open → In remediation → Fixed (pending retest) → Verified fixed, one retest at a time, on the timeline, with mails", async () => {
    const admin = await adminActor();
    const acme = await clientActor();
    const findingId = await publishedFinding("Workflow finding");
    await startRemediation(t.db, { actor: acme, findingId });
    await requestRetest(t.db, { actor: acme, findingId, note: "Patched in 1.4.2" });
    await expect(requestRetest(t.db, { actor: acme, findingId, note: "Again" })).rejects.toMatchObject({ status: 409 });
    const open = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(findingRetests)
      .where(and(eq(findingRetests.findingId, findingId), sql`${findingRetests.result} is null`));
    expect(open[0]!.n).toBe(1);
    await recordRetestResult(t.db, { actor: admin, findingId, result: "verified_fixed", note: "Confirmed" });
    await addFindingComment(t.db, { actor: acme, findingId, body: "Thanks!" });

    const detail = await getFinding(t.db, { actor: acme, findingId });
    expect(detail.status).toBe("verified_fixed");
    expect(detail.events.map((e) => [e.kind, e.toStatus])).toEqual([
      ["published", "open"],
      ["status", "in_remediation"],
      ["retest_requested", "fixed_pending_retest"],
      ["retest_result", "verified_fixed"],
    ]);
    expect(detail.comments.map((c) => c.body)).toEqual(["Thanks!"]);
    const kinds = await t.db.select({ kind: emailOutbox.kind, subject: emailOutbox.subject }).from(emailOutbox);
    expect(kinds).toContainEqual({ kind: "notify_retest_requested", subject: "Retest requested: Workflow finding" });
    expect(kinds).toContainEqual({ kind: "notify_retest_result", subject: "Retest result: Workflow finding is Verified Fixed" });
  });

  it("lets an owner, not a member, accept a risk with a reason and an expiry after today", async () => {
    const acme = await clientActor();
    const member = await clientActor("member@example.com");
    const findingId = await publishedFinding("Risk finding");
    const expiresOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    await expect(acceptRisk(t.db, { actor: member, findingId, reason: "Low exposure", expiresOn })).rejects.toMatchObject({ status: 403 });
    await expect(acceptRisk(t.db, { actor: acme, findingId, reason: "Low exposure", expiresOn: "2020-01-01" })).rejects.toMatchObject({
      status: 400,
    });
    await acceptRisk(t.db, { actor: acme, findingId, reason: "Low exposure", expiresOn });
    const [row] = await t.db.select().from(findings).where(eq(findings.id, findingId));
    expect(row).toMatchObject({ status: "risk_accepted", riskReason: "Low exposure", riskExpiresOn: expiresOn, riskAcknowledgedAt: null });
  });

  it("keeps client B away from A's findings, comments and retests (404, like a missing one)", async () => {
    const globex = await clientActor("client2@example.com");
    const findingId = DEMO_FINDINGS[1]!.id;
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(findingEvents);
    for (const attempt of [
      () => getFinding(t.db, { actor: globex, findingId }),
      () => startRemediation(t.db, { actor: globex, findingId }),
      () => requestRetest(t.db, { actor: globex, findingId, note: "Mine now" }),
      () =>
        acceptRisk(t.db, {
          actor: globex,
          findingId,
          reason: "x",
          expiresOn: new Date(Date.now() + 86_400_000 * 5).toISOString().slice(0, 10),
        }),
      () => addFindingComment(t.db, { actor: globex, findingId, body: "Hello" }),
    ])
      await expect(attempt()).rejects.toMatchObject({ status: 404, message: "Finding not found" });
    const list = await listClientFindings(t.db, { actor: globex, filter: noFilter });
    expect(list.items.every((f) => !DEMO_FINDINGS.some((d) => d.clientId === DEMO_CLIENTS.acme.id && d.id === f.id))).toBe(true);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(findingEvents);
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe("evidence", () => {
  const upload = async (findingId: string, bytes: Uint8Array, name: string) => {
    const form = new FormData();
    form.set("file", new File([bytes as BlobPart], name));
    return evidenceUpload(
      new Request(`${APP_ORIGIN}/api/admin/findings/${findingId}/evidence`, {
        method: "POST",
        headers: authHeaders(await sessionCookie("admin@example.com")),
        body: form,
      }),
      { params: Promise.resolve({ id: findingId }) },
    );
  };
  const link = async (evidenceId: string, email: string) =>
    clientEvidence(
      new Request(`${APP_ORIGIN}/api/client/findings/evidence/${evidenceId}`, { headers: authHeaders(await sessionCookie(email)) }),
      {
        params: Promise.resolve({ id: evidenceId }),
      },
    );

  it("goes through the documents' upload checks, reaches the company's people through a signed link, and no one else", async () => {
    const published = DEMO_FINDINGS[1]!.id;
    const refused = await upload(published, exeBytes(), "tool.exe");
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain("Unsupported file type");
    const stored = await upload(published, pdfBytes(), "poc.pdf");
    expect(stored.status).toBe(201);
    const data = (await stored.json()) as { evidenceId: string };

    const own = await link(data.evidenceId, "client@example.com");
    expect(own.status).toBe(200);
    const { downloadUrl, filename } = (await own.json()) as { downloadUrl: string; filename: string };
    expect(filename).toBe("poc.pdf");
    const file = await getFile(new Request(downloadUrl), { params: Promise.resolve({ id: data.evidenceId }) });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdfBytes());
    const detail = await getFinding(t.db, { actor: await clientActor(), findingId: published });
    expect(detail.evidence.map((e) => e.name)).toContain("poc.pdf");

    const theirs = await link(data.evidenceId, "client2@example.com");
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ success: false, error: "Evidence not found", code: "not_found" });

    // A draft's evidence stays the firm's.
    const draftEvidence = await upload(DEMO_FINDINGS[0]!.id, pdfBytes(), "draft.pdf");
    const draft = (await draftEvidence.json()) as { evidenceId: string };
    expect((await link(draft.evidenceId, "client@example.com")).status).toBe(404);
    expect((await upload("00000000-0000-4000-8000-0000000000ff", pdfBytes(), "x.pdf")).status).toBe(404);
  });

  it("a viewing admin's evidence download and findings export are in the company's access log; the client's own are not", async () => {
    const firmReads = async () =>
      (
        await t.db
          .select({ action: auditLog.action, clientId: auditLog.clientId })
          .from(auditLog)
          .where(inArray(auditLog.action, ["evidence.download", "export.findings"]))
      ).map((r) => `${r.action} ${r.clientId}`);
    const stored = await upload(DEMO_FINDINGS[1]!.id, pdfBytes(), "access.pdf");
    const data = (await stored.json()) as { evidenceId: string };
    const before = await firmReads();
    const client = await sessionCookie("client@example.com");
    const exportAs = async (cookie: string) =>
      (
        await exportRoute(new Request(`${APP_ORIGIN}/api/client/findings/export`, { headers: authHeaders(cookie) }), {
          params: Promise.resolve({}),
        })
      ).text();
    const own = await link(data.evidenceId, "client@example.com");
    expect(own.status).toBe(200);
    const ownUrl = ((await own.json()) as { downloadUrl: string }).downloadUrl;
    expect((await getFile(new Request(ownUrl), { params: Promise.resolve({ id: data.evidenceId }) })).status).toBe(200);
    await exportAs(client);
    expect(await firmReads()).toEqual(before);

    const { cookie: view } = await startViewAsClient(t.db, { actor: await adminActor(), clientId: DEMO_CLIENTS.acme.id });
    const viewing = `${await sessionCookie("admin@example.com")}; ${VIEW_AS_COOKIE}=${encodeURIComponent(view.value)}`;
    const viewerLink = await clientEvidence(
      new Request(`${APP_ORIGIN}/api/client/findings/evidence/${data.evidenceId}`, { headers: authHeaders(viewing) }),
      { params: Promise.resolve({ id: data.evidenceId }) },
    );
    expect(viewerLink.status).toBe(200);
    // The look is the fetch of the link (each fetch one entry), not the asking for it.
    expect(await firmReads()).toEqual(before);
    const viewerUrl = ((await viewerLink.json()) as { downloadUrl: string }).downloadUrl;
    expect((await getFile(new Request(viewerUrl), { params: Promise.resolve({ id: data.evidenceId }) })).status).toBe(200);
    expect(await exportAs(viewing)).toContain(DEMO_FINDINGS[1]!.title);
    expect((await firmReads()).slice(before.length).sort()).toEqual(
      [`evidence.download ${DEMO_CLIENTS.acme.id}`, `export.findings ${DEMO_CLIENTS.acme.id}`].sort(),
    );
  });
});
