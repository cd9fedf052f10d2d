// The firm's finding templates (docs/PRODUCT.md#admin-finding-templates): the admin's library
// (list and search, create, edit, delete; a client is refused), its validation, a new finding
// started from a template, and an import writing a new draft from the template its rule id
// matches, in one read of the templates whatever the size of the file.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { POST as importRoute } from "@/app/api/admin/findings/import/route";
import {
  createFindingTemplateAction,
  deleteFindingTemplateAction,
  readFindingTemplateAction,
  updateFindingTemplateAction,
} from "@/features/findings/actions/templates";
import { createFindingAction } from "@/features/findings/actions/admin";
import { auditLog } from "@/features/audit/server/schema";
import { findings, findingTemplates } from "@/features/findings/server/schema/records";
import { projects } from "@/features/projects/server/schema";
import { DEMO_CLIENTS } from "@/features/demo/server/demo-data";
import { DEMO_TEMPLATES } from "@/features/demo/server/demo-templates";
import { applyFindingImport, type ImportPreview } from "@/features/imports/server";
import { getFindingTemplate, listEngagementFindings, listFindingTemplateOptions, listFindingTemplates } from "@/features/findings/server";
import { scoreCvss } from "@/server/core/cvss";
import { createFindingTemplate } from "@/features/findings/server/templates";
import { templateOfRule } from "@/features/findings/server/templates";
import { adminActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

let admin: Headers;
let owner: Headers;
beforeAll(async () => {
  admin = authHeaders(await sessionCookie("admin@example.com"));
  owner = authHeaders(await sessionCookie("client@example.com"));
});
const asAdmin = () => (requestHeaders.current = admin);
const asClient = () => (requestHeaders.current = owner);

const template = (extra: Record<string, unknown> = {}) => ({
  title: "Jailbreak through role play",
  cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N",
  cwe: "CWE-1427",
  description: "The model drops its rules when asked to play a character.",
  remediation: "Test each release with a jailbreak suite.",
  references: "- [OWASP LLM01](https://genai.owasp.org/llmrisk/llm01-prompt-injection/)",
  tags: "llm, jailbreak, LLM",
  owaspLlm: ["LLM01"],
  atlas: ["AML.T0054"],
  ruleIds: "dan.Dan_11_0\n\ntest-rule-a\n",
  ...extra,
});

const newEngagement = async (projectName: string) => {
  const [project] = await t.db.insert(projects).values({ clientId: DEMO_CLIENTS.acme.id, projectName }).returning({ id: projects.id });
  return project!.id;
};

describe("the template library", () => {
  it("the demo templates are seeded with the scores the calculator gives their vectors", async () => {
    const actor = await adminActor();
    const { rows, total } = await listFindingTemplates(t.db, { actor });
    expect(total).toBe(DEMO_TEMPLATES.length);
    expect(rows.map((r) => r.title)).toContain("Prompt injection overrides the system instructions");
    for (const demo of DEMO_TEMPLATES) {
      const score = demo.cvssVector ? scoreCvss(demo.cvssVector) : null;
      expect([demo.cvssScoreTenths, demo.severity]).toEqual([score?.scoreTenths ?? null, score?.severity ?? null]);
    }
  });

  it("the admin creates, reads, edits and deletes a template; each change is audited", async () => {
    asAdmin();
    const created = await createFindingTemplateAction(template());
    expect(created.success).toBe(true);
    const templateId = (created as { data: { templateId: string } }).data.templateId;

    const read = await readFindingTemplateAction({ templateId });
    expect(read).toMatchObject({
      success: true,
      data: {
        title: "Jailbreak through role play",
        cwe: 1427,
        cvssScoreTenths: 91,
        severity: "critical",
        // Repeats (case aside) and blank lines dropped.
        tags: ["llm", "jailbreak"],
        owaspLlm: ["LLM01"],
        atlas: ["AML.T0054"],
        ruleIds: ["dan.Dan_11_0", "test-rule-a"],
      },
    });

    const edited = await updateFindingTemplateAction({
      ...template({ title: "Jailbreak by role play", cvssVector: "", cwe: "" }),
      templateId,
    });
    expect(edited).toEqual({ success: true, data: { templateId } });
    const after = await getFindingTemplate(t.db, { actor: await adminActor(), templateId });
    expect(after).toMatchObject({ title: "Jailbreak by role play", cvssVector: null, cvssScoreTenths: null, severity: null, cwe: null });

    expect(await deleteFindingTemplateAction({ templateId })).toEqual({ success: true, data: { templateId } });
    expect(await readFindingTemplateAction({ templateId })).toMatchObject({
      success: false,
      code: "not_found",
      error: "Template not found",
    });
    expect(await deleteFindingTemplateAction({ templateId })).toMatchObject({ success: false, code: "not_found" });

    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, templateId));
    expect(audit.map((a) => a.action).sort()).toEqual(["finding_template.create", "finding_template.delete", "finding_template.update"]);
  });

  it("searches by title, tag, rule id and CWE", async () => {
    const actor = await adminActor();
    const titles = async (q: string) => (await listFindingTemplates(t.db, { actor, q })).rows.map((r) => r.title);
    expect(await titles("git repository")).toEqual(["Git repository metadata exposed over HTTP"]);
    expect(await titles("agents")).toEqual(["Excessive agency: the model's tools act beyond the user's rights"]);
    expect(await titles("pii:session")).toEqual(["Sensitive information disclosed in model output"]);
    expect(await titles("CWE-79")).toEqual(["Model output rendered without encoding (insecure output handling)"]);
    // Wildcards are literal.
    expect(await titles("%")).toEqual([]);
    const options = await listFindingTemplateOptions(t.db, { actor });
    expect(options.map((o) => o.title)).toEqual((await listFindingTemplates(t.db, { actor, pageSize: 100 })).rows.map((r) => r.title));
  });

  it("a client is refused every template action, and nothing changes", async () => {
    const templateId = DEMO_TEMPLATES[0]!.id;
    asClient();
    for (const result of [
      await createFindingTemplateAction(template({ ruleIds: "client-rule" })),
      await updateFindingTemplateAction({ ...template({ ruleIds: "" }), templateId }),
      await deleteFindingTemplateAction({ templateId }),
      await readFindingTemplateAction({ templateId }),
    ])
      expect(result).toMatchObject({ success: false, code: "forbidden" });
    const [row] = await t.db.select({ title: findingTemplates.title }).from(findingTemplates).where(eq(findingTemplates.id, templateId));
    expect(row!.title).toBe(DEMO_TEMPLATES[0]!.title);
  });
});

