import "server-only";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { listClientFindings } from "@/features/findings/server";
import { listPortalInvoices } from "@/features/invoices/server";
import { listClientThreads } from "@/features/messages/server";
import { getPortalProject } from "@/features/projects/server";
import { listPortalProjectReports } from "@/features/reports/server";
import { isLetterAnonymous, listPortalLetters } from "@/features/attestations/server";
import { getPortalProjectAuthorization } from "@/features/authorizations/server";
import { getCoverage, listPacks } from "@/features/evidence/server";

/**
 * The portal's project view (docs/PRODUCT.md#portal-project-view): one project of the signed-in
 * client with its testing authorization, findings, reports, attestation letters, coverage and evidence packs, invoices,
 * conversations and timeline. A project of another company (or none) is null, as if missing. The
 * project is read first (its scope decides), then the rest in parallel, each read filtered by the
 * session's client id as well.
 */
export async function loadPortalProject(db: DbOrTx, { actor, projectId }: { actor: ClientActor; projectId: string }) {
  assertClient(actor);
  const found = await getPortalProject(db, { actor, projectId });
  if (!found) return null;
  const [findings, reports, invoices, threads, letters, lettersAnonymous, authorization, coverage, packs] = await Promise.all([
    // Withheld from this member: no finding is read (docs/PRODUCT.md#portal-team).
    actor.findingsWithheld ? null : listClientFindings(db, { actor, filter: { engagement: projectId, overdue: false } }),
    // Withheld from this member: no report or pack is read (docs/PRODUCT.md#portal-team).
    actor.reportsWithheld ? null : listPortalProjectReports(db, { actor, projectId }),
    // Withheld from this member: no invoice is read (docs/PRODUCT.md#portal-team).
    actor.billingWithheld ? null : listPortalInvoices(db, { actor, projectId, limit: 50 }),
    // Filtered in the query: the list is capped, so filtering its rows could miss older threads.
    listClientThreads(db, { actor, projectId }),
    listPortalLetters(db, { actor, projectId }),
    // The name-display choice is the owners' (docs/PRODUCT.md#verifying-a-letter): a member gets none.
    actor.personRole === "owner" ? isLetterAnonymous(db, actor.clientId) : null,
    // The versions the firm sent (a draft stays with the firm), for an owner to sign.
    getPortalProjectAuthorization(db, { actor, projectId }),
    // The coverage record and evidence packs (docs/PRODUCT.md#evidence-packs).
    getCoverage(db, { actor, projectId }),
    actor.reportsWithheld ? [] : listPacks(db, { actor, projectId }),
  ]);
  return { ...found, findings, reports, invoices, threads, letters, lettersAnonymous, authorization, coverage, packs };
}

export type PortalProjectView = NonNullable<Awaited<ReturnType<typeof loadPortalProject>>>;
