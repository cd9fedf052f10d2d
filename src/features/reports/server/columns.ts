import "server-only";
import { and, isNull, or, type SQL } from "drizzle-orm";
import { inClientProject } from "@/features/projects/server";
import { reports } from "./schema";

/** A report in a list: what it is, never where it is stored. */
export const reportListColumns = {
  id: reports.id,
  projectId: reports.projectId,
  title: reports.title,
  version: reports.version,
  fileSize: reports.fileSize,
  publishedAt: reports.publishedAt,
  supersededAt: reports.supersededAt,
  revokedAt: reports.revokedAt,
};

/** The one version of a report that can be downloaded: the newest, not revoked. */
export const isAvailable = and(isNull(reports.supersededAt), isNull(reports.revokedAt));

export const REPORT_NOT_FOUND = "Report not found";
export const REPORT_WITHDRAWN = "This report has been withdrawn or replaced by a newer version. Ask us for the current one.";

/**
 * A report a company may read: one of its own engagement's (that engagement still the company's,
 * `inClientProject`), or a report of the company alone (no engagement: docs/PRODUCT.md#analytics).
 * Added to each portal read's own `client_id` test.
 */
export const ofClientEngagementOrCompany = (clientId: string): SQL =>
  or(isNull(reports.projectId), inClientProject(reports.projectId, clientId))!;
