import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import {
  ATLAS_TECHNIQUE_IDS,
  canonicalAtlas,
  canonicalOwaspLlm,
  isAtlasTechniqueId,
  isOwaspLlmId,
  OWASP_LLM_IDS,
} from "@/lib/domain/ai-taxonomy";
import { FINDING_OUTCOMES, FINDING_SEVERITIES, FINDING_STATUSES, RETEST_RESULTS } from "@/lib/domain/finding";
import { pageNumber, searchText } from "@/lib/validation/admin-fields";
import { isoDateSchema, text, uuidSchema } from "@/lib/validation/common";
import {
  judgeFields,
  measurementCounts,
  measurementTarget,
  reviewComplete,
  reviewFields,
  successesWithinTrials,
} from "@/features/measurements/validation";

/** Limits of a finding (docs/PRODUCT.md#admin-findings). */
export const FINDING_TITLE_MAX = 200;
export const FINDING_TEXT_MAX = 20000;
export const FINDING_ASSETS_MAX = 2000;
export const FINDING_NOTE_MAX = 2000;
export const CVSS_VECTOR_MAX = 200;

// Printable text with newlines and tabs; other control characters are refused like a message's.
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
export const printable = (max: number) => text(max).check(z.refine((value) => !CONTROL.test(value), "Contains an invalid character"));

const required = (max: number, message: string) => z.pipe(printable(max), z.string().check(z.minLength(1, message)));

/**
 * A list of taxonomy ids as the form sends it: each must be one of the list's, so a typo is a 400
 * that names it (on the field, not on one element). Stored once each, in the list's order.
 */
const taxonomyIds = <T extends string>(known: (id: string) => boolean, canonical: (ids: string[]) => T[], what: string, max: number) =>
  z.pipe(
    z
      .array(z.string({ error: `Choose ${what} from the list` }).check(z.maxLength(40, `Unknown ${what}`)), {
        error: `Choose ${what} from the list`,
      })
      .check(
        z.maxLength(max, `Too many ids for ${what}`),
        z.superRefine((ids: string[], ctx) => {
          const unknown = ids.find((id) => !known(id));
          if (unknown !== undefined) ctx.addIssue({ code: "custom", message: `Unknown ${what}: ${unknown}` });
        }),
      ),
    z.transform((ids: string[]) => canonical(ids)),
  );

/** OWASP Top 10 for LLM Applications 2025 ids (LLM01–LLM10) of a finding or template. */
export const owaspLlmIdsSchema = taxonomyIds(isOwaspLlmId, canonicalOwaspLlm, "OWASP LLM category", OWASP_LLM_IDS.length * 2);
/** MITRE ATLAS technique ids of a finding or template (the ones src/lib/domain/ai-taxonomy.ts lists). */
export const atlasIdsSchema = taxonomyIds(isAtlasTechniqueId, canonicalAtlas, "MITRE ATLAS technique", ATLAS_TECHNIQUE_IDS.length * 2);

/** Printable text that may be left out: missing is "". */
const optionalPrintable = (max: number) => z._default(z.optional(printable(max)), "");

/**
 * A finding as the firm writes it. With a CVSS vector the server computes score and severity. The
 * taxonomy left out of an edit stays as it is.
 */
export const findingInputSchema = z.object({
  title: required(FINDING_TITLE_MAX, "Please enter a title"),
  severity: z.enum(FINDING_SEVERITIES, { error: "Choose a severity" }),
  cvssVector: optionalPrintable(CVSS_VECTOR_MAX),
  assets: optionalPrintable(FINDING_ASSETS_MAX),
  description: optionalPrintable(FINDING_TEXT_MAX),
  remediation: optionalPrintable(FINDING_TEXT_MAX),
  references: optionalPrintable(FINDING_TEXT_MAX),
  owaspLlm: z.optional(owaspLlmIdsSchema),
  atlas: z.optional(atlasIdsSchema),
});
export type FindingInput = z.input<typeof findingInputSchema>;

