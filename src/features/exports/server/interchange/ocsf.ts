import "server-only";
import { FINDING_STATUS_LABELS, type FindingSeverity, type FindingStatus } from "@/lib/domain/finding";
import { type InterchangeFinding, OPEN_STATUSES, referenceUrls } from "./finding-record";

// OCSF 1.5 Vulnerability Finding (class_uid 2002) (docs/PRODUCT.md#exports): one document per
// finding. The status is mapped to the class's status ids; a vulnerability names just one of
// advisory, cve and cwe (the object's constraint): the CWE when the finding has one, else an
// advisory named after its category (OWASP LLM, ATLAS or the tool's rule) or the finding itself.

export const OCSF_VERSION = "1.5.0";
const CLASS_UID = 2002;
const CATEGORY_UID = 2;

const SEVERITY_ID: Record<FindingSeverity, number> = { informational: 1, low: 2, medium: 3, high: 4, critical: 5 };

/** Our status → the finding's status id (1 New, 2 In Progress, 3 Suppressed, 4 Resolved, 5 Archived, 99 Other). */
export const OCSF_STATUS: Record<Exclude<FindingStatus, "draft">, { id: number; name: string }> = {
  open: { id: 1, name: "New" },
  in_remediation: { id: 2, name: "In Progress" },
  fixed_pending_retest: { id: 2, name: "In Progress" },
  still_open: { id: 2, name: "In Progress" },
  regressed: { id: 2, name: "In Progress" },
  verified_fixed: { id: 4, name: "Resolved" },
  false_positive: { id: 3, name: "Suppressed" },
  duplicate: { id: 3, name: "Suppressed" },
  withdrawn: { id: 5, name: "Archived" },
  // Accepted by decision, not resolved: OCSF has no such status, so Other with our label.
  risk_accepted: { id: 99, name: FINDING_STATUS_LABELS.risk_accepted },
  wont_fix: { id: 99, name: FINDING_STATUS_LABELS.wont_fix },
};

export function toOcsf(
  f: InterchangeFinding,
  { productVersion, vendor, findingUrl }: { productVersion: string; vendor: string; findingUrl: string },
) {
  const status = f.status === "draft" ? OCSF_STATUS.open : OCSF_STATUS[f.status];
  // Create while open and untouched, Update while being worked on, Close once closed.
  const activityId = OPEN_STATUSES.includes(f.status) ? (f.status === "open" ? 1 : 2) : 3;
  const references = referenceUrls(f.references);
  const category = f.owaspLlm[0] ?? f.atlas[0] ?? f.ruleId ?? `finding-${f.id}`;
  return {
    activity_id: activityId,
    activity_name: ["", "Create", "Update", "Close"][activityId],
    category_uid: CATEGORY_UID,
    category_name: "Findings",
    class_uid: CLASS_UID,
    class_name: "Vulnerability Finding",
    type_uid: CLASS_UID * 100 + activityId,
    severity_id: SEVERITY_ID[f.severity],
    severity: f.severity[0]!.toUpperCase() + f.severity.slice(1),
    status_id: status.id,
    status: status.name,
    time: f.updatedAt.getTime(),
    message: f.title,
    metadata: {
      version: OCSF_VERSION,
      uid: f.id,
      tenant_uid: f.clientId,
      product: { name: "Client Portal", vendor_name: vendor, version: productVersion },
      labels: [f.engagement],
    },
    finding_info: {
      uid: f.id,
      title: f.title,
      ...(f.description.trim() ? { desc: f.description } : {}),
      created_time: f.publishedAt.getTime(),
      modified_time: f.updatedAt.getTime(),
      src_url: findingUrl,
      types: [...f.owaspLlm, ...f.atlas, ...(f.cwe !== null ? [`CWE-${f.cwe}`] : [])],
    },
    vulnerabilities: [
      {
        ...(f.cwe !== null
          ? { cwe: { uid: String(f.cwe), src_url: `https://cwe.mitre.org/data/definitions/${f.cwe}.html` } }
          : { advisory: { uid: category, title: f.title } }),
        title: f.title,
        ...(f.description.trim() ? { desc: f.description } : {}),
        severity: f.severity[0]!.toUpperCase() + f.severity.slice(1),
        ...(references.length ? { references } : {}),
        ...(f.remediation.trim() ? { remediation: { desc: f.remediation } } : {}),
        first_seen_time: f.publishedAt.getTime(),
      },
    ],
    unmapped: {
      engagement: f.engagement,
      company: f.company,
      ...(f.dueOn ? { due_on: f.dueOn } : {}),
      ...(f.cvssVector ? { cvss_vector: f.cvssVector } : {}),
    },
  };
}
