import "server-only";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { isAvailable } from "./columns";
import { reports } from "./schema";

/** Whether an engagement has a published report that is current (neither replaced nor withdrawn): an attestation letter needs one. */
export async function hasCurrentReport(db: DbOrTx, projectId: string): Promise<boolean> {
  const [report] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.projectId, projectId), isAvailable))
    .limit(1);
  return report !== undefined;
}
