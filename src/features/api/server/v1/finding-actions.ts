import "server-only";
import type { z } from "zod";
import {
  type apiCommentBodySchema,
  type apiCreatedSchema,
  type apiFindingChangeSchema,
  type apiRemediationOwnerBodySchema,
  type apiRetestRequestBodySchema,
  type apiRiskAcceptanceBodySchema,
  type apiRunBodySchema,
  type apiRunSchema,
} from "@/features/api/validation";
import type { Db } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import {
  acceptRisk,
  addFindingComment,
  getFinding,
  listOwnerOptions,
  recordClientRun,
  requestRetest,
  setRemediationOwner,
} from "@/features/findings/server";
import type { ApiCaller } from "../token-auth";

// The client's own moves on a published finding (docs/PRODUCT.md#api-and-webhooks), through the
// very functions the portal's actions call: the same checks, timeline entries, mails and webhooks.
// The timeline names the token ("API token "…"") as their author.

/** The finding after a change, as the write answers it. */
async function changed(db: Db, caller: ApiCaller, findingId: string): Promise<z.output<typeof apiFindingChangeSchema>> {
  const finding = await getFinding(db, { actor: caller.actor, findingId });
  return {
    data: {
      id: finding.id,
      status: finding.status,
      owner: finding.owner ? { name: finding.owner.name } : null,
    },
  };
}

/** POST /api/v1/findings/{id}/comments. */
export async function apiAddComment(
  db: Db,
  caller: ApiCaller,
  findingId: string,
  body: z.output<typeof apiCommentBodySchema>,
): Promise<z.output<typeof apiCreatedSchema>> {
  const { commentId } = await addFindingComment(db, { actor: caller.actor, findingId, ...body });
  return { data: { id: commentId } };
}

/** POST /api/v1/findings/{id}/retest-requests: the finding is fixed, please retest. */
export async function apiRequestRetest(
  db: Db,
  caller: ApiCaller,
  findingId: string,
  body: z.output<typeof apiRetestRequestBodySchema>,
): Promise<z.output<typeof apiCreatedSchema>> {
  const { retestId } = await requestRetest(db, { actor: caller.actor, findingId, ...body });
  return { data: { id: retestId } };
}

/** POST /api/v1/findings/{id}/risk-acceptance. */
export async function apiAcceptRisk(
  db: Db,
  caller: ApiCaller,
  findingId: string,
  body: z.output<typeof apiRiskAcceptanceBodySchema>,
): Promise<z.output<typeof apiFindingChangeSchema>> {
  await acceptRisk(db, { actor: caller.actor, findingId, ...body });
  return changed(db, caller, findingId);
}

/** PUT /api/v1/findings/{id}/remediation-owner: a person of the company by e-mail, or null for none. */
export async function apiSetRemediationOwner(
  db: Db,
  caller: ApiCaller,
  findingId: string,
  body: z.output<typeof apiRemediationOwnerBodySchema>,
): Promise<z.output<typeof apiFindingChangeSchema>> {
  const { ownerEmail } = body;
  let ownerUserId: string | null = null;
  if (ownerEmail !== null) {
    const people = await listOwnerOptions(db, { actor: caller.actor, clientId: caller.actor.clientId });
    const person = people.find((p) => p.email.toLowerCase() === ownerEmail.toLowerCase());
    const message = "No active person of your company has this e-mail address.";
    if (!person) throw new AppError("bad_request", message, { fieldErrors: { ownerEmail: message } });
    ownerUserId = person.userId;
  }
  await setRemediationOwner(db, { actor: caller.actor, findingId, ownerUserId });
  return changed(db, caller, findingId);
}

/**
 * POST /api/v1/findings/{id}/runs: a run of the company's CI (typically of the finding's reproducer)
 * posted back; with successes on a fixed finding it becomes Regressed (docs/PRODUCT.md#measured-ai-findings).
 */
export async function apiRecordRun(
  db: Db,
  caller: ApiCaller,
  findingId: string,
  body: z.output<typeof apiRunBodySchema>,
): Promise<z.output<typeof apiRunSchema>> {
  const run = await recordClientRun(db, { actor: caller.actor, findingId, input: body });
  return { data: { id: run.measurementId, findingId, status: run.status, regressed: run.regressed, rate: run.rate } };
}
