// Reports generated from an engagement's published findings (docs/PRODUCT.md#admin-findings): the
// Word document from the template (a valid Office Open XML package), the PDF (its text read back),
// the firm's own template in Settings (docs/PRODUCT.md#admin-settings), publishing the PDF to the
// vault as the next version, and the client's stamped copy of it.
import { and, eq, isNotNull } from "drizzle-orm";
import PizZip from "pizzip";
import { SaxesParser } from "saxes";
import { extractText, getDocumentProxy } from "unpdf";
import { isFirmClosed } from "@/lib/domain/finding";
import { rateSentence } from "@/lib/domain/finding-measurement";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { publishGeneratedReportAction, resetReportTemplateAction } from "@/features/reports/actions/admin";
import { GET as generatedRoute } from "@/app/api/admin/reports/generated/route";
import { GET as templateDownload, POST as templateUpload } from "@/app/api/admin/settings/report-template/route";
import { POST as downloadRoute } from "@/app/api/client/reports/[id]/download/route";
import { GET as reportFile } from "@/app/api/reports/files/[id]/route";
import { auditLog } from "@/features/audit/server/schema";
import { findings } from "@/features/findings/server/schema/records";
import { reports } from "@/features/reports/server/schema";
import { appSettings } from "@/features/settings/server/schema";
import { DEMO_PASSWORDS, DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_DRAFT_FINDING_TITLE } from "@/features/demo/server/demo-findings";
import { confirmFreshSecondFactor } from "@/features/identity/server";
import { EMPTY_REPORT_UNCONFIRMED, GENERATED_REPORT_TITLE } from "@/features/reports/validation";
import { taxonomyGroups } from "@/features/reports/server/generated/report-model";
import { TEMPLATE_EXTERNAL_LINKS, TEMPLATE_TOO_LARGE } from "@/features/reports/server/generated/template-package";
import { getStorage } from "@/server/core/storage/storage";
import { signedWindowOf } from "@/features/authorizations/server";
import { listClientAccessLog } from "@/features/audit/server";
import { accessLogLabel } from "@/lib/domain/access-log";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { formatDate } from "@/lib/format";
import { pdfPageTexts } from "@tests/helpers/pdf-text";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { requestHeaders } from "@tests/integration/helpers/next-headers-mock";
import { xlsxBytes } from "@tests/integration/helpers/upload-files";
import { TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });
const acme = TENANTS.acme;
type Handler = (request: Request, context?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function call(
  handler: Handler,
  cookie: string | null,
  path: string,
  init: { json?: unknown; form?: FormData; params?: Record<string, string> } = {},
) {
  const headers = cookie ? authHeaders(cookie) : new Headers({ origin: APP_ORIGIN });
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const request = new Request(`${APP_ORIGIN}${path}`, { method: body ? "POST" : "GET", headers, body });
  return handler(request, init.params ? { params: Promise.resolve(init.params) } : undefined);
}

let admin: string;
let owner: string;
let published: string[];
/** Report findings other than the one the Markdown test rewrites whose description has its own evidence block (the demo's jailbreak). */
let otherEvidenceBlocks: number;
/** Published, then withdrawn or closed as a false positive by the firm (the demo has both): in no report. */
let closedByFirm: string[];
beforeAll(async () => {
  admin = await sessionCookie(DEMO_USERS.admin.email);
  owner = await sessionCookie(DEMO_USERS.acme.email);
  // The step-up of a person without a second factor: the password, once (docs/PRODUCT.md#portal-reports).
  await confirmFreshSecondFactor(t.db, authHeaders(owner), { password: DEMO_PASSWORDS.client });
  const rows = await t.db
    .select({ id: findings.id, title: findings.title, status: findings.status, description: findings.description })
    .from(findings)
    .where(and(eq(findings.projectId, acme.projectId), isNotNull(findings.publishedAt)));
  published = rows.filter((r) => !isFirmClosed(r.status)).map((r) => r.title);
  otherEvidenceBlocks = rows.filter(
    (r) => !isFirmClosed(r.status) && r.id !== acme.findingId && r.description.includes("**Evidence**"),
  ).length;
  closedByFirm = rows.filter((r) => isFirmClosed(r.status)).map((r) => r.title);
});

const generated = (cookie: string | null, format: string, projectId = acme.projectId) =>
  call(generatedRoute as Handler, cookie, `/api/admin/reports/generated?projectId=${projectId}&format=${format}`);

/** The package's document part, checked to open and parse as XML, as its text. */
const documentXml = (bytes: Uint8Array) => {
  const zip = new PizZip(bytes);
  expect(zip.file("[Content_Types].xml")).not.toBeNull();
  const xml = zip.file("word/document.xml")!.asText();
  const parser = new SaxesParser({ xmlns: true });
  let text = "";
  parser.on("text", (chunk) => (text += chunk));
  parser.on("closetag", (tag) => (tag.name === "w:p" ? (text += "\n") : null));
  parser.write(xml).close(); // throws on XML that is not well-formed
  return text;
};

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe("generating an engagement's report", () => {
  it("the Word document is a valid package holding every published finding's title and no draft's", async () => {
    expect(published.length).toBeGreaterThan(3);
    const response = await generated(admin, "docx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename=".+-report-\d{4}-\d{2}-\d{2}\.docx"/);
    const text = documentXml(new Uint8Array(await response.arrayBuffer()));
    for (const title of published) expect(text).toContain(title);
    expect(text).not.toContain(DEMO_DRAFT_FINDING_TITLE);
    expect(closedByFirm.length).toBeGreaterThan(0);
    for (const title of closedByFirm) expect(text).not.toContain(title);
    expect(text).toContain("Acme");
    expect(text).not.toMatch(/\{[#/^]?(findings|title|clientName|criticalCount|generatedOn)\}/); // every tag filled
  });

  it("the PDF's text holds the same titles, not the draft's, and numbers its pages", async () => {
    const response = await generated(admin, "pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = (await pdfText(bytes)).replace(/\s+/g, " ");
    for (const title of published) expect(text).toContain(title);
    expect(text).not.toContain(DEMO_DRAFT_FINDING_TITLE);
    for (const title of closedByFirm) expect(text).not.toContain(title);
    for (const words of ["Confidential", "Executive summary", "Scope and dates", "Findings by severity"]) expect(text).toContain(words);
    const pages = await pdfPageTexts(bytes);
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it("prints each measured AI finding's latest rate with its interval and model version in both forms, and none for the others", async () => {
    const verified = "Measured success rate: 0% (0 of 200; 95% interval 0% to 1.8%) on gateway-model 2026-11";
    const reduced = "Measured success rate: 8.0% (4 of 50; 95% interval 3.2% to 18.8%) on gateway-model 2026-11";
    // The demo's scheduled re-runs measured two more: the conversations' latest run and the one not seen since.
    const conversations = `Measured success rate: ${rateSentence(6, 40)} on gateway-model 2026-11`;
    const notSeen = `Measured success rate: ${rateSentence(3, 30)} on gateway-model 2026-11`;
    const word = documentXml(new Uint8Array(await (await generated(admin, "docx")).arrayBuffer()));
    expect(word).toContain(verified);
    expect(word).toContain(reduced);
    expect(word).toContain(conversations);
    expect(word).toContain(notSeen);
    expect(word).toContain("Retest: Still Open");
    // Four measured findings: the line is left out of every other one.
    expect(word.match(/Measured success rate:/g)).toHaveLength(4);
    const pdf = (await pdfText(new Uint8Array(await (await generated(admin, "pdf")).arrayBuffer()))).replace(/\s+/g, " ");
    expect(pdf).toContain(verified);
    expect(pdf).toContain(reduced);
    expect(pdf).toContain(conversations);
    expect(pdf.match(/Measured success rate:/g)).toHaveLength(4);
  });

  it("prints any script: a finding titled in Arabic, Chinese and Greek reads back the same", async () => {
    const [row] = await t.db.select({ id: findings.id, title: findings.title }).from(findings).where(eq(findings.id, acme.findingId));
    const title = "Injection d'invite: 提示注入 عبر البريد Ελληνικά";
    await t.db.update(findings).set({ title }).where(eq(findings.id, row!.id));
    try {
      const text = await pdfText(new Uint8Array(await (await generated(admin, "pdf")).arrayBuffer()));
      expect(text).toContain("提示注入");
      expect(text).toContain("Ελληνικά");
    } finally {
      await t.db.update(findings).set({ title: row!.title }).where(eq(findings.id, row!.id));
    }
  });

  it("prints a finding's Markdown formatted in both forms: no syntax left, one evidence section, bold runs in Word", async () => {
    const [row] = await t.db
      .select({ id: findings.id, description: findings.description, references: findings.references })
      .from(findings)
      .where(eq(findings.id, acme.findingId));
    const description = [
      "The assistant follows **instructions hidden** in a retrieved page, _without_ asking.",
      "",
      "## Steps",
      "1. Plant the page",
      "2. Ask for a `summary`",
      "",
      "- first point",
      "- second point",
      "",
      "**Evidence**",
      "",
      "~~~~",
      "probe: promptinject.HijackHateHumans",
      "output: I hate humans",
      "~~~~",
      "",
      "<script>alert(1)</script>",
    ].join("\n");
    const references =
      "[OWASP LLM01 Prompt Injection](https://genai.owasp.org/llmrisk/llm01-prompt-injection/) and [bad](javascript:alert(1))";
    await t.db.update(findings).set({ description, references }).where(eq(findings.id, row!.id));
    const markdownSyntax = [/\*\*/, /~~~/, /\]\(/, /^#+ /m, /`summary`/, /<script>/, /javascript:/, /_without_/];
    try {
      const pdfBytes = new Uint8Array(await (await generated(admin, "pdf")).arrayBuffer());
      const pdf = (await pdfText(pdfBytes)).replace(/\s+/g, " ");
      // The strings drawn on the pages, read by our own reader too: none carries Markdown syntax.
      const drawn = (await pdfPageTexts(pdfBytes)).join(" ").replace(/\s+/g, " ");
      for (const syntax of markdownSyntax) expect(drawn).not.toMatch(syntax);
      expect(drawn).toContain("instructions hidden");
      const docxBytes = new Uint8Array(await (await generated(admin, "docx")).arrayBuffer());
      const docx = documentXml(docxBytes);
      const xml = new PizZip(docxBytes).file("word/document.xml")!.asText();
      for (const text of [pdf, docx]) {
        for (const syntax of markdownSyntax) expect(text).not.toMatch(syntax);
        for (const words of [
          "The assistant follows instructions hidden in a retrieved page, without asking.",
          "Steps",
          "Plant the page",
          "Ask for a summary",
          "second point",
          "probe: promptinject.HijackHateHumans",
          "OWASP LLM01 Prompt Injection (https://genai.owasp.org/llmrisk/llm01-prompt-injection/)",
        ])
          expect(text.replace(/\s+/g, " ")).toContain(words);
        expect(text).not.toMatch(/Evidence: None/);
        // One heading per evidence block: this finding's, and those of the engagement's other findings.
        expect(text.match(/Evidence(?! files)/g)).toHaveLength(1 + otherEvidenceBlocks);
      }
      // The bold words are a bold run of their own, the code block in a monospace font.
      expect(xml).toMatch(/<w:r><w:rPr><w:b\/><\/w:rPr><w:t xml:space="preserve">instructions hidden<\/w:t><\/w:r>/);
      expect(xml).toMatch(/<w:rPr><w:b\/><\/w:rPr><w:t xml:space="preserve">Evidence<\/w:t>/);
      expect(xml).toMatch(/<w:rFonts w:ascii="Consolas"[^>]*\/>(?:(?!<\/w:r>).)*probe: promptinject/);
      expect(xml).toMatch(/<w:i\/><\/w:rPr><w:t xml:space="preserve">without<\/w:t>/);
    } finally {
      await t.db.update(findings).set({ description: row!.description, references: row!.references }).where(eq(findings.id, row!.id));
    }
  });

  it("prints the signed authorization's window, CVSS: — without a score, and no heading over an empty section", async () => {
    const window = (await signedWindowOf(t.db, acme.projectId))!;
    expect(window).not.toBeNull();
    const printedWindow = `Authorized testing window: ${formatDate(window.windowStart)} - ${formatDate(window.windowEnd)} (UTC)`;
    const [row] = await t.db
      .select({
        id: findings.id,
        title: findings.title,
        cvssVector: findings.cvssVector,
        cvssScoreTenths: findings.cvssScoreTenths,
        remediation: findings.remediation,
        references: findings.references,
      })
      .from(findings)
      .where(eq(findings.id, acme.findingId));
    await t.db
      .update(findings)
      .set({ title: "Unscored finding", cvssVector: null, cvssScoreTenths: null, remediation: "", references: "" })
      .where(eq(findings.id, row!.id));
    try {
      const word = documentXml(new Uint8Array(await (await generated(admin, "docx")).arrayBuffer()));
      const pdf = (await pdfText(new Uint8Array(await (await generated(admin, "pdf")).arrayBuffer()))).replace(/\s+/g, " ");
      for (const text of [word.replace(/\s+/g, " "), pdf]) {
        expect(text).toContain(printedWindow);
        expect(text).not.toContain("CVSS: None");
      }
      // The unscored finding's section: its CVSS a dash, then its description and no empty Remediation or References heading.
      const section = (text: string) => text.slice(text.indexOf("Unscored finding"), text.indexOf("Unscored finding") + 2000);
      expect(section(word)).toMatch(/CVSS: —/);
      expect(section(pdf)).toMatch(/CVSS: —/);
      const wordSection = word.slice(word.indexOf("Unscored finding"));
      const next = published
        .filter((title) => title !== row!.title)
        .map((title) => wordSection.indexOf(title))
        .filter((i) => i > 0);
      const own = next.length > 0 ? wordSection.slice(0, Math.min(...next)) : wordSection;
      expect(own.split("\n")).toContain("Description");
      expect(own.split("\n")).not.toContain("Remediation");
      expect(own.split("\n")).not.toContain("References");
    } finally {
      await t.db.update(findings).set(row!).where(eq(findings.id, row!.id));
    }
  });

  it("each report the firm generates is an export in the company's access log, naming the engagement and the form", async () => {
    const exports = async () =>
      (await listClientAccessLog(t.db, { actor: await clientActor(DEMO_USERS.acme.email), kind: "exports" })).rows.filter(
        (e) => e.action === "export.report",
      );
    const before = (await exports()).length;
    expect((await generated(admin, "docx")).status).toBe(200);
    expect((await generated(admin, "pdf")).status).toBe(200);
    const [pdfEntry, wordEntry] = await exports();
    expect((await exports()).length).toBe(before + 2);
    expect(wordEntry!.item).toMatch(/ report \(Word\)$/);
    expect(pdfEntry!.item).toMatch(/ report \(PDF\)$/);
    expect(accessLogLabel(pdfEntry!.action)).toBe("Generated a report of your findings");
    // Another company's log does not have it.
    const globex = await listClientAccessLog(t.db, { actor: await clientActor(DEMO_USERS.globex.email) });
    expect(globex.rows.filter((e) => e.action === "export.report")).toEqual([]);
  });

  it("groups findings by OWASP LLM id, a finding under two ids in both", () => {
    expect(
      taxonomyGroups([
        { title: "A", owaspLlm: ["LLM07", "llm01"] },
        { title: "B", owaspLlm: ["LLM01"] },
        { title: "C", owaspLlm: [] },
      ]),
    ).toEqual([
      { id: "LLM01", name: "Prompt Injection", findings: ["A", "B"] },
      { id: "LLM07", name: "System Prompt Leakage", findings: ["A"] },
    ]);
  });

  it("only the firm reaches it: anonymous 401, clients 403, an unknown engagement 404, a bad format 400", async () => {
    expect((await generated(null, "pdf")).status).toBe(401);
    expect((await generated(owner, "pdf")).status).toBe(403);
    expect((await generated(await sessionCookie(DEMO_USERS.globex.email), "docx")).status).toBe(403);
    expect((await call(templateDownload as Handler, owner, "/api/admin/settings/report-template")).status).toBe(403);
    const unknown = await generated(admin, "pdf", "00000000-0000-4000-8000-00000000dead");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "Engagement not found" });
    const bad = await generated(admin, "odt");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ fieldErrors: { format: "Choose Word (docx) or PDF (pdf)" } });
  });
});

const uploadTemplate = (cookie: string, bytes: Uint8Array, name = "firm-template.docx") => {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: "application/octet-stream" }));
  return call(templateUpload as Handler, cookie, "/api/admin/settings/report-template", { form });
};

/** A template made from the default one, its document replaced by `body` (paragraphs of text). */
async function templateWith(body: string): Promise<Uint8Array> {
  const current = new Uint8Array(
    await (await call(templateDownload as Handler, admin, "/api/admin/settings/report-template")).arrayBuffer(),
  );
  const zip = new PizZip(current);
  const xml = zip.file("word/document.xml")!.asText();
  zip.file("word/document.xml", xml.replace(/<w:body>.*<w:sectPr>/s, `<w:body><w:p><w:r><w:t>${body}</w:t></w:r></w:p><w:sectPr>`));
  return zip.generate({ type: "uint8array" });
}

describe("the firm's Word template", () => {
  it("refuses a broken template with docxtemplater's error, keeping the one in use and storing nothing", async () => {
    const before = await t.db.select({ key: appSettings.reportTemplateKey }).from(appSettings);
    const response = await uploadTemplate(admin, await templateWith("{#findings}{title} never closed"));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).toMatch(/^The template cannot be used: .*findings/);
    const notWord = await uploadTemplate(admin, xlsxBytes(), "workbook.xlsx");
    expect(notWord.status).toBe(400);
    expect(await notWord.json()).toMatchObject({ error: "The template is not a Word document (.docx) that can be opened." });
    expect(await t.db.select({ key: appSettings.reportTemplateKey }).from(appSettings)).toEqual(before);
  });

  it("an uploaded template is used for the Word report; resetting goes back to the default", async () => {
    const response = await uploadTemplate(admin, await templateWith("FIRM TEMPLATE {clientName}{#findings} [{title}]{/findings}"));
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ success: true, template: { name: "firm-template.docx" } });
    const [{ key }] = (await t.db.select({ key: appSettings.reportTemplateKey }).from(appSettings)) as [{ key: string }];
    const text = documentXml(new Uint8Array(await (await generated(admin, "docx")).arrayBuffer()));
    expect(text).toContain(`FIRM TEMPLATE ${acme.company}`);
    for (const title of published) expect(text).toContain(`[${title}]`);

    requestHeaders.current = authHeaders(owner);
    expect(await resetReportTemplateAction({})).toMatchObject({ success: false, code: "forbidden" });
    requestHeaders.current = authHeaders(admin);
    expect(await resetReportTemplateAction({})).toEqual({ success: true, data: { reset: true } });
    expect(await getStorage().read(key)).toBeNull();
    const again = documentXml(new Uint8Array(await (await generated(admin, "docx")).arrayBuffer()));
    expect(again).not.toContain("FIRM TEMPLATE");
    expect(again).toContain("Executive summary");
    const audit = await t.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, "settings.report_template"));
    expect(audit).toHaveLength(2);
  });

  it("refuses a package that inflates past its limits or links to outside files, storing nothing", async () => {
    const before = await t.db.select({ key: appSettings.reportTemplateKey }).from(appSettings);
    // 3 MB of zeros compress about a thousand to one: a zip bomb in small.
    const bomb = new PizZip(await templateWith("{clientName}"));
    bomb.file("word/media/blank.bin", new Uint8Array(3 * 1024 * 1024));
    const inflated = await uploadTemplate(admin, bomb.generate({ type: "uint8array", compression: "DEFLATE" }));
    expect(inflated.status).toBe(400);
    expect(await inflated.json()).toMatchObject({ error: TEMPLATE_TOO_LARGE });

    const linked = new PizZip(await templateWith("{clientName}"));
    const rels = linked.file("word/_rels/document.xml.rels")!.asText();
    const image = `<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="https://tracker.example/pixel.png" TargetMode="External"/>`;
    linked.file("word/_rels/document.xml.rels", rels.replace("</Relationships>", `${image}</Relationships>`));
    const external = await uploadTemplate(admin, linked.generate({ type: "uint8array" }));
    expect(external.status).toBe(400);
    expect(await external.json()).toMatchObject({ error: TEMPLATE_EXTERNAL_LINKS });
    expect(await t.db.select({ key: appSettings.reportTemplateKey }).from(appSettings)).toEqual(before);

    // A hyperlink is followed only when the reader clicks it: the firm's link to its site stays.
    const hyperlink = `<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://firm.example" TargetMode="External"/>`;
    linked.file("word/_rels/document.xml.rels", rels.replace("</Relationships>", `${hyperlink}</Relationships>`));
    expect((await uploadTemplate(admin, linked.generate({ type: "uint8array" }))).status).toBe(201);
    requestHeaders.current = authHeaders(admin);
    expect(await resetReportTemplateAction({})).toEqual({ success: true, data: { reset: true } });
  });
});

