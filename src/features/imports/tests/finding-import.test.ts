// Importing scan files (docs/PRODUCT.md#admin-findings): the upload is previewed, then applied or
// discarded; a malformed file is refused whole; a re-import adds nothing that is already there,
// reopens a fixed finding it sees again (and tells the client), never one accepted as a risk, and
// can mark what a full scan did not see.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as importRoute } from "@/app/api/admin/findings/import/route";
import { findingImports } from "@/features/imports/server/schema/imports";
import { findingImportItems } from "@/features/imports/server/schema/items";
import { findings } from "@/features/findings/server/schema/records";
import { projects } from "@/features/projects/server/schema";
import { emailOutbox } from "@/server/core/db/schema/mail";
import { getStorage } from "@/server/core/storage/storage";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { DEMO_FINDINGS } from "@/features/demo/server/demo-findings";
import { applyFindingImport, discardFindingImport, listFindingImports, type ImportPreview } from "@/features/imports/server";
import { acceptRisk, getFinding, listClientFindings, requestRetest } from "@/features/findings/server";
import { publishFindings } from "@/features/findings/server/findings-write";
import { recordRetestResult } from "@/features/findings/server/workflow";
import { adminActor, clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });

const ACME_ENGAGEMENT = DEMO_FINDINGS[0]!.projectId;
const noFilter = { overdue: false } as const;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The admin screen's upload: multipart with the engagement, the tool (empty: from the file) and the file. */
const importRequest = async (
  { projectId, text, name = "scan.sarif", format = "" }: { projectId: string; text: string; name?: string; format?: string },
  email = "admin@example.com",
) => {
  const form = new FormData();
  form.set("projectId", projectId);
  form.set("format", format);
  form.set("file", new File([text], name, { type: "application/json" }));
  return importRoute(
    new Request(`${APP_ORIGIN}/api/admin/findings/import`, {
      method: "POST",
      headers: Object.fromEntries(authHeaders(await sessionCookie(email))),
      body: form,
    }),
    { params: Promise.resolve({}) },
  );
};

const sarif = (results: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    version: "2.1.0",
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    runs: [
      {
        tool: {
          driver: {
            name: "llm-scanner",
            rules: [
              { id: "PI001", shortDescription: { text: "Prompt injection through retrieved content" } },
              { id: "LEAK02", name: "SystemPromptLeak", properties: { "security-severity": "9.1" } },
            ],
          },
        },
        results,
        ...extra,
      },
    ],
  });

const THREE_RESULTS = [
  {
    ruleId: "PI001",
    level: "error",
    message: { text: "Instructions in a fetched page change the agent's tool call." },
    locations: [{ physicalLocation: { artifactLocation: { uri: "src/agent/fetch.ts" }, region: { startLine: 42 } } }],
  },
  { ruleId: "LEAK02", level: "warning", message: { text: "The system prompt is echoed on error." } },
  { ruleId: "MISC9", level: "note", message: { text: "Verbose model name in headers." } },
];

const countRows = async () => {
  const [row] = await t.db
    .select({
      findings: sql<number>`(select count(*)::int from findings)`,
      imports: sql<number>`(select count(*)::int from finding_imports)`,
    })
    .from(sql`(select 1) as one`);
  return row!;
};

const newEngagement = async (projectName: string) => {
  const [project] = await t.db.insert(projects).values({ clientId: DEMO_CLIENTS.acme.id, projectName }).returning({ id: projects.id });
  return project!.id;
};

/** Uploads and previews a file as the admin screen does; the preview's answer. */
async function previewFile(projectId: string, text: string, name = "scan.sarif"): Promise<ImportPreview> {
  const response = await importRequest({ projectId, text, name });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { success: true; preview: ImportPreview };
  expect(body.success).toBe(true);
  return body.preview;
}

/** Previews and applies a file: what the import did. */
async function importFile(projectId: string, text: string, { name = "scan.sarif", markMissing = false } = {}) {
  const preview = await previewFile(projectId, text, name);
  return applyFindingImport(t.db, { actor: await adminActor(), importId: preview.id, markMissing });
}

