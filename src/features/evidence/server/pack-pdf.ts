import "server-only";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import { MARGIN, MUTED, PdfWriter, RIGHT } from "@/server/core/pdf-writer";
import { CASE_STATUS_LABELS, CONTROL_FAMILY_LABELS, coverageSentence } from "@/features/evidence/validation";
import type { PackContent } from "./pack-content";

// The evidence pack as a PDF (docs/PRODUCT.md#evidence-packs): identity, scope, method, the
// coverage record by control, findings, remediation and retests, risk acceptances, limitations,
// and how to check it. The OSCAL twin travels inside it as an attached file.

export const NOT_CONFORMITY = "This is evidence for an assessment, not a conformity assessment.";

export async function renderPackPdf(content: PackContent, { code, verifyUrl, oscal }: { code: string; verifyUrl: string; oscal: string }) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Evidence pack ${code}`);
  pdf.setAuthor(content.firm);
  pdf.setSubject(verifyUrl);
  const w = new PdfWriter(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));
  const width = RIGHT - MARGIN;
  const section = (title: string) => {
    w.line(26);
    w.at(title, MARGIN, { bold: true, size: 12 });
    w.rule();
    w.line(4);
  };
  const fact = (label: string, value: string) => {
    w.line(15);
    w.at(label, MARGIN, { color: MUTED });
    w.paragraph(value || "None", MARGIN + 140, width - 140);
  };
  const para = (text: string, size = 10) => {
    w.line(14);
    w.paragraph(text, MARGIN, width, { size });
  };

  w.line(18);
  w.at(content.firm, MARGIN, { size: 16, bold: true });
  w.line(22);
  w.at(`Evidence pack: ${content.engagement}`, MARGIN, { size: 13, bold: true });
  w.line(16);
  w.at(`Code ${code} · issued ${formatDate(content.issuedAt)} · check it at ${verifyUrl}`, MARGIN, { color: MUTED, size: 9 });

  section("1. Identity");
  fact("Testing firm", content.firm);
  fact("Client", content.client);
  fact("Engagement", content.engagement);
  fact(
    "Authorization",
    content.authorization ? `${content.authorization.id}, window ${content.authorization.window}` : "No signed authorization on record",
  );
  fact("Testers", content.testers);
  fact("Independence", content.independence);

  section("2. Scope");
  for (const t of content.targets) {
    fact("Target", [t.label, t.modelVersion ? `version ${t.modelVersion}` : null].filter(Boolean).join(", "));
    if (t.hashes.length > 0) fact("Stored hashes", t.hashes.join("; "));
  }

  section("3. Method");
  fact("Methodology", content.methodology);
  fact("Test plan", `${content.plan.name}, version ${content.plan.version} (${content.plan.atlasRelease})`);
  fact("Tools", content.tools.join(", "));
  fact("Detectors and judges", content.judges.join(", "));

  section("4. Coverage record by control");
  para(`Overall: ${coverageSentence(content.coverage.counts)}.`);
  for (const family of content.coverage.families) {
    w.line(18);
    w.at(`${CONTROL_FAMILY_LABELS[family.family]}: ${coverageSentence(family.counts)}`, MARGIN, { bold: true, size: 9 });
    for (const control of family.controls) {
      w.line(12);
      w.at(w.fit(control.label, 300, { size: 8 }), MARGIN + 8, { size: 8 });
      w.endAt(
        `${control.counts.held} held · ${control.counts.failed} failed · ${control.counts.not_applicable} N/A${control.counts.blocked ? ` · ${control.counts.blocked} blocked` : ""} · ${control.counts.not_started} not started`,
        RIGHT,
        { size: 8, color: MUTED },
      );
    }
  }
  w.line(18);
  w.at("Cases", MARGIN, { bold: true, size: 10 });
  for (const r of content.coverage.results) {
    const measured = r.trials != null ? `, ${r.successes} in ${r.trials} trials` : "";
    const linked = r.findings.length > 0 ? `; findings: ${r.findings.map((f) => f.title).join(", ")}` : "";
    para(`${r.caseNo} on ${r.target}: ${CASE_STATUS_LABELS[r.status]}${measured}${r.reason ? `; reason: ${r.reason}` : ""}${linked}`, 8);
  }

  section("5. Findings");
  if (content.findings.length === 0) para("No published findings.");
  for (const f of content.findings) {
    const cvss =
      f.cvssScoreTenths != null ? `CVSS ${(f.cvssScoreTenths / 10).toFixed(1)}${f.cvssVector ? ` (${f.cvssVector})` : ""}` : "No CVSS";
    const rate = f.measurement
      ? `; measured ${f.measurement.successes} in ${f.measurement.trials} trials on ${f.measurement.modelId ?? "the target"}${f.measurement.modelVersion ? ` ${f.measurement.modelVersion}` : ""}`
      : "";
    para(`${FINDING_SEVERITY_LABELS[f.severity]}: ${f.title}. ${cvss}${rate}.`, 9);
  }

  section("6. Remediation and retests");
  const retested = content.findings.filter((f) => f.retest !== "none");
  if (retested.length === 0) para("No retests requested.");
  for (const f of retested)
    para(
      `${f.title}: retest ${f.retest.replace(/_/g, " ")}${f.measurement ? `, same environment: ${f.measurement.modelId ?? "target"} ${f.measurement.modelVersion ?? ""}` : ""}.`,
      9,
    );

  section("7. Risk acceptances");
  if (content.riskAcceptances.length === 0) para("No accepted risks.");
  for (const r of content.riskAcceptances)
    para(
      `${r.title}: accepted by ${r.approver ?? "the client"}${r.expiresOn ? `, expires ${formatDate(r.expiresOn)}` : ""}. ${r.reason ?? ""}`,
      9,
    );

  section("8. Limitations");
  para(content.limitations);
  para(NOT_CONFORMITY);

  section("9. Checking this pack");
  para(
    `The SHA-256 of this file as issued and of its OSCAL assessment-results twin (attached, ${"evidence-pack.oscal.json"}) are signed by the firm as a JWS (EdDSA). Check them at ${verifyUrl}, or offline against ${new URL("/.well-known/jwks.json", verifyUrl).toString()}. A downloaded copy carries its recipient's stamp, so its bytes differ from the file as issued; the OSCAL twin is byte for byte the one signed.`,
    9,
  );
  await pdf.attach(new TextEncoder().encode(oscal), "evidence-pack.oscal.json", {
    mimeType: "application/json",
    description: "OSCAL assessment-results",
  });
  return pdf.save();
}