// A new finding may start from a template: its CWE and taxonomy come along (docs/PRODUCT.md#admin-finding-templates).
export const newFindingSchema = z.extend(findingInputSchema, { projectId: uuidSchema, templateId: z.optional(uuidSchema) });
export const editFindingSchema = z.extend(findingInputSchema, { findingId: uuidSchema });

export const findingIdSchema = z.object({ findingId: uuidSchema });

export const publishFindingsSchema = z.object({
  projectId: uuidSchema,
  findingIds: z
    .array(uuidSchema)
    .check(z.minLength(1, "Choose at least one draft to publish"), z.maxLength(1000, "Publish at most 1,000 at a time")),
});

const note = (message: string) => required(FINDING_NOTE_MAX, message);

/** Drafts of one engagement to delete at once (published findings are never deleted). */
export const deleteDraftsSchema = z.object({
  projectId: uuidSchema,
  findingIds: z
    .array(uuidSchema)
    .check(z.minLength(1, "Choose at least one draft to delete"), z.maxLength(1000, "Delete at most 1,000 at a time")),
});

const blankAsMissing = z.pipe(
  z.literal(""),
  z.transform(() => undefined),
);

/** The longest name of the client's person who agreed to a won't fix. */
export const AGREED_BY_MAX = 200;

/**
 * The firm's outcome for published findings of one engagement, with one reason for all. A
 * duplicate names its original, so it is one finding at a time; a won't fix names who of the
 * client agreed and when.
 */
export const findingOutcomeSchema = z
  .object({
    projectId: uuidSchema,
    findingIds: z
      .array(uuidSchema)
      .check(z.minLength(1, "Choose at least one finding"), z.maxLength(1000, "Change at most 1,000 at a time")),
    outcome: z.enum(FINDING_OUTCOMES, { error: "Choose an outcome" }),
    reason: note("Please give the reason"),
    duplicateOfId: z.union([z.optional(uuidSchema), blankAsMissing]),
    agreedByName: optionalPrintable(AGREED_BY_MAX),
    agreedOn: z.union([z.optional(isoDateSchema), blankAsMissing]),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.outcome === "duplicate") {
        if (value.findingIds.length !== 1)
          ctx.addIssue({ code: "custom", path: ["findingIds"], message: "Mark duplicates one at a time: each names its original." });
        if (!value.duplicateOfId) ctx.addIssue({ code: "custom", path: ["duplicateOfId"], message: "Choose the original finding" });
      }
      if (value.outcome === "wont_fix") {
        if (!value.agreedByName.trim())
          ctx.addIssue({ code: "custom", path: ["agreedByName"], message: "Name the client's person who agreed" });
        if (!value.agreedOn) ctx.addIssue({ code: "custom", path: ["agreedOn"], message: "Enter the date they agreed" });
      }
    }),
  );
export type FindingOutcomeInput = z.input<typeof findingOutcomeSchema>;

/** The firm undoes an outcome: the finding is Open again, with a note for the timeline. */
export const undoOutcomeSchema = z.object({ findingId: uuidSchema, note: optionalPrintable(FINDING_NOTE_MAX) });

/** The client marks a finding fixed and asks for a retest, with a note for the tester. */
export const requestRetestSchema = z.object({ findingId: uuidSchema, note: note("Please say what was fixed") });
export type RequestRetestInput = z.input<typeof requestRetestSchema>;

/**
 * The firm's retest result. A finding that is not an AI one takes the result the firm chooses; an
 * AI finding's retest gives its counts (trials, successes, the model version tried) and its result
 * follows from them (docs/PRODUCT.md#measured-ai-findings): a result sent along must agree.
 */