const findingsOf = (projectId: string) =>
  t.db
    .select({
      id: findings.id,
      ruleId: findings.ruleId,
      status: findings.status,
      updatedAt: findings.updatedAt,
      notSeen: findings.notSeenImportId,
    })
    .from(findings)
    .where(eq(findings.projectId, projectId))
    .orderBy(findings.ruleId);

describe("SARIF import", () => {
  it.each([
    ["not JSON", "{ nope", "line 1:"],
    ["another version", JSON.stringify({ version: "2.0.0", runs: [] }), '"version" must be "2.1.0"'],
    ["no runs", JSON.stringify({ version: "2.1.0" }), 'no "runs" list'],
    ["a run without a tool", JSON.stringify({ version: "2.1.0", runs: [{ results: [] }] }), "has no tool name"],
    ["a result without a message", sarif([THREE_RESULTS[0], { ruleId: "X" }]), "result 2 of run 1 has no message"],
    ["an unknown level", sarif([{ ...THREE_RESULTS[0], level: "fatal" }]), "unknown level"],
    ["no results", sarif([]), "it has no findings to import."],
  ])("refuses %s with a 400 naming the problem, and imports nothing", async (_name, text, message) => {
    const before = await countRows();
    const response = await importRequest({ projectId: ACME_ENGAGEMENT, text });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; code: string };
    expect(body.code).toBe("bad_request");
    expect(body.error).toContain("Not a valid SARIF 2.1.0 file");
    expect(body.error).toContain(message);
    expect(await countRows()).toEqual(before);
  });

  it("leaves out a location or rule field that is not what SARIF says (never a 500)", async () => {
    const [project] = await t.db
      .insert(projects)
      .values({ clientId: DEMO_CLIENTS.acme.id, projectName: "Odd SARIF engagement" })
      .returning({ id: projects.id });
    const text = JSON.stringify({
      version: "2.1.0",
      runs: [
        {
          tool: { driver: { name: "odd-scanner", rules: [{ id: 7, name: { text: "not text" } }] } },
          results: [
            {
              ruleIndex: 0,
              message: { text: "A rule whose id and name are not text." },
              locations: [null, "src/a.ts", { physicalLocation: { artifactLocation: { uri: {} } } }, { logicalLocations: [null] }],
            },
            {
              message: { text: "A readable one." },
              locations: [null, { physicalLocation: { artifactLocation: { uri: "src/b.ts" }, region: { startLine: 3 } } }],
            },
          ],
        },
      ],
    });
    await importFile(project!.id, text);
    const rows = await t.db
      .select({ title: findings.title, ruleId: findings.ruleId, assets: findings.assets })
      .from(findings)
      .where(eq(findings.projectId, project!.id))
      .orderBy(findings.title);
    expect(rows).toEqual([
      { title: "A readable one.", ruleId: null, assets: "src/b.ts:3" },
      { title: "A rule whose id and name are not text.", ruleId: null, assets: "" },
    ]);
  });

  it("refuses an unknown engagement and a client caller, importing nothing", async () => {
    const before = await countRows();
    const unknown = await importRequest({ projectId: "00000000-0000-4000-8000-0000000000ff", text: sarif(THREE_RESULTS) });
    expect(unknown.status).toBe(400);
    expect((await importRequest({ projectId: ACME_ENGAGEMENT, text: sarif(THREE_RESULTS) }, "client@example.com")).status).toBe(403);
    expect(await countRows()).toEqual(before);
  });

  it("imports each result as a draft: rule, level → severity, location → asset; the client sees none of them", async () => {
    const [project] = await t.db
      .insert(projects)
      .values({ clientId: DEMO_CLIENTS.acme.id, projectName: "SARIF engagement" })
      .returning({ id: projects.id });
    const counts = await importFile(project!.id, sarif(THREE_RESULTS));
    expect(counts).toEqual({ newCount: 3, knownCount: 0, reopenedCount: 0, missingCount: 0 });
    const rows = await t.db
      .select({
        title: findings.title,
        severity: findings.severity,
        ruleId: findings.ruleId,
        assets: findings.assets,
        status: findings.status,
      })
      .from(findings)
      .where(eq(findings.projectId, project!.id))
      .orderBy(findings.ruleId);
    expect(rows).toEqual([
      { title: "SystemPromptLeak", severity: "critical", ruleId: "LEAK02", assets: "", status: "draft" },
      { title: "MISC9", severity: "low", ruleId: "MISC9", assets: "", status: "draft" },
      {
        title: "Prompt injection through retrieved content",
        severity: "high",
        ruleId: "PI001",
        assets: "src/agent/fetch.ts:42",
        status: "draft",
      },
    ]);
    const acme = await clientActor();
    const seen = await listClientFindings(t.db, { actor: acme, filter: { ...noFilter, engagement: project!.id } });
    expect(seen.items).toEqual([]);
  });
});

