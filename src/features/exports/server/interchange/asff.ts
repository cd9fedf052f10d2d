import "server-only";
import { FINDING_STATUS_LABELS, type FindingSeverity, type FindingStatus } from "@/lib/domain/finding";
import { type InterchangeFinding, referenceUrls, ruleOf } from "./finding-record";

// AWS Security Finding Format (docs/PRODUCT.md#exports): what Security Hub's BatchImportFindings
// takes. The account and region are the ones the caller names (a placeholder account otherwise,
// to be replaced before importing); the product is the account's own "default" product, which
// every account may import into. Lengths are cut to Security Hub's limits.

const LABEL: Record<FindingSeverity, string> = {
  informational: "INFORMATIONAL",
  low: "LOW",
  medium: "MEDIUM",
  high: "HIGH",
  critical: "CRITICAL",
};

/** Our status → the workflow status (NEW, NOTIFIED, RESOLVED, SUPPRESSED) and the record state. */
function workflowOf(status: FindingStatus): { status: "NEW" | "NOTIFIED" | "RESOLVED" | "SUPPRESSED"; record: "ACTIVE" | "ARCHIVED" } {
  if (status === "open") return { status: "NEW", record: "ACTIVE" };
  if (status === "verified_fixed") return { status: "RESOLVED", record: "ACTIVE" };
  if (status === "risk_accepted" || status === "wont_fix") return { status: "SUPPRESSED", record: "ACTIVE" };
  if (status === "false_positive" || status === "duplicate" || status === "withdrawn") return { status: "SUPPRESSED", record: "ARCHIVED" };
  return { status: "NOTIFIED", record: "ACTIVE" };
}

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
const nonEmpty = (text: string, fallback: string) => (text.trim() ? text : fallback);

export type AsffTarget = { account: string; region: string };
export const ASFF_PLACEHOLDER: AsffTarget = { account: "000000000000", region: "us-east-1" };

export function toAsff(
  f: InterchangeFinding,
  { account, region }: AsffTarget,
  { findingUrl, vendor }: { findingUrl: string; vendor: string },
) {
  const rule = ruleOf(f);
  const workflow = workflowOf(f.status);
  const reference = referenceUrls(f.references)[0];
  const fields: Record<string, string> = {
    Status: FINDING_STATUS_LABELS[f.status],
    Engagement: cut(f.engagement, 2048),
    ...(f.cvssVector ? { CvssVector: f.cvssVector } : {}),
    ...(f.owaspLlm.length ? { OwaspLlm: f.owaspLlm.join(",") } : {}),
    ...(f.atlas.length ? { Atlas: f.atlas.join(",") } : {}),
    ...(f.dueOn ? { DueOn: f.dueOn } : {}),
  };
  return {
    SchemaVersion: "2018-10-08",
    Id: `urn:client-portal:finding:${f.id}`,
    ProductArn: `arn:aws:securityhub:${region}:${account}:product/${account}/default`,
    ProductName: "Client Portal",
    CompanyName: cut(vendor, 128),
    GeneratorId: cut(rule.id, 512),
    AwsAccountId: account,
    Region: region,
    Types: [`Software and Configuration Checks/Vulnerabilities/${rule.name.replaceAll("/", " ")}`],
    CreatedAt: f.publishedAt.toISOString(),
    UpdatedAt: f.updatedAt.toISOString(),
    Severity: { Label: LABEL[f.severity], Original: f.cvssScoreTenths !== null ? (f.cvssScoreTenths / 10).toFixed(1) : LABEL[f.severity] },
    Title: cut(f.title, 256),
    Description: cut(nonEmpty(f.description, f.title), 1024),
    ...(f.remediation.trim() || reference
      ? {
          Remediation: {
            Recommendation: {
              ...(f.remediation.trim() ? { Text: cut(f.remediation, 512) } : {}),
              ...(reference ? { Url: reference } : {}),
            },
          },
        }
      : {}),
    SourceUrl: findingUrl,
    ProductFields: fields,
    Resources: [{ Type: "Other", Id: cut(nonEmpty(f.assets.split("\n")[0] ?? "", f.engagement), 512) }],
    Workflow: { Status: workflow.status },
    RecordState: workflow.record,
  };
}
