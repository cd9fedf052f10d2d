import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import { EMPTY_REPORT_UNCONFIRMED, GENERATED_REPORT_TITLE } from "@/features/reports/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { reports } from "../schema";
import { AppError } from "@/server/core/errors";
import { getStorage, newStorageKey } from "@/server/core/storage/storage";
import type { StoredUpload } from "@/server/core/uploads/document-upload";
import { signedWindowOf } from "@/features/authorizations/server";
import { recordFirmAccess } from "@/features/audit/server";
import { listReportFindings } from "@/features/findings/server";
import { getReportTemplateSetting, setReportTemplate } from "@/features/settings/server";
import { recordUploadedReport } from "../admin-reports";
import { defaultReportTemplate, renderDocx, TEMPLATE_NOT_DOCX } from "./report-docx";
import { type ReportModel, reportModel } from "./report-model";
import { renderPdf } from "./report-pdf";

// Reports generated from an engagement's published findings (docs/PRODUCT.md#admin-findings), the
// firm's Word template (docs/PRODUCT.md#admin-settings), and publishing the PDF to the vault.

export const ENGAGEMENT_NOT_FOUND = "Engagement not found";

export type GeneratedReportFormat = "docx" | "pdf";
export type GeneratedReport = { fileName: string; contentType: string; bytes: Uint8Array };

const CONTENT_TYPES: Record<GeneratedReportFormat, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
};

async function modelOf(db: DbOrTx, actor: AdminActor, projectId: string): Promise<ReportModel> {
  return (await engagementModel(db, actor, projectId)).model;
}

async function engagementModel(db: DbOrTx, actor: AdminActor, projectId: string): Promise<{ model: ReportModel; clientId: string }> {
  const data = await listReportFindings(db, { actor, projectId });
  if (!data) throw new AppError("not_found", ENGAGEMENT_NOT_FOUND);
  // The window both sides signed: what the testing was authorized for (docs/PRODUCT.md#engagement-authorization).
  const window = await signedWindowOf(db, projectId);
  return { model: reportModel(data, { firmName: siteConfig.name, now: new Date(), window }), clientId: data.project.clientId };
}

/** The firm's template when it has one (its stored object), else the default shipped with the product. */
async function currentTemplate(db: DbOrTx): Promise<Uint8Array> {
  const setting = await getReportTemplateSetting(db);
  if (!setting) return defaultReportTemplate();
  const bytes = await getStorage().read(setting.storageKey);
  if (bytes) return bytes;
  console.error(`[reports] the report template ${setting.storageKey} is missing from storage; the default one is used`);
  return defaultReportTemplate();
}

const fileNameOf = (model: ReportModel, format: GeneratedReportFormat) => {
  const slug =
    model.engagementName
      .normalize("NFKD")
      .replace(/[^\w\s-]/g, "")
      .trim()
      .replace(/[\s_-]+/g, "-")
      .toLowerCase()
      .slice(0, 60) || "engagement";
  return `${slug}-report-${new Date().toISOString().slice(0, 10)}.${format}`;
};

/** An engagement's report in Word (from the current template) or PDF, for the admin to download. */
export async function generateEngagementReport(
  db: DbOrTx,
  { actor, projectId, format }: { actor: AdminActor; projectId: string; format: GeneratedReportFormat },
): Promise<GeneratedReport> {
  assertAdmin(actor);
  const { model, clientId } = await engagementModel(db, actor, projectId);
  const bytes = format === "docx" ? renderDocx(await currentTemplate(db), model) : await renderPdf(model);
  // The file leaves with the company's findings in it: an export in its access log (docs/PRODUCT.md#portal-access-log).
  await recordFirmAccess(db, {
    actor,
    action: "export.report",
    clientIds: [clientId],
    entityType: "project",
    entityId: projectId,
    after: { name: `${model.engagementName} report (${format === "docx" ? "Word" : "PDF"})` },
  });
  return { fileName: fileNameOf(model, format), contentType: CONTENT_TYPES[format], bytes };
}

/** The version the next publish of the generated report will be, for the admin's confirmation. */
export async function nextGeneratedReportVersion(db: DbOrTx, { actor, projectId }: { actor: AdminActor; projectId: string }) {
  assertAdmin(actor);
  const [latest] = await db
    .select({ version: reports.version })
    .from(reports)
    .where(and(eq(reports.projectId, projectId), eq(reports.title, GENERATED_REPORT_TITLE)))
    .orderBy(desc(reports.version))
    .limit(1);
  return (latest?.version ?? 0) + 1;
}

