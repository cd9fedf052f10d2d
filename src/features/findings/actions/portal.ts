"use server";
// The portal's Findings writes (docs/PRODUCT.md#portal-findings). Each checks the client session
// itself (clientAction: a viewing admin changes nothing) and the module scopes by the session's company.
import {
  acceptRiskSchema,
  findingCommentSchema,
  findingIdSchema,
  findingOwnerSchema,
  requestRetestSchema,
} from "@/features/findings/validation";
import { getDb } from "@/server/core/get-db";
import { clientAction } from "@/features/identity/server";
import { acceptRisk, addFindingComment, requestRetest, setRemediationOwner } from "@/features/findings/server";
import { startRemediation } from "@/features/findings/server/workflow";

export const startRemediationAction = clientAction(findingIdSchema, (actor, { findingId }) =>
  startRemediation(getDb(), { actor, findingId }),
);

export const requestRetestAction = clientAction(requestRetestSchema, (actor, input) => requestRetest(getDb(), { actor, ...input }));

export const acceptRiskAction = clientAction(acceptRiskSchema, (actor, input) => acceptRisk(getDb(), { actor, ...input }));

export const addFindingCommentAction = clientAction(findingCommentSchema, (actor, input) =>
  addFindingComment(getDb(), { actor, ...input }),
);

/** An owner names a person of the company to remediate the finding (the module refuses a member). */
export const setFindingOwnerAction = clientAction(findingOwnerSchema, (actor, input) => setRemediationOwner(getDb(), { actor, ...input }));

/** A person of the company records the model version a target of the engagement runs now (owners and members alike, as for a retest). */