describe("validation", () => {
  it.each([
    ["no title", { title: "  " }, "title", "Please enter a title"],
    ["a CWE that is not a number", { cwe: "XSS" }, "cwe", "Enter a CWE number such as CWE-79"],
    ["a CWE out of range", { cwe: "CWE-0" }, "cwe", "Enter a CWE number such as CWE-79"],
    ["an OWASP id outside the 2025 list", { owaspLlm: ["LLM11"] }, "owaspLlm.0", "Choose OWASP LLM 2025 ids (LLM01 to LLM10)"],
    ["an unknown ATLAS technique", { atlas: ["AML.T9999"] }, "atlas.0", "Choose MITRE ATLAS techniques from the list"],
    ["a rule id too long", { ruleIds: "x".repeat(201) }, "ruleIds", "Each one at most 200 characters"],
    ["too many rule ids", { ruleIds: Array.from({ length: 51 }, (_, i) => `r${i}`).join("\n") }, "ruleIds", "At most 50 rule ids"],
    ["too many tags", { tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(",") }, "tags", "At most 20 tags"],
    ["a control character", { description: "a\u0007b" }, "description", "Contains an invalid character"],
  ])("refuses %s with a 400 naming the field", async (_name, change, field, message) => {
    asAdmin();
    const result = await createFindingTemplateAction(template({ ruleIds: "", ...change }));
    expect(result).toMatchObject({ success: false, code: "bad_request" });
    expect((result as { fieldErrors?: Record<string, string> }).fieldErrors?.[field]).toBe(message);
  });

  it("refuses a CVSS vector the calculator cannot score", async () => {
    asAdmin();
    const result = await createFindingTemplateAction(template({ ruleIds: "", cvssVector: "CVSS:3.1/AV:N/AC:L" }));
    expect(result).toMatchObject({ success: false, code: "bad_request" });
  });

  it("refuses a rule id another template has, whatever its case, and names that template", async () => {
    asAdmin();
    const result = await createFindingTemplateAction(template({ ruleIds: "GIT-CONFIG" }));
    const message = 'The rule id git-config is already in the template "Git repository metadata exposed over HTTP".';
    expect(result).toMatchObject({ success: false, code: "bad_request", error: message, fieldErrors: { ruleIds: message } });
    // Its own rule ids are its own: saving a template again with them is fine.
    const created = await createFindingTemplateAction(template({ ruleIds: "own-rule" }));
    const { templateId } = (created as { data: { templateId: string } }).data;
    const again = await updateFindingTemplateAction({ ...template({ ruleIds: "own-rule\nOWN-RULE" }), templateId });
    expect(again).toEqual({ success: true, data: { templateId } });
    expect(await deleteFindingTemplateAction({ templateId })).toEqual({ success: true, data: { templateId } });
  });
});

