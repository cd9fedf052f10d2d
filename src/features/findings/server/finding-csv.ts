import "server-only";
import { FINDING_SEVERITY_LABELS, FINDING_STATUS_LABELS } from "@/lib/domain/finding";
import type { CsvColumn } from "@/server/core/csv/csv-response";
import type { FindingListItem } from "./findings-read";

/** The portal's findings export (docs/PRODUCT.md#portal-findings); cells go through the safe CSV path. */
export const FINDING_EXPORT_COLUMNS: CsvColumn<FindingListItem>[] = [
  { header: "Finding", cell: (r) => r.title },
  { header: "Engagement", cell: (r) => r.projectName },
  { header: "Severity", cell: (r) => FINDING_SEVERITY_LABELS[r.severity] },
  { header: "CVSS", cell: (r) => (r.cvssScoreTenths === null ? "" : (r.cvssScoreTenths / 10).toFixed(1)) },
  { header: "Status", cell: (r) => FINDING_STATUS_LABELS[r.status] },
  { header: "Published", cell: (r) => r.publishedAt?.slice(0, 10) ?? "" },
  { header: "Due", cell: (r) => r.dueOn ?? "" },
  { header: "Overdue", cell: (r) => (r.overdue ? "Yes" : "No") },
  // The ids alone (their names are the published lists'), several in one cell.
  { header: "OWASP LLM", cell: (r) => r.owaspLlm.join(", ") },
  { header: "MITRE ATLAS", cell: (r) => r.atlas.join(", ") },
];
