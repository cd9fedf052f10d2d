import "server-only";
import { eq, sql } from "drizzle-orm";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { billingSummarySubquery, type BillingSummary } from "@/features/invoices/server";
import {
  type AttentionFinding,
  findingsSummaryColumns,
  findingsSummaryOf,
  type FindingsSummary,
  listOverdueFindings,
} from "@/features/findings/server";
import { unreadMessagesOf } from "@/features/messages/server";
import { reportsToDownloadOf } from "@/features/reports/server";
import { activeProjectCountSql, listAuthorizationsToSign } from "@/features/projects/server";
import { companyFacts } from "@/features/clients/server";
import { upcomingMeetingsCountSql } from "@/features/bookings/server";
import { documentCountSql } from "@/features/documents/server";

export type OverviewStats = {
  totalDocuments: number;
  /** The client's engagements in progress or on hold, as the admin's figure counts them; never booking requests (docs/PRODUCT.md#portal-overview). */
  activeProjects: number;
  /** Approved bookings starting today or later (docs/PRODUCT.md#portal-overview). */
  upcomingMeetings: number;
  /** Messages of the team (or colleagues) this user has not read yet (docs/PRODUCT.md#portal-overview). */
  unreadMessages: number;
};

export type Overview = {
  /** personName: the signed-in person, whom the greeting names (not the company's contact person). */
  profile: { company: string; contactPerson: string; personName: string };
  stats: OverviewStats;
  /**
   * Open findings by severity, overdue, retests waiting (docs/PRODUCT.md#portal-overview); null for
   * a member from whom the owners withheld the findings: no figure of them is read.
   */
  findings: FindingsSummary | null;
  /** The company's overdue findings, most severe first (a few): what needs the client's attention. */
  overdueFindings: AttentionFinding[];
  /** Downloadable reports this person has not downloaded yet. */
  reportsToDownload: number;
  /** Engagements whose testing authorization waits for the company's signature. */
  authorizationsToSign: { projectId: string; projectName: string }[];
  /** Null for a member from whom the owners withheld Billing: no figure of it is read. */
  billing: BillingSummary | null;
};

/**
 * Everything the Overview shows in one statement: the greeting's names, the four stat cards and
 * the findings' and reports' figures (scalar sub-selects) and the Outstanding Balance banner
 * (Billing's summary, joined in); and, beside it, the few overdue findings it names.
 */
export async function getOverview(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<Overview> {
  assertClient(actor);
  const { clientId } = actor;
  const facts = companyFacts(db);
  const base = {
    company: facts.company,
    contactPerson: facts.contactPerson,
    totalDocuments: documentCountSql(clientId),
    activeProjects: activeProjectCountSql(clientId),
    upcomingMeetings: upcomingMeetingsCountSql(clientId),
    unreadMessages: sql<number>`${unreadMessagesOf(actor)}`.mapWith(Number),
    reportsToDownload: reportsToDownloadOf(actor),
    ...(actor.findingsWithheld ? {} : findingsSummaryColumns(clientId)),
  };
  const where = eq(facts.clientId, clientId);
  const readBilling = async () => {
    const summary = billingSummarySubquery(db, { actor });
    const billing = {
      balanceDueCents: summary.balanceDueCents,
      pendingCount: summary.pendingCount,
      overdueCount: summary.overdueCount,
      invoiceCount: summary.invoiceCount,
    };
    return db
      .select({ ...base, billing })
      .from(facts)
      .crossJoin(summary)
      .where(where)
      .limit(1);
  };
  const [[row], overdueFindings, authorizationsToSign] = await Promise.all([
    actor.billingWithheld ? db.select(base).from(facts).where(where).limit(1) : readBilling(),
    actor.findingsWithheld ? [] : listOverdueFindings(db, { actor }),
    listAuthorizationsToSign(db, { actor }),
  ]);
  if (!row) throw new AppError("not_found", "Client account not found");
  const { company, contactPerson, billing, totalDocuments, activeProjects, upcomingMeetings, unreadMessages, reportsToDownload } = {
    billing: null,
    ...row,
  };
  return {
    profile: { company, contactPerson, personName: actor.name || actor.email },
    stats: { totalDocuments, activeProjects, upcomingMeetings, unreadMessages },
    billing,
    findings: actor.findingsWithheld ? null : findingsSummaryOf(row),
    overdueFindings,
    reportsToDownload,
    authorizationsToSign,
  };
}