describe("a new finding from a template", () => {
  it("takes the template's CWE and taxonomy beside the fields the form was prefilled with", async () => {
    const projectId = await newEngagement("Templates: a finding from the form");
    const demo = DEMO_TEMPLATES[1]!;
    asAdmin();
    const created = await createFindingAction({
      projectId,
      templateId: demo.id,
      // What the picker put in the form, the title edited by the admin.
      title: `${demo.title} (chat widget)`,
      severity: "low",
      cvssVector: demo.cvssVector!,
      assets: "https://chat.acme.example",
      description: demo.description,
      remediation: demo.remediation,
      references: demo.references,
    });
    expect(created.success).toBe(true);
    const [row] = await t.db
      .select({
        title: findings.title,
        severity: findings.severity,
        cwe: findings.cwe,
        owaspLlm: findings.owaspLlm,
        atlas: findings.atlas,
        status: findings.status,
      })
      .from(findings)
      .where(eq(findings.id, (created as { data: { findingId: string } }).data.findingId));
    expect(row).toEqual({
      title: `${demo.title} (chat widget)`,
      severity: "high",
      cwe: 200,
      owaspLlm: ["LLM02"],
      atlas: ["AML.T0057"],
      status: "draft",
    });
  });

  it("an unknown template is a 400 and creates nothing", async () => {
    const projectId = await newEngagement("Templates: an unknown template");
    asAdmin();
    const result = await createFindingAction({
      projectId,
      templateId: "00000000-0000-4000-8000-00000000dead",
      title: "X",
      severity: "low",
    });
    expect(result).toMatchObject({ success: false, code: "bad_request", fieldErrors: { templateId: "Unknown template" } });
    expect(await t.db.select({ id: findings.id }).from(findings).where(eq(findings.projectId, projectId))).toEqual([]);
  });
});

