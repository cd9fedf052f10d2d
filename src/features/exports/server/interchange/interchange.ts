import "server-only";
import { asc } from "drizzle-orm";
import { type AdminActor, assertAdmin, assertClient, assertFindingsVisible, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { findingFacts } from "@/features/findings/server";
import { AppError } from "@/server/core/errors";
import { serverEnv } from "@/server/core/env";
import type { FindingSeverity, FindingStatus } from "@/lib/domain/finding";
import { findingScope } from "@/features/analytics/server";
import { recordFirmAccess } from "@/features/audit/server";
import { getFirmDetails } from "@/features/settings/server";
import type { InterchangeQuery } from "../../validation";
import { toAsff } from "./asff";
import type { InterchangeFinding } from "./finding-record";
import { toOcsf } from "./ocsf";
import { toSarif } from "./sarif";
import { companyNameSql } from "@/features/clients/server";
import { projectNameSql } from "@/features/projects/server";

// The findings of a filter in the formats other tools read (docs/PRODUCT.md#exports): SARIF 2.1.0,
// OCSF 1.5 Vulnerability Finding (one JSON document per line) and ASFF. One statement reads the
// findings the analytics' filters choose; a file holds at most INTERCHANGE_MAX_FINDINGS.

export const INTERCHANGE_MAX_FINDINGS = 10_000;
const PRODUCT_VERSION = "1.0";

/** A file to download, and its documents for the company API (which answers them as JSON). */
export type InterchangeFile = { fileName: string; contentType: string; body: string; data: object };

async function readFindings(db: DbOrTx, clientId: string | null, query: InterchangeQuery): Promise<InterchangeFinding[]> {
  const findings = findingFacts(db);
  const rows = await db
    .select({
      id: findings.findingId,
      clientId: findings.clientId,
      company: companyNameSql(findings.clientId),
      projectId: findings.projectId,
      engagement: projectNameSql(findings.projectId),
      title: findings.title,
      severity: findings.severity,
      status: findings.status,
      cvssVector: findings.cvssVector,
      cvssScoreTenths: findings.cvssScoreTenths,
      cwe: findings.cwe,
      owaspLlm: findings.owaspLlm,
      atlas: findings.atlas,
      ruleId: findings.ruleId,
      sourceTool: findings.sourceTool,
      assets: findings.assets,
      description: findings.description,
      remediation: findings.remediation,
      references: findings.references,
      publishedAt: findings.publishedAt,
      updatedAt: findings.updatedAt,
      dueOn: findings.dueOn,
    })
    .from(findings)
    .where(findingScope(findings, clientId, query))
    .orderBy(asc(findings.severityRank), asc(findings.publishedAt), asc(findings.findingId))
    .limit(INTERCHANGE_MAX_FINDINGS + 1);
  if (rows.length > INTERCHANGE_MAX_FINDINGS)
    throw new AppError(
      "bad_request",
      `More than ${INTERCHANGE_MAX_FINDINGS.toLocaleString("en-US")} findings match: choose an engagement or a severity.`,
    );
  return rows.map((r) => ({
    ...r,
    severity: r.severity as FindingSeverity,
    status: r.status as FindingStatus,
    publishedAt: new Date(r.publishedAt!),
    updatedAt: new Date(r.updatedAt),
  }));
}

async function writeFile(
  db: DbOrTx,
  rows: InterchangeFinding[],
  query: InterchangeQuery,
  findingUrl: (f: InterchangeFinding) => string,
): Promise<InterchangeFile> {
  const appUrl = serverEnv().appUrl;
  const vendor = (await getFirmDetails(db)).name;
  const stamp = new Date().toISOString().slice(0, 10);
  if (query.format === "sarif") {
    const data = toSarif(rows, { toolVersion: PRODUCT_VERSION, appUrl });
    return { fileName: `findings-${stamp}.sarif`, contentType: "application/sarif+json", body: JSON.stringify(data), data };
  }
  if (query.format === "ocsf") {
    // One document per finding: JSON Lines in the file, a list for the API.
    const data = rows.map((f) => toOcsf(f, { productVersion: PRODUCT_VERSION, vendor, findingUrl: findingUrl(f) }));
    return {
      fileName: `findings-${stamp}.ocsf.jsonl`,
      contentType: "application/x-ndjson",
      body: data.map((d) => `${JSON.stringify(d)}\n`).join(""),
      data,
    };
  }
  const data = rows.map((f) => toAsff(f, { account: query.account, region: query.region }, { findingUrl: findingUrl(f), vendor }));
  return { fileName: `findings-${stamp}.asff.json`, contentType: "application/json", body: JSON.stringify(data), data };
}

/** The file as a download (never cached: it holds the company's findings). */
export const interchangeResponse = (file: InterchangeFile) =>
  new Response(file.body, {
    headers: {
      "Content-Type": `${file.contentType}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });

/** The signed-in company's published findings of a filter (a member's too, and an API token with findings:read). */
export async function exportClientInterchange(
  db: DbOrTx,
  { actor, query }: { actor: ClientActor; query: InterchangeQuery },
): Promise<InterchangeFile> {
  assertClient(actor);
  // Withheld from this member (and the company's API token) with the findings (docs/PRODUCT.md#portal-team).
  assertFindingsVisible(actor);
  // A company exports its own findings only: a client filter is the firm's alone.
  const own = { ...query, client: undefined };
  const rows = await readFindings(db, actor.clientId, own);
  // A viewing admin's export is in the company's access log (docs/PRODUCT.md#portal-access-log).
  await recordFirmAccess(db, {
    actor,
    action: "export.findings",
    clientIds: [actor.clientId],
    entityType: "finding",
    after: { format: query.format, findings: rows.length },
  });
  const appUrl = serverEnv().appUrl;
  return writeFile(db, rows, own, (f) => `${appUrl}/client-portal?section=findings&finding=${f.id}`);
}

/** The firm's export across companies (or the one the client filter names): each company's access log records it. */
export async function exportAdminInterchange(
  db: DbOrTx,
  { actor, query }: { actor: AdminActor; query: InterchangeQuery },
): Promise<InterchangeFile> {
  assertAdmin(actor);
  const rows = await readFindings(db, null, query);
  await recordFirmAccess(db, {
    actor,
    action: "export.findings",
    clientIds: [...new Set(rows.map((r) => r.clientId))],
    entityType: "finding",
    after: { format: query.format, findings: rows.length },
  });
  const appUrl = serverEnv().appUrl;
  return writeFile(db, rows, query, (f) => `${appUrl}/admin/findings/${f.id}`);
}
