import "server-only";
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { isToolIdTitle } from "@/lib/domain/finding";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { companyFacts, companyNameSql } from "@/features/clients/server";
import { findingRetests, findings } from "./schema/records";
import { projectFacts } from "@/features/projects/server";
import { countedSql, countFindings } from "./finding-counts";
import { dueDaysOf, overdueSql } from "./finding-scope";
import { type FindingListItem, listColumns, toItem } from "./findings-read";
import { modelVersionsOf } from "@/features/measurements/server";
import { notVerifiedFindings } from "./not-verified";
import { recordFirmAccessAfterResponse } from "@/features/audit/server";

// What the firm reads across its findings: an engagement's list, the queue of work, the pickers.

/** Most severe first (a stored column, so the list reads an index). */
const severityRank = findings.severityRank;

/** An engagement's findings for the firm, drafts included, with its counts and due days. */
export async function listEngagementFindings(db: Db, { actor, projectId }: { actor: AdminActor; projectId: string }) {
  assertAdmin(actor);
  const projects = projectFacts(db);
  const [project] = await db
    .select({ id: projects.projectId, name: projects.projectName, clientId: projects.clientId, company: companyNameSql(projects.clientId) })
    .from(projects)
    .where(eq(projects.projectId, projectId))
    .limit(1);
  if (!project) return null;
  // Every row is of this engagement: its name is the one just read, not a look-up a row.
  const { projectName: _projectName, ...columns } = listColumns;
  const [rows, counts, dueDays, modelVersions, notVerified] = await Promise.all([
    db
      .select({ ...columns, ruleId: findings.ruleId })
      .from(findings)
      .where(eq(findings.projectId, projectId))
      .orderBy(severityRank, asc(findings.createdAt), findings.id)
      .limit(2000),
    countFindings(db, and(eq(findings.projectId, projectId), isNotNull(findings.publishedAt))!),
    dueDaysOf(db, projectId),
    modelVersionsOf(db, projectId),
    notVerifiedFindings(db, { projectId }),
    // The firm's look at an engagement's findings, in the company's access log (docs/PRODUCT.md#portal-access-log).
    recordFirmAccessAfterResponse(db, {
      actor,
      action: "client.findings.view",
      clientIds: [project.clientId],
      entityType: "project",
      entityId: project.id,
      after: { name: project.name },
    }),
  ]);
  // Drafts still titled with a tool's id: Publish warns before the client reads them.
  const toolIdTitled = rows.filter((r) => r.status === "draft" && isToolIdTitle(r.title, r.ruleId)).map((r) => r.id);
  return {
    project,
    findings: rows.map(({ ruleId: _ruleId, ...row }) => toItem({ ...row, projectName: project.name })),
    toolIdTitled,
    counts,
    dueDays,
    modelVersions,
    notVerified,
  };
}

export type QueueRetest = {
  findingId: string;
  title: string;
  company: string;
  projectName: string;
  requestedByName: string;
  requestedAt: string;
  note: string;
};
export type QueueFinding = FindingListItem & { company: string };

/** `/admin/findings`: open retest requests (oldest first), overdue findings and risk acceptances to acknowledge, across clients. */
export async function adminFindingsQueue(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  // The engagements and companies joined (as the findings' own columns are), not looked up a row.
  const projects = projectFacts(db);
  const companies = companyFacts(db);
  const withCompany = { ...listColumns, projectName: projects.projectName, company: companies.company };
  const [retests, overdue, risks] = await Promise.all([
    db
      .select({
        findingId: findings.id,
        title: findings.title,
        company: companies.company,
        projectName: projects.projectName,
        requestedByName: findingRetests.requestedByName,
        requestedAt: findingRetests.requestedAt,
        note: findingRetests.note,
      })
      .from(findingRetests)
      .innerJoin(findings, eq(findings.id, findingRetests.findingId))
      .innerJoin(projects, eq(projects.projectId, findings.projectId))
      .innerJoin(companies, eq(companies.clientId, findings.clientId))
      .where(isNull(findingRetests.result))
      .orderBy(asc(findingRetests.requestedAt))
      .limit(200),
    db
      .select(withCompany)
      .from(findings)
      .innerJoin(projects, eq(projects.projectId, findings.projectId))
      .innerJoin(companies, eq(companies.clientId, findings.clientId))
      .where(overdueSql)
      .orderBy(asc(findings.dueOn), severityRank)
      .limit(200),
    db
      .select({ ...withCompany, riskReason: findings.riskReason, riskExpiresOn: findings.riskExpiresOn })
      .from(findings)
      .innerJoin(projects, eq(projects.projectId, findings.projectId))
      .innerJoin(companies, eq(companies.clientId, findings.clientId))
      .where(and(eq(findings.status, "risk_accepted"), isNull(findings.riskAcknowledgedAt)))
      .orderBy(asc(findings.updatedAt))
      .limit(200),
  ]);
  return {
    retests: retests.map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() })),
    overdue: overdue.map((r) => ({ ...toItem(r), company: r.company })),
    risks: risks.map((r) => ({ ...toItem(r), company: r.company, riskReason: r.riskReason, riskExpiresOn: r.riskExpiresOn })),
  };
}

/** The engagements the admin's Findings page can open (its Engagement picker), by company then name. */
export async function listEngagementOptions(db: DbOrTx, { actor }: { actor: AdminActor }) {
  assertAdmin(actor);
  const projects = projectFacts(db);
  const companies = companyFacts(db);
  return db
    .select({ projectId: projects.projectId, projectName: projects.projectName, company: companies.company })
    .from(projects)
    .innerJoin(companies, eq(companies.clientId, projects.clientId))
    .orderBy(companies.company, projects.projectName)
    .limit(1000);
}

/** The findings a duplicate of this engagement may name: published, not closed by the firm, not the finding itself. */
export async function listDuplicateOriginals(
  db: DbOrTx,
  { actor, projectId, exceptId }: { actor: AdminActor; projectId: string; exceptId: string },
): Promise<{ id: string; title: string }[]> {
  assertAdmin(actor);
  return db
    .select({ id: findings.id, title: findings.title })
    .from(findings)
    .where(and(eq(findings.projectId, projectId), isNotNull(findings.publishedAt), countedSql, sql`${findings.id} <> ${exceptId}`))
    .orderBy(severityRank, asc(findings.title))
    .limit(1000);
}
