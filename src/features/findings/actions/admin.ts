"use server";
// Server actions of the admin Findings screens (docs/PRODUCT.md#admin-findings); each checks the admin session itself (adminAction).
import {
  deleteDraftsSchema,
  dueDaysSchema,
  findingOutcomeSchema,
  editFindingSchema,
  findingCommentSchema,
  findingIdSchema,
  findingOwnerSchema,
  newFindingSchema,
  publishFindingsSchema,
  retestResultSchema,
  undoOutcomeSchema,
} from "@/features/findings/validation";
import { measurementSchema } from "@/features/measurements/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { addFindingComment, setRemediationOwner } from "@/features/findings/server";
import {
  createFinding,
  deleteDraftFinding,
  deleteDraftFindings,
  publishFindings,
  setDueDays,
  updateFinding,
} from "@/features/findings/server/findings-write";
import { addFindingMeasurement } from "@/features/findings/server/measurements";
import { setFindingsOutcome, undoFindingOutcome } from "@/features/findings/server/outcomes";
import { acknowledgeRisk, recordRetestResult } from "@/features/findings/server/workflow";

export const createFindingAction = adminAction(newFindingSchema, (actor, { projectId, templateId, ...input }) =>
  createFinding(getDb(), { actor, projectId, templateId, input }),
);

export const updateFindingAction = adminAction(editFindingSchema, (actor, { findingId, ...input }) =>
  updateFinding(getDb(), { actor, findingId, input }),
);

export const deleteDraftFindingAction = adminAction(findingIdSchema, (actor, { findingId }) =>
  deleteDraftFinding(getDb(), { actor, findingId }),
);

export const publishFindingsAction = adminAction(publishFindingsSchema, (actor, input) => publishFindings(getDb(), { actor, ...input }));

export const recordRetestResultAction = adminAction(retestResultSchema, (actor, input) => recordRetestResult(getDb(), { actor, ...input }));

export const acknowledgeRiskAction = adminAction(findingIdSchema, (actor, { findingId }) => acknowledgeRisk(getDb(), { actor, findingId }));

export const setDueDaysAction = adminAction(dueDaysSchema, (actor, input) => setDueDays(getDb(), { actor, input }));

export const addAdminFindingCommentAction = adminAction(findingCommentSchema, (actor, input) =>
  addFindingComment(getDb(), { actor, ...input }),
);

export const setAdminFindingOwnerAction = adminAction(findingOwnerSchema, (actor, input) =>
  setRemediationOwner(getDb(), { actor, ...input }),
);
export const deleteDraftFindingsAction = adminAction(deleteDraftsSchema, (actor, input) =>
  deleteDraftFindings(getDb(), { actor, ...input }),
);

export const setFindingsOutcomeAction = adminAction(findingOutcomeSchema, (actor, change) =>
  setFindingsOutcome(getDb(), { actor, change }),
);

export const undoFindingOutcomeAction = adminAction(undoOutcomeSchema, (actor, input) => undoFindingOutcome(getDb(), { actor, ...input }));

/** The firm records an AI finding's measurement by hand (docs/PRODUCT.md#measured-ai-findings); audited. */
export const addFindingMeasurementAction = adminAction(measurementSchema, (actor, input) =>
  addFindingMeasurement(getDb(), { actor, input }),
);