describe("re-importing", () => {
  it("previews what an import would do and, for the same file again, adds nothing and writes nothing to the findings", async () => {
    const projectId = await newEngagement("Re-import engagement");
    await importFile(projectId, sarif(THREE_RESULTS));
    const before = await findingsOf(projectId);
    const preview = await previewFile(projectId, sarif(THREE_RESULTS));
    expect(preview).toMatchObject({
      newCount: 0,
      knownCount: 3,
      reopenedCount: 0,
      missingCount: 0,
      format: "sarif",
      fileName: "scan.sarif",
    });
    const counts = await applyFindingImport(t.db, { actor: await adminActor(), importId: preview.id, markMissing: false });
    expect(counts).toEqual({ newCount: 0, knownCount: 3, reopenedCount: 0, missingCount: 0 });
    // The findings are as they were (not one row touched); the import is in their history.
    expect(await findingsOf(projectId)).toEqual(before);
    const items = await t.db
      .select({ outcome: findingImportItems.outcome })
      .from(findingImportItems)
      .where(eq(findingImportItems.importId, preview.id));
    expect(items.map((i) => i.outcome)).toEqual(["known", "known", "known"]);
    const history = await listFindingImports(t.db, { actor: await adminActor(), projectId });
    expect(history.map((h) => [h.state, h.newCount, h.knownCount])).toEqual([
      ["applied", 0, 3],
      ["applied", 3, 0],
    ]);
  });

  it("makes one finding of a result the file repeats", async () => {
    const projectId = await newEngagement("Repeated result engagement");
    const counts = await importFile(projectId, sarif([THREE_RESULTS[0], THREE_RESULTS[0], THREE_RESULTS[1]]));
    expect(counts.newCount).toBe(2);
  });

  it("reopens a verified finding seen again and tells the client; leaves one accepted as a risk alone", async () => {
    const projectId = await newEngagement("Reopen engagement");
    const admin = await adminActor();
    const acme = await clientActor();
    await importFile(projectId, sarif(THREE_RESULTS));
    const rows = await findingsOf(projectId);
    await publishFindings(t.db, { actor: admin, projectId, findingIds: rows.map((r) => r.id) });
    const [leak, misc, injection] = rows; // ordered by rule id: LEAK02, MISC9, PI001
    await requestRetest(t.db, { actor: acme, findingId: injection!.id, note: "Patched the fetch tool" });
    await recordRetestResult(t.db, { actor: admin, findingId: injection!.id, result: "verified_fixed", note: "" });
    await requestRetest(t.db, { actor: acme, findingId: misc!.id, note: "Header removed" });
    await acceptRisk(t.db, { actor: acme, findingId: leak!.id, reason: "Behind the VPN", expiresOn: inDays(90) });

    const preview = await previewFile(projectId, sarif(THREE_RESULTS), "rescan.sarif");
    expect(preview).toMatchObject({ newCount: 0, knownCount: 1, reopenedCount: 2 });
    expect(preview.reopenedTitles.sort()).toEqual(["MISC9", "Prompt injection through retrieved content"]);
    await applyFindingImport(t.db, { actor: admin, importId: preview.id, markMissing: false });

    const after = new Map((await findingsOf(projectId)).map((r) => [r.id, r.status]));
    expect(after.get(injection!.id)).toBe("still_open");
    expect(after.get(misc!.id)).toBe("still_open");
    expect(after.get(leak!.id)).toBe("risk_accepted");
    // The client reads why on the timeline, and was mailed once for the import.
    const detail = await getFinding(t.db, { actor: acme, findingId: injection!.id });
    expect(detail.events.at(-1)).toMatchObject({
      kind: "reopened",
      toStatus: "still_open",
      note: "Seen again in import SARIF: rescan.sarif",
    });
    // The open retest request of the fixed-pending-retest one is answered by the scan.
    expect((await getFinding(t.db, { actor: acme, findingId: misc!.id })).openRetest).toBeNull();
    const mails = await t.db
      .select({ subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, "notify_findings_reopened"));
    expect(mails.map((m) => m.subject)).toContain("2 findings seen again: Reopen engagement");
  });

  it("marks what a full scan did not see, for the firm only, and clears the mark when a scan sees it again", async () => {
    const projectId = await newEngagement("Missing engagement");
    const admin = await adminActor();
    await importFile(projectId, sarif(THREE_RESULTS));
    const partial = sarif(THREE_RESULTS.slice(0, 2));
    const preview = await previewFile(projectId, partial);
    expect(preview).toMatchObject({ newCount: 0, knownCount: 2, missingCount: 1 });
    // Without the full-scan box nothing is marked.
    await applyFindingImport(t.db, { actor: admin, importId: preview.id, markMissing: false });
    expect((await findingsOf(projectId)).filter((r) => r.notSeen)).toEqual([]);

    await importFile(projectId, partial, { markMissing: true });
    const marked = (await findingsOf(projectId)).filter((r) => r.notSeen);
    expect(marked.map((r) => r.ruleId)).toEqual(["MISC9"]);
    await publishFindings(t.db, { actor: admin, projectId, findingIds: (await findingsOf(projectId)).map((r) => r.id) });
    const acmeView = await getFinding(t.db, { actor: await clientActor(), findingId: marked[0]!.id });
    expect(acmeView.events.map((e) => e.kind)).not.toContain("not_seen");
    const adminView = await getFinding(t.db, { actor: admin, findingId: marked[0]!.id });
    expect(adminView.events.map((e) => e.kind)).toContain("not_seen");

    await importFile(projectId, sarif(THREE_RESULTS));
    expect((await findingsOf(projectId)).filter((r) => r.notSeen)).toEqual([]);
  });

  it("discards a preview with its file, and refuses to apply an import twice", async () => {
    const projectId = await newEngagement("Discard engagement");
    const admin = await adminActor();
    const preview = await previewFile(projectId, sarif(THREE_RESULTS));
    const [pending] = await t.db.select({ key: findingImports.storageKey }).from(findingImports).where(eq(findingImports.id, preview.id));
    expect(await getStorage().read(pending!.key!)).not.toBeNull();
    await discardFindingImport(t.db, { actor: admin, importId: preview.id });
    expect(await getStorage().read(pending!.key!)).toBeNull();
    expect(await findingsOf(projectId)).toEqual([]);
    await expect(applyFindingImport(t.db, { actor: admin, importId: preview.id, markMissing: false })).rejects.toMatchObject({
      status: 409,
      message: "This import was already discarded.",
    });

    const second = await previewFile(projectId, sarif(THREE_RESULTS));
    await applyFindingImport(t.db, { actor: admin, importId: second.id, markMissing: false });
    await expect(applyFindingImport(t.db, { actor: admin, importId: second.id, markMissing: false })).rejects.toMatchObject({
      status: 409,
    });
    expect(await findingsOf(projectId)).toHaveLength(3);
  });

  it("keeps no upload of a file it refuses", async () => {
    const before = await countRows();
    const response = await importRequest({ projectId: ACME_ENGAGEMENT, text: "{ nope" });
    expect(response.status).toBe(400);
    expect(await countRows()).toEqual(before);
    const refusedName = await importRequest({ projectId: ACME_ENGAGEMENT, text: sarif(THREE_RESULTS), name: "scan.exe" });
    expect(refusedName.status).toBe(400);
    expect(((await refusedName.json()) as { error: string }).error).toContain("Choose a scan file");
  });
});