/**
 * Generates the PDF and publishes it as the engagement's next version of the generated report,
 * exactly as an uploaded one (`recordUploadedReport`: the version before superseded, audited), so
 * each download is stamped for its recipient. The stored file is removed again if that fails.
 */
export async function publishGeneratedReport(
  db: Db,
  { actor, projectId, empty = false }: { actor: AdminActor; projectId: string; empty?: boolean },
) {
  assertAdmin(actor);
  const model = await modelOf(db, actor, projectId);
  // A report of nothing reaches the client only when the admin said so, knowing it is empty.
  if (model.findings.length === 0 && !empty) throw new AppError("conflict", EMPTY_REPORT_UNCONFIRMED);
  const bytes = await renderPdf(model);
  const storage = getStorage();
  const storageKey = newStorageKey("pdf");
  await storage.put(storageKey, bytes);
  try {
    return await recordUploadedReport(db, {
      actor,
      projectId,
      title: GENERATED_REPORT_TITLE,
      file: { storageKey, size: bytes.byteLength, mimeType: "application/pdf" },
    });
  } catch (error) {
    await storage.delete(storageKey).catch((e) => console.error("[reports] could not remove a generated report:", e));
    throw error;
  }
}

const SAMPLE_MODEL: ReportModel = reportModel(
  {
    project: {
      id: "00000000-0000-4000-8000-000000000000",
      name: "Sample engagement",
      description: "A sample to check the template.",
      company: "Sample client",
      clientId: "00000000-0000-4000-8000-000000000000",
      startDate: "2026-01-05",
      endDate: "2026-01-30",
    },
    findings: [
      {
        id: "00000000-0000-4000-8000-000000000001",
        title: "Sample finding",
        severity: "high",
        status: "open",
        cvssScoreTenths: 75,
        cvssVector: null,
        assets: "https://app.example.com",
        description: "What was found.",
        remediation: "How to fix it.",
        references: "https://owasp.org",
        publishedAt: "2026-01-30T00:00:00.000Z",
        evidence: ["screenshot.png"],
        retest: "none",
        owaspLlm: ["LLM01"],
        measurement: {
          successes: 7,
          trials: 50,
          provider: null,
          modelId: "sample-model",
          modelVersion: "2026-01",
          measuredAt: "2026-01-20T00:00:00.000Z",
        },
      },
    ],
  },
  { firmName: "Sample firm", now: new Date("2026-02-01T00:00:00Z") },
);

export type ReportTemplateInfo = { name: string; uploadedAt: string } | null;

/** What the Settings screen shows: the firm's template's name and date, or null for the default. */
export async function getReportTemplateInfo(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<ReportTemplateInfo> {
  assertAdmin(actor);
  const setting = await getReportTemplateSetting(db);
  return setting ? { name: setting.name, uploadedAt: setting.uploadedAt } : null;
}

/** The current template's file (the firm's, or the default), for the firm to edit. */
export async function downloadReportTemplate(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const setting = await getReportTemplateSetting(db);
  return { fileName: setting?.name ?? "default-report.docx", bytes: await currentTemplate(db) };
}

/** Refuses (400) an uploaded file that is not a .docx docxtemplater can fill with a sample report. */
export async function checkReportTemplate(file: StoredUpload): Promise<void> {
  if (file.mimeType !== CONTENT_TYPES.docx)
    throw new AppError("bad_request", TEMPLATE_NOT_DOCX, { fieldErrors: { file: TEMPLATE_NOT_DOCX } });
  renderDocx(await getStorage().get(file.storageKey), SAMPLE_MODEL);
}

/**
 * Makes an uploaded .docx (stored by the core's upload path) the firm's template, once
 * docxtemplater has opened it and filled it with a sample: a template it cannot use is a 400
 * naming docxtemplater's error (the upload route then removes the file). The template replaced is
 * removed from storage.
 */
export async function saveReportTemplate(db: Db, { actor, file }: { actor: AdminActor; file: StoredUpload }) {
  assertAdmin(actor);
  await checkReportTemplate(file);
  const { replacedKey } = await setReportTemplate(db, { actor, template: { storageKey: file.storageKey, name: file.name } });
  await removeTemplate(replacedKey);
  return getReportTemplateInfo(db, { actor });
}

/** Back to the default template; the firm's is removed from storage. */
export async function resetReportTemplate(db: Db, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const { replacedKey } = await setReportTemplate(db, { actor, template: null });
  await removeTemplate(replacedKey);
  return { reset: replacedKey !== null };
}

// A failed removal leaves an object no row names: the orphan sweep (modules/operations) takes it later.
async function removeTemplate(key: string | null) {
  if (key)
    await getStorage()
      .delete(key)
      .catch((e) => console.error("[reports] could not remove a replaced report template:", e));
}
