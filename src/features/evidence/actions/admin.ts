"use server";
// Server actions of the evidence slice's admin side; each checks the admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { adoptPlanSchema, issuePackSchema, packIdSchema, recordCaseSchema, savePlanSchema } from "@/features/evidence/validation";
import { adoptPlan, issuePack, recordCaseResult, revokePack, savePlan } from "@/features/evidence/server";
import { getDb } from "@/server/core/get-db";

/** Saves a test plan: the latest version in place while no engagement adopted it, else the next version. */
export const savePlanAction = adminAction(savePlanSchema, (actor, input) => savePlan(getDb(), { actor, input }));

/** The engagement adopts a plan version. */
export const adoptPlanAction = adminAction(adoptPlanSchema, (actor, { projectId, planVersionId }) =>
  adoptPlan(getDb(), { actor, projectId, planVersionId }),
);

/** Records one case's result on one target. */
export const recordCaseAction = adminAction(recordCaseSchema, (actor, input) => recordCaseResult(getDb(), { actor, input }));

/** Builds, signs and publishes the engagement's evidence pack. */
export const issuePackAction = adminAction(issuePackSchema, (actor, input) => issuePack(getDb(), { actor, input }));

/** Withdraws a pack: its public page says so and its PDF leaves the vault. */
export const revokePackAction = adminAction(packIdSchema, (actor, { packId }) => revokePack(getDb(), { actor, packId }));