export const retestResultSchema = z
  .object({
    findingId: uuidSchema,
    result: z.optional(z.enum(RETEST_RESULTS, { error: "Choose a result" })),
    note: optionalPrintable(FINDING_NOTE_MAX),
    trials: z.optional(measurementCounts.trials),
    successes: z.optional(measurementCounts.successes),
    ...measurementTarget,
    ...judgeFields,
    ...reviewFields,
  })
  .check(
    z.superRefine((value, ctx) => {
      reviewComplete(value, ctx);
      if ((value.trials === undefined) !== (value.successes === undefined))
        ctx.addIssue({
          code: "custom",
          path: [value.trials === undefined ? "trials" : "successes"],
          message: "Give both the trials and the successes",
        });
      else if (value.trials !== undefined && value.successes !== undefined)
        successesWithinTrials({ trials: value.trials, successes: value.successes }, ctx);
    }),
  );
export type RetestResultInput = z.input<typeof retestResultSchema>;

/** An owner accepts the risk of a finding until a date, with the reason. */
export const acceptRiskSchema = z.object({
  findingId: uuidSchema,
  reason: note("Please give the reason"),
  expiresOn: isoDateSchema,
});
export type AcceptRiskInput = z.input<typeof acceptRiskSchema>;

export const findingCommentSchema = z.object({ findingId: uuidSchema, body: note("Please write a comment") });
export type FindingCommentInput = z.input<typeof findingCommentSchema>;

const days = z.coerce
  .number({ error: "Enter a number of days" })
  .check(z.int("Enter whole days"), z.gte(1, "At least 1 day"), z.lte(3650, "At most 3,650 days"));

/** An engagement's days from publishing to the due date, per severity. */
export const dueDaysSchema = z.object({ projectId: uuidSchema, critical: days, high: days, medium: days, low: days });
export type DueDaysInput = z.input<typeof dueDaysSchema>;

/** A query-string switch: "1" is on, anything else off. */
const flag = () =>
  z.pipe(
    z.catch(z.optional(z.literal("1")), undefined),
    z.transform((v: "1" | undefined) => v === "1"),
  );

/** The portal list's filters, from the query string; anything unknown falls back to all. */
export const findingFilterSchema = z.object({
  severity: z.catch(z.optional(z.enum(FINDING_SEVERITIES)), undefined),
  status: z.catch(z.optional(z.enum(FINDING_STATUSES)), undefined),
  engagement: z.catch(z.optional(uuidSchema), undefined),
  mine: flag(),
  overdue: flag(),
  // The AI-security taxonomy: one OWASP LLM category, one ATLAS technique (its sub-techniques too).
  owasp: z.catch(z.optional(z.enum(OWASP_LLM_IDS)), undefined),
  atlas: z.catch(z.optional(z.enum(ATLAS_TECHNIQUE_IDS)), undefined),
  // "Show closed by the firm": withdrawn, false-positive and duplicate findings are left out unless asked for.
  closed: flag(),
});
/** The filters a list read takes: "Assigned to me" is off and closed-by-the-firm findings are left out unless asked for. */
export type FindingFilter = Omit<z.output<typeof findingFilterSchema>, "mine" | "closed"> & { mine?: boolean; closed?: boolean };

/** The admin Engagements list's address: search text and page (docs/PRODUCT.md#admin-engagements). */
export const engagementListQuerySchema = z.object({ q: z._default(searchText, ""), page: z._default(pageNumber, 1) });
export type EngagementListQuery = z.output<typeof engagementListQuerySchema>;

/** Names (or, with null, clears) a finding's remediation owner: a person of the finding's company. */
export const findingOwnerSchema = z.object({
  findingId: uuidSchema,
  // A user id, or "" / null for none.
  ownerUserId: z.pipe(
    z.nullable(
      z
        .string({ error: "Choose a person of the company" })
        .check(z.maxLength(100, "Choose a person of the company"), z.regex(/^[\w-]*$/, "Choose a person of the company")),
    ),
    z.transform((v: string | null) => v || null),
  ),
});
export type FindingOwnerInput = z.input<typeof findingOwnerSchema>;

/** A reproducer's download: the fresh proof the route asks for, as a report's (docs/PRODUCT.md#measured-ai-findings). */
export { stepUpProofSchema as reproducerDownloadSchema } from "@/features/identity/validation/step-up";
