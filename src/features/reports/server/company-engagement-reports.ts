import "server-only";
import { and, desc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { reports } from "./schema";

// A company's engagement reports as another slice offers them (the share room): the current ones
// to choose from, and one report of the company with its state and stored file's key. A report of
// the company alone (under no engagement) is neither.

/** The company's current engagement reports but those titled `exceptTitle`, newest first, at most 100. */
export async function listCurrentEngagementReports(
  db: DbOrTx,
  { clientId, exceptTitle }: { clientId: string; exceptTitle: string },
): Promise<{ id: string; title: string; version: number; projectId: string }[]> {
  const rows = await db
    .select({ id: reports.id, title: reports.title, version: reports.version, projectId: reports.projectId })
    .from(reports)
    .where(
      and(
        eq(reports.clientId, clientId),
        isNotNull(reports.projectId),
        isNull(reports.revokedAt),
        isNull(reports.supersededAt),
        ne(reports.title, exceptTitle),
      ),
    )
    .orderBy(desc(reports.publishedAt))
    .limit(100);
  return rows.flatMap((r) => (r.projectId ? [{ ...r, projectId: r.projectId }] : []));
}

/** One engagement report of the company (null for another company's or one under no engagement). */
export async function engagementReportOf(db: DbOrTx, { clientId, reportId }: { clientId: string; reportId: string }) {
  const [row] = await db
    .select({
      title: reports.title,
      version: reports.version,
      projectId: reports.projectId,
      revokedAt: reports.revokedAt,
      supersededAt: reports.supersededAt,
      storageKey: reports.storageKey,
    })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.clientId, clientId), isNotNull(reports.projectId)))
    .limit(1);
  return row?.projectId ? { ...row, projectId: row.projectId } : null;
}
