import "server-only";
import { z } from "zod";
import {
  type apiFindingsQuerySchema,
  type apiFindingAnswerSchema,
  type apiFindingListItemSchema,
  type apiFindingPageSchema,
} from "@/features/api/validation";
import { uuidSchema } from "@/lib/validation/common";
import type { DbOrTx } from "@/server/core/db/client";
import { type FindingDetail, type FindingPageItem, getFinding, pageClientFindings } from "@/features/findings/server";
import type { ApiCaller } from "../token-auth";
import { decodeCursor, encodeCursor } from "./cursor";

const findingCursorSchema = z.object({ u: z.iso.datetime(), i: uuidSchema });

/** A finding in a list: what the portal's list shows, with the time it last changed. */
const listShape = (f: FindingPageItem): z.output<typeof apiFindingListItemSchema> => ({
  id: f.id,
  title: f.title,
  severity: f.severity,
  status: f.status,
  cvssScore: f.cvssScoreTenths === null ? null : f.cvssScoreTenths / 10,
  projectId: f.projectId,
  projectName: f.projectName,
  dueOn: f.dueOn,
  overdue: f.overdue,
  publishedAt: f.publishedAt,
  updatedAt: f.updatedAt,
  owaspLlm: f.owaspLlm,
  atlas: f.atlas,
});

/** GET /api/v1/findings: the company's published findings, oldest change first, a page at a time. */
export async function apiListFindings(
  db: DbOrTx,
  caller: ApiCaller,
  q: z.output<typeof apiFindingsQuerySchema>,
): Promise<z.output<typeof apiFindingPageSchema>> {
  const after = decodeCursor(findingCursorSchema, q.cursor);
  const { items, next } = await pageClientFindings(db, {
    actor: caller.actor,
    filter: {
      severity: q.severity,
      status: q.status,
      engagement: q.engagement,
      owasp: q.owasp,
      atlas: q.atlas,
      overdue: q.overdue,
      closed: q.closed,
    },
    updatedSince: q.updatedSince ? new Date(q.updatedSince) : null,
    after: after ? { updatedAt: after.u, id: after.i } : null,
    limit: q.limit,
  });
  return { data: items.map(listShape), nextCursor: next ? encodeCursor({ u: next.updatedAt, i: next.id }) : null };
}

/** A finding as the portal shows it to a member: its text, timeline, retests and comments (no evidence files). */
const detailShape = (f: FindingDetail) => ({
  id: f.id,
  title: f.title,
  severity: f.severity,
  status: f.status,
  cvssScore: f.cvssScoreTenths === null ? null : f.cvssScoreTenths / 10,
  cvssVector: f.cvssVector,
  projectId: f.projectId,
  projectName: f.projectName,
  dueOn: f.dueOn,
  overdue: f.overdue,
  publishedAt: f.publishedAt,
  owaspLlm: f.owaspLlm,
  atlas: f.atlas,
  assets: f.assets,
  description: f.description,
  remediation: f.remediation,
  references: f.references,
  ruleId: f.ruleId,
  riskReason: f.riskReason,
  riskExpiresOn: f.riskExpiresOn,
  owner: f.owner ? { name: f.owner.name } : null,
  outcomeReason: f.outcomeReason,
  duplicateOf: f.duplicateOf,
  retests: f.retests,
  events: f.events,
  comments: f.comments,
});

/** GET /api/v1/findings/{id}: one published finding of the company, else 404 like a missing one. */
export async function apiGetFinding(db: DbOrTx, caller: ApiCaller, findingId: string): Promise<z.output<typeof apiFindingAnswerSchema>> {
  // getFinding answers another company's finding, or a draft, as missing (the client scope); the
  // declared path schema has already answered a malformed id the same way.
  const finding = await getFinding(db, { actor: caller.actor, findingId });
  return { data: detailShape(finding) };
}
