import "server-only";
import { type AdminActor, assertAdmin, assertClient, assertClientOwner, type ClientActor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { COMPANY_NOT_FOUND, latestCompanyReport, publishCompanyReport } from "@/features/reports/server";
import { getFirmDetails } from "@/features/settings/server";
import { formatDateTime } from "@/lib/format";
import { type BoardSummaryInput, QUARTER_FORMAT, quarterAsOf, quarterBounds } from "@/features/analytics/validation";
import { computeAnalyticsOver, readHistories, readModelVersions } from "../analytics-read";
import { isEmptyQuarter, renderSummaryPdf } from "./summary-pdf";
import { findCompany } from "@/features/clients/server";
import { listClientProjectRefs } from "@/features/projects/server";

// The board summary of a quarter (docs/PRODUCT.md#analytics): a company's remediation figures for
// a calendar quarter as a PDF, from the same histories and the same maths as the analytics screen,
// published to the company's report vault as a report of the company (no engagement), so its
// people download it as any report: fresh proof, stamped, logged. The firm generates it for any
// company; a company's owner asks for its own. A quarter without any finding still gives a
// summary, which says so.

export const boardSummaryTitle = (quarter: string) => `Remediation summary ${quarter}`;

/** An owner's summary is drawn at most once in this time per quarter (the firm's whenever it asks). */
export const OWNER_SUMMARY_INTERVAL_MS = 10 * 60_000;
export const SUMMARY_TOO_SOON = (title: string, at: Date) =>
  `"${title}" was generated at ${formatDateTime(at)}: download it from Documents, or ask again 10 minutes after that.`;

export type BoardSummary = { reportId: string; title: string; version: number; company: string; empty: boolean };

/** The firm draws and publishes a company's summary of a quarter; generating it again makes the next version. Audited. */
export async function generateBoardSummary(
  db: Db,
  { actor, input, now = new Date() }: { actor: AdminActor; input: BoardSummaryInput; now?: Date },
): Promise<BoardSummary> {
  assertAdmin(actor);
  return drawAndPublish(db, { actor, clientId: input.clientId, quarter: input.quarter, now });
}

/** An owner asks for the company's own summary of a quarter (a member is refused). Audited. */
export async function requestBoardSummary(
  db: Db,
  { actor, quarter, now = new Date() }: { actor: ClientActor; quarter: string; now?: Date },
): Promise<BoardSummary> {
  assertClient(actor);
  assertClientOwner(actor);
  const title = boardSummaryTitle(quarterBounds(quarter)?.quarter ?? quarter);
  const latest = await latestCompanyReport(db, { clientId: actor.clientId, title });
  if (latest && now.getTime() - latest.publishedAt.getTime() < OWNER_SUMMARY_INTERVAL_MS)
    throw new AppError("conflict", SUMMARY_TOO_SOON(title, latest.publishedAt));
  return drawAndPublish(db, { actor, clientId: actor.clientId, quarter, now });
}

async function drawAndPublish(
  db: Db,
  { actor, clientId, quarter, now }: { actor: AdminActor | ClientActor; clientId: string; quarter: string; now: Date },
): Promise<BoardSummary> {
  const bounds = quarterBounds(quarter);
  // The schema refused anything else; a caller skipping it gets the same answer.
  if (!bounds) throw new AppError("bad_request", QUARTER_FORMAT, { fieldErrors: { quarter: QUARTER_FORMAT } });
  const company = await findCompany(db, clientId);
  if (!company) throw new AppError("not_found", COMPANY_NOT_FOUND);
  // The screen's reads for one company and no other filter (the period is the quarter's, below).
  const filters = { period: "3m" } as const;
  const [histories, versions, engagements, firm] = await Promise.all([
    readHistories(db, company.id, filters),
    readModelVersions(db, company.id, filters),
    listClientProjectRefs(db, company.id),
    getFirmDetails(db),
  ]);
  const asOf = quarterAsOf(bounds, now);
  const figures = computeAnalyticsOver(histories, versions, bounds.months, asOf);
  const names = new Map(engagements.map((e) => [e.id, e.name]));
  const pdf = await renderSummaryPdf({
    firm,
    company: company.company,
    bounds,
    asOf,
    generatedAt: now,
    figures,
    engagementName: (id) => names.get(id) ?? "Engagement",
  });
  const empty = isEmptyQuarter(figures);
  return db.transaction(async (tx) => {
    const report = await publishCompanyReport(tx, { actor, clientId: company.id, title: boardSummaryTitle(bounds.quarter), pdf });
    await recordAudit(tx, {
      actor,
      action: "analytics.summary_generate",
      entityType: "report",
      entityId: report.id,
      clientId: company.id,
      after: { quarter: bounds.quarter, version: report.version, empty },
    });
    return { reportId: report.id, title: report.title, version: report.version, company: company.company, empty };
  });
}