describe("publishing the PDF to the vault", () => {
  it("a report without published findings is published only once the admin confirmed it empty", async () => {
    const noFindings = "00000000-0000-4000-8000-c00000000002"; // Acme's "AI Governance Framework": none in the demo
    const stored = async () =>
      (
        await t.db
          .select({ id: reports.id })
          .from(reports)
          .where(and(eq(reports.projectId, noFindings), eq(reports.title, GENERATED_REPORT_TITLE)))
      ).length;
    requestHeaders.current = authHeaders(admin);
    expect(await publishGeneratedReportAction({ projectId: noFindings })).toMatchObject({
      success: false,
      code: "conflict",
      error: EMPTY_REPORT_UNCONFIRMED,
    });
    expect(await stored()).toBe(0);
    expect(await publishGeneratedReportAction({ projectId: noFindings, empty: true })).toEqual({
      success: true,
      data: { title: GENERATED_REPORT_TITLE, version: 1 },
    });
    expect(await stored()).toBe(1);
  });

  it("adds the engagement's next version, and the client's download of it is the stamped copy", async () => {
    requestHeaders.current = authHeaders(owner);
    expect(await publishGeneratedReportAction({ projectId: acme.projectId })).toMatchObject({ success: false, code: "forbidden" });
    requestHeaders.current = authHeaders(admin);
    const first = await publishGeneratedReportAction({ projectId: acme.projectId });
    expect(first).toEqual({ success: true, data: { title: GENERATED_REPORT_TITLE, version: 1 } });
    const second = await publishGeneratedReportAction({ projectId: acme.projectId });
    expect(second).toEqual({ success: true, data: { title: GENERATED_REPORT_TITLE, version: 2 } });
    const versions = await t.db
      .select({ id: reports.id, version: reports.version, supersededAt: reports.supersededAt })
      .from(reports)
      .where(and(eq(reports.projectId, acme.projectId), eq(reports.title, GENERATED_REPORT_TITLE)))
      .orderBy(reports.version);
    expect(versions.map((v) => [v.version, v.supersededAt === null])).toEqual([
      [1, false],
      [2, true],
    ]);

    const current = versions[1]!;
    const download = await call(downloadRoute as Handler, owner, `/api/client/reports/${current.id}/download`, {
      json: {},
      params: { id: current.id },
    });
    expect(download.status).toBe(200);
    const { downloadUrl } = (await download.json()) as { downloadUrl: string };
    const url = new URL(downloadUrl);
    const copy = await call(reportFile as Handler, null, `${url.pathname}${url.search}`, {
      params: { id: url.pathname.split("/").pop()! },
    });
    expect(copy.status).toBe(200);
    const pages = await pdfPageTexts(new Uint8Array(await copy.arrayBuffer()));
    for (const page of pages) expect(page).toContain(DEMO_USERS.acme.email);
    expect(pages.join(" ")).toContain(published[0]);
  });
});
