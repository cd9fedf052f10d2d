import "server-only";
import { sql, type SQLWrapper } from "drizzle-orm";
import { projectHasLettersSql } from "@/features/attestations/server";
import { projectHasAuthorizationsSql } from "@/features/authorizations/server";
import { engagementHasFindingsSql } from "@/features/findings/server";
import { projectHasImportsSql } from "@/features/imports/server";
import { projectHasInvoicesSql } from "@/features/invoices/server";
import { projectHasThreadsSql } from "@/features/messages/server";
import { projectHasReportsSql } from "@/features/reports/server";
import { projectHasOverageRequestsSql, projectHasTimeEntriesSql } from "@/features/retainers/server";

/**
 * True once anything was made for the engagement's client (findings, imports, reports, letters,
 * authorization versions, linked invoices, message threads, retainer time and overage requests):
 * those rows carry the client they were made for, so the project's client no longer changes
 * (docs/PRODUCT.md#admin-projects). Each slice answers for its own rows; the projects slice, below
 * them all, takes the answer as its `ClientLockedSql`.
 */
export const clientLockedSql = (projectId: SQLWrapper) =>
  sql<boolean>`(${sql.join(
    [
      engagementHasFindingsSql(projectId),
      projectHasImportsSql(projectId),
      projectHasReportsSql(projectId),
      projectHasLettersSql(projectId),
      projectHasAuthorizationsSql(projectId),
      projectHasThreadsSql(projectId),
      projectHasTimeEntriesSql(projectId),
      projectHasOverageRequestsSql(projectId),
    ],
    sql` or `,
  )} or ${projectHasInvoicesSql(projectId)})`.mapWith(Boolean);