describe("imports apply the template whose rule id matches", () => {
  const importFile = async (projectId: string, name: string, text: string) => {
    const form = new FormData();
    form.set("projectId", projectId);
    form.set("format", "");
    form.set("file", new File([text], name));
    const response = await importRoute(
      new Request(`${APP_ORIGIN}/api/admin/findings/import`, { method: "POST", headers: Object.fromEntries(admin), body: form }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(201);
    const { preview } = (await response.json()) as { preview: ImportPreview };
    return preview;
  };

  const nucleiLine = (templateId: string, matcher: string | null, extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      "template-id": templateId,
      ...(matcher ? { "matcher-name": matcher } : {}),
      info: { name: `Scanner's name for ${templateId}`, severity: "low", description: "The scanner's words." },
      type: "http",
      host: "https://files.acme.example",
      "matched-at": `https://files.acme.example/${templateId}`,
      timestamp: "2026-01-05T10:00:00Z",
      ...extra,
    });

  it("writes a new draft from the template, keeping a CVSS vector the scan gave; the preview shows the template's title", async () => {
    const projectId = await newEngagement("Templates: a Nuclei import");
    const scanVector = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N";
    const file = [
      // Matches "git-config" by its leading part; the scan gives a CVSS vector and a CWE.
      nucleiLine("git-config", "body", {
        info: { name: "Git Config", severity: "low", classification: { "cvss-metrics": scanVector, "cwe-id": ["cwe-200"] } },
      }),
      // Matches "http-missing-security-headers", whose template has no CVSS: the scan's severity stays.
      nucleiLine("http-missing-security-headers", "x-frame-options"),
      // No template.
      nucleiLine("some-other-check", null),
    ].join("\n");
    const preview = await importFile(projectId, "nuclei.jsonl", file);
    expect(preview.newTitles.sort()).toEqual([
      "Git repository metadata exposed over HTTP",
      "HTTP security headers missing",
      "Scanner's name for some-other-check",
    ]);

    await applyFindingImport(t.db, { actor: await adminActor(), importId: preview.id, markMissing: false });
    const rows = await t.db
      .select({
        title: findings.title,
        ruleId: findings.ruleId,
        severity: findings.severity,
        cvssVector: findings.cvssVector,
        cwe: findings.cwe,
        description: findings.description,
        remediation: findings.remediation,
        assets: findings.assets,
      })
      .from(findings)
      .where(eq(findings.projectId, projectId))
      .orderBy(findings.title);
    const git = DEMO_TEMPLATES[4]!;
    expect(rows[0]).toMatchObject({
      title: git.title,
      ruleId: "git-config:body",
      // The scan's vector wins over the template's 5.3.
      cvssVector: scanVector,
      severity: "high",
      cwe: 538,
      remediation: git.remediation,
      assets: expect.stringMatching(/^https:\/\/files\.acme\.example\/git-config\n/),
    });
    expect(rows[0]!.description.startsWith(git.description)).toBe(true);
    expect(rows[1]).toMatchObject({ title: "HTTP security headers missing", severity: "low", cvssVector: null, cwe: 693 });
    expect(rows[2]).toMatchObject({ title: "Scanner's name for some-other-check", description: "The scanner's words.", cwe: null });
  });

  it("takes the template's CVSS vector and taxonomy when the scan gave none, and keeps the scan's taxonomy when it gave one", async () => {
    const projectId = await newEngagement("Templates: a garak import");
    const actor = await adminActor();
    await createFindingTemplate(t.db, {
      actor,
      input: template({
        title: "Package hallucination",
        ruleIds: "packagehallucination.Python",
        owaspLlm: ["LLM03"],
        atlas: ["AML.T0010"],
      }),
    });
    const garak = (probe: string, detector: string) => JSON.stringify({ entry_type: "eval", probe, detector, passed: 1, total: 10 });
    const file = [
      JSON.stringify({ entry_type: "start_run setup", "plugins.model_type": "openai", "plugins.model_name": "gpt-4o" }),
      garak("promptinject.HijackHateHumans", "promptinject.AttackRogueString"),
      // garak maps packagehallucination to LLM09, LLM03: the scan's ids stay.
      garak("packagehallucination.Python", "packagehallucination.PythonPypi"),
    ].join("\n");
    const preview = await importFile(projectId, "garak.report.jsonl", file);
    await applyFindingImport(t.db, { actor, importId: preview.id, markMissing: false });
    const rows = await t.db
      .select({
        title: findings.title,
        cvssScoreTenths: findings.cvssScoreTenths,
        severity: findings.severity,
        owaspLlm: findings.owaspLlm,
        atlas: findings.atlas,
      })
      .from(findings)
      .where(eq(findings.projectId, projectId))
      .orderBy(findings.title);
    expect(rows).toEqual([
      { title: "Package hallucination", cvssScoreTenths: 91, severity: "critical", owaspLlm: ["LLM09", "LLM03"], atlas: ["AML.T0060"] },
      {
        title: "Prompt injection overrides the system instructions",
        cvssScoreTenths: 82,
        severity: "high",
        owaspLlm: ["LLM01"],
        atlas: ["AML.T0051.000"],
      },
    ]);
    // The template's words lead the description; the probe, its detector and its counts stay, as a paragraph after them.
    const [injection] = await t.db
      .select({ description: findings.description, ruleId: findings.ruleId })
      .from(findings)
      .where(and(eq(findings.projectId, projectId), eq(findings.title, "Prompt injection overrides the system instructions")));
    expect(injection!.ruleId).toBe("promptinject.HijackHateHumans:promptinject.AttackRogueString");
    expect(injection!.description).toMatch(
      /\n\ngarak probe promptinject\.HijackHateHumans made the model fail detector promptinject\.AttackRogueString in 9 of 10 attempts/,
    );
  });

  it("lists the drafts whose title is still a tool's id, for Publish to warn about", async () => {
    const projectId = await newEngagement("Templates: raw tool ids");
    const actor = await adminActor();
    const garak = (probe: string) => JSON.stringify({ entry_type: "eval", probe, detector: "some.Detector", passed: 1, total: 10 });
    // A module no label or template knows keeps its ids; a known module reads in words.
    const preview = await importFile(projectId, "garak.report.jsonl", [garak("newmodule.Probe"), garak("grandma.Win10")].join("\n"));
    await applyFindingImport(t.db, { actor, importId: preview.id, markMissing: false });
    const engagement = (await listEngagementFindings(t.db, { actor, projectId }))!;
    const titleOf = (id: string) => engagement.findings.find((f) => f.id === id)!.title;
    expect(engagement.findings.map((f) => f.title).sort()).toEqual([
      "Jailbreak through role-play (garak grandma.Win10)",
      "newmodule.Probe (detector some.Detector)",
    ]);
    expect(engagement.toolIdTitled.map(titleOf)).toEqual(["newmodule.Probe (detector some.Detector)"]);
  });
});

describe("matching a tool's rule id", () => {
  const byRule = new Map([
    ["git-config", "git"],
    ["harmful", "harmful"],
    ["harmful:hate", "hate"],
    ["dan.dan_11_0", "dan"],
  ]);
  it.each([
    ["git-config", "git"],
    ["GIT-CONFIG:body", "git"],
    ["harmful:hate/jailbreak", "hate"],
    ["harmful:violent-crime", "harmful"],
    ["dan.Dan_11_0:dan.DAN", "dan"],
    ["dan.Dan_6_0:dan.DAN", null],
    ["git-configuration", null],
    ["", null],
  ])("%s → %s", (ruleId, expected) => {
    expect(templateOfRule(byRule, ruleId)).toBe(expected);
  });
});
