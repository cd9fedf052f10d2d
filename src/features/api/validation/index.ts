import "@/lib/validation/zod-config";
import { z } from "zod";
import { omit } from "zod/mini";
import { interchangeQuerySchema } from "@/features/exports/validation";
import { ATLAS_TECHNIQUE_IDS, OWASP_LLM_IDS } from "@/lib/domain/ai-taxonomy";
import { FINDING_SEVERITIES, FINDING_STATUSES } from "@/lib/domain/finding";
import { uuidSchema } from "@/lib/validation/common";
import { ACCESS_LOG_KIND_VALUES } from "@/lib/domain/access-log";
import { acceptRiskSchema, findingCommentSchema, requestRetestSchema } from "@/features/findings/validation";
import { clientRunSchema, modelVersionFields } from "@/features/measurements/validation";

export { createApiTokenSchema, type CreateApiTokenInput } from "./token";

export const apiTokenIdSchema = z.object({ tokenId: uuidSchema });

/** How many items one page holds: `limit`, 1 to 100, 50 when not given. */
export const pageLimitSchema = z.coerce
  .number({ error: "limit must be a number from 1 to 100" })
  .int("limit must be a whole number from 1 to 100")
  .min(1, "limit must be a number from 1 to 100")
  .max(100, "limit must be a number from 1 to 100")
  .default(50);

/** The opaque `cursor` of a page: the `nextCursor` of the one before. */
export const cursorSchema = z.string().max(200, "cursor is not valid: pass the nextCursor of the previous page").optional();

const flag = z
  .enum(["true", "false"], { error: "Use true or false" })
  .optional()
  .transform((v) => v === "true");

/** GET /api/v1/findings: the portal's filters, refused rather than ignored when not valid. */
export const apiFindingsQuerySchema = z.object({
  severity: z.enum(FINDING_SEVERITIES, { error: `severity must be one of ${FINDING_SEVERITIES.join(", ")}` }).optional(),
  status: z.enum(FINDING_STATUSES, { error: `status must be one of ${FINDING_STATUSES.join(", ")}` }).optional(),
  engagement: z.optional(uuidSchema),
  owasp: z.enum(OWASP_LLM_IDS, { error: "owasp must be an OWASP Top 10 for LLM Applications id, such as LLM01" }).optional(),
  atlas: z.enum(ATLAS_TECHNIQUE_IDS, { error: "atlas must be a MITRE ATLAS technique id, such as AML.T0051" }).optional(),
  overdue: flag,
  closed: flag,
  updatedSince: z.iso.datetime({ offset: true, error: "updatedSince must be a date and time, such as 2026-01-31T12:00:00Z" }).optional(),
  cursor: cursorSchema,
  limit: pageLimitSchema,
});
export type ApiFindingsQuery = z.output<typeof apiFindingsQuerySchema>;

/** GET /api/v1/projects. */
export const apiPageQuerySchema = z.object({ cursor: cursorSchema, limit: pageLimitSchema });

/** GET /api/v1/retests: a page, of the requests still waiting for the firm's result when `open=true`. */
export const apiRetestsQuerySchema = apiPageQuerySchema.extend({ open: flag });

/** GET /api/v1/access-log: a page, of one kind of access or all. */
export const apiAccessLogQuerySchema = apiPageQuerySchema.extend({
  kind: z.enum(ACCESS_LOG_KIND_VALUES, { error: `kind must be one of ${ACCESS_LOG_KIND_VALUES.join(", ")}` }).optional(),
});

// The writes' bodies: the portal's own schemas, the finding named by the path instead.
// (The portal's schemas are zod/mini: the forms ship them to the browser.)
export const apiCommentBodySchema = omit(findingCommentSchema, { findingId: true });
export const apiRetestRequestBodySchema = omit(requestRetestSchema, { findingId: true });
export const apiRiskAcceptanceBodySchema = omit(acceptRiskSchema, { findingId: true });
const OWNER_EMAIL = "ownerEmail must be the e-mail address of an active person of your company, or null for none";
/** The API names a remediation owner by e-mail (user ids are the portal's own). */
export const apiRemediationOwnerBodySchema = z.object({
  ownerEmail: z.email({ error: OWNER_EMAIL }).max(254, OWNER_EMAIL).nullable(),
});

/** PUT /api/v1/projects/{id}/model-versions: the version the company runs now on one of the engagement's targets. */
export const apiModelVersionBodySchema = z.object(modelVersionFields);

/** POST /api/v1/findings/{id}/runs: a run of the company's CI (the reproducer's counts). */
export const apiRunBodySchema = clientRunSchema;

/** POST /api/v1/projects/{id}/runs: a scheduled re-run of the engagement target's reproducers, each finding's counts. */
export { rerunSchema as apiRerunBodySchema } from "@/features/measurements/validation";

export * from "./responses";

/** GET /api/v1/exports/findings (docs/PRODUCT.md#exports): the interchange export's query, the company's own findings. */
export const apiInterchangeQuerySchema = omit(interchangeQuerySchema, { client: true });
/** The documents: a SARIF log, a list of OCSF Vulnerability Findings, or a list of ASFF findings. */
export const apiInterchangeAnswerSchema = z.object({
  data: z.union([z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))]),
});
