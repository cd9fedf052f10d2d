import "server-only";
import { and, isNull } from "drizzle-orm";
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
