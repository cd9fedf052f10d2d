import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import Docxtemplater from "docxtemplater";
import PizZip from "pizzip";
import { FINDING_SEVERITIES } from "@/lib/domain/finding";
import { AppError } from "@/server/core/errors";
import { MarkdownValue, templateParser } from "./report-docx-markdown";
import type { ReportModel } from "./report-model";
import { checkTemplatePackage } from "./template-package";

// The Word form of a generated report (docs/PRODUCT.md#admin-findings): the firm's template, or the
// default one (scripts/report-template.mjs), filled by docxtemplater.

/** The default template, read from the project's folder like the stamp's fonts (a file committed with its script). */
export function defaultReportTemplate(): Uint8Array {
  return new Uint8Array(readFileSync(path.join(process.cwd(), "src/features/reports/server/templates/default-report.docx")));
}

/** The values a template's tags name (docs/PRODUCT.md#admin-settings lists them). */
export function templateData(model: ReportModel) {
  const counts = Object.fromEntries(FINDING_SEVERITIES.map((s) => [`${s}Count`, model.counts[s]]));
  return {
    firmName: model.firmName,
    clientName: model.clientName,
    engagementName: model.engagementName,
    engagementDescription: new MarkdownValue(model.engagementDescription),
    startDate: model.startDate,
    endDate: model.endDate,
    // Empty without a signed authorization: {#authorizedWindow}…{/authorizedWindow} leaves the line out.
    authorizedWindow: model.authorizedWindow,
    generatedOn: model.generatedOn,
    summary: executiveSummary(model),
    ...counts,
    totalCount: model.total,
    findings: model.findings.map((finding) => ({
      title: finding.title,
      severity: finding.severityLabel,
      cvssScore: finding.cvssScore,
      cvssVector: finding.cvssVector,
      status: finding.status,
      assets: finding.assets || "None named",
      description: new MarkdownValue(finding.description),
      remediation: new MarkdownValue(finding.remediation),
      references: new MarkdownValue(finding.references),
      // A section's heading only over a section with text: {#hasReferences}…{/hasReferences}.
      hasDescription: Boolean(finding.description),
      hasRemediation: Boolean(finding.remediation),
      hasReferences: Boolean(finding.references),
      // Empty without files: a template's {#evidence}…{/evidence} then leaves the line out.
      evidence: finding.evidence.join(", "),
      retestStatus: finding.retestStatus,
      owaspLlm: finding.owaspLlm.join(", "),
      // Empty for a finding that is not measured: {#measuredRate}…{/measuredRate} leaves the line out.
      measuredRate: finding.measuredRate,
    })),
    taxonomy: model.taxonomy.map((group) => ({ id: group.id, name: group.name, findingTitles: group.findings.join("; ") })),
  };
}

/** The executive summary's sentence, the same in both forms. */
export function executiveSummary(model: ReportModel): string {
  if (!model.mostSevere) return "No finding has been published for this engagement.";
  const { label, titles } = model.mostSevere;
  const counted = FINDING_SEVERITIES.filter((s) => model.counts[s] > 0)
    .map((s) => `${model.counts[s]} ${s}`)
    .join(", ");
  const most =
    titles.length === 1 ? `The most severe is ${label}: ${titles[0]}.` : `The most severe are ${titles.length} ${label} findings.`;
  return `${model.total} ${model.total === 1 ? "finding" : "findings"} published (${counted}). ${most}`;
}

export const TEMPLATE_NOT_DOCX = "The template is not a Word document (.docx) that can be opened.";

type TemplateErrorDetail = { message?: string; properties?: { explanation?: string; errors?: TemplateErrorDetail[] } };

/** docxtemplater's own words for what is wrong with a template: each error's explanation. */
function templateErrorMessage(error: unknown): string {
  const detail = error as TemplateErrorDetail;
  const each = detail.properties?.errors?.length ? detail.properties.errors : [detail];
  const explained = each.map((e) => e.properties?.explanation ?? e.message).filter((text): text is string => Boolean(text));
  return `The template cannot be used: ${[...new Set(explained)].slice(0, 5).join("; ") || "docxtemplater could not read it"}.`;
}

/**
 * Fills a template with a report; a template docxtemplater cannot open or compile is a 400 naming
 * its error (a firm's upload is checked this way before it is kept).
 */
export function renderDocx(template: Uint8Array, model: ReportModel): Uint8Array {
  let zip: PizZip;
  try {
    zip = new PizZip(template);
  } catch {
    throw new AppError("bad_request", TEMPLATE_NOT_DOCX, { fieldErrors: { file: TEMPLATE_NOT_DOCX } });
  }
  checkTemplatePackage(zip);
  try {
    const doc = new Docxtemplater(zip, {
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => "",
      errorLogging: false,
      parser: templateParser,
    });
    doc.render(templateData(model));
    return doc.getZip().generate({ type: "uint8array", compression: "DEFLATE" });
  } catch (error) {
    const message = templateErrorMessage(error);
    throw new AppError("bad_request", message, { fieldErrors: { file: message } });
  }
}
