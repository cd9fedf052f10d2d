import "@/lib/validation/zod-config";
import { z } from "zod";
import { SHARE_ITEM_KINDS, SHARE_MODES, SHARE_NDA_KINDS } from "@/lib/domain/share";
import { FINDING_SEVERITIES, FINDING_STATUSES, RETEST_RESULTS } from "@/lib/domain/finding";
import { INVOICE_STATUSES } from "@/lib/domain/invoice-status";
import { PROJECT_STATUSES } from "@/lib/domain/project-status";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_ENDPOINT_KINDS, WEBHOOK_ENDPOINT_STATES, WEBHOOK_EVENT_TYPES } from "@/lib/domain/webhook";

// What the company API answers (docs/PRODUCT.md#api-and-webhooks), written once: the routes' values
// are typed by these, the OpenAPI document is generated from them, and the tests parse real answers
// with them (strict: a field the document does not name fails), so a route and its document cannot
// disagree unnoticed.

const isoDateTime = z.string().describe("An ISO 8601 date and time (UTC)");
const isoDate = z.string().describe("A date, YYYY-MM-DD");

export const apiProjectSchema = z.strictObject({
  id: z.uuid(),
  projectName: z.string(),
  description: z.string().nullable(),
  status: z.enum(PROJECT_STATUSES),
  startDate: isoDate,
  targetCompletionDate: isoDate.nullable(),
  awaitingSignature: z.boolean().describe("The newest testing authorization waits for the company's signature"),
});

export const apiFindingListItemSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  status: z.enum(FINDING_STATUSES),
  cvssScore: z.number().nullable(),
  projectId: z.uuid(),
  projectName: z.string(),
  dueOn: isoDate.nullable().describe("Null once the finding is no longer to be dealt with"),
  overdue: z.boolean(),
  publishedAt: isoDateTime.nullable(),
  updatedAt: isoDateTime.describe("When it last changed, to the microsecond: the list's order"),
  owaspLlm: z.array(z.string()),
  atlas: z.array(z.string()),
});

const actorName = z.string();
export const apiFindingSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  severity: z.enum(FINDING_SEVERITIES),
  status: z.enum(FINDING_STATUSES),
  cvssScore: z.number().nullable(),
  cvssVector: z.string().nullable(),
  projectId: z.uuid(),
  projectName: z.string(),
  dueOn: isoDate.nullable(),
  overdue: z.boolean(),
  publishedAt: isoDateTime.nullable(),
  owaspLlm: z.array(z.string()),
  atlas: z.array(z.string()),
  assets: z.string(),
  description: z.string().describe("Markdown"),
  remediation: z.string().describe("Markdown"),
  references: z.string(),
  ruleId: z.string().nullable(),
  riskReason: z.string().nullable(),
  riskExpiresOn: isoDate.nullable(),
  owner: z.strictObject({ name: z.string() }).nullable(),
  outcomeReason: z.string().nullable(),
  duplicateOf: z.strictObject({ id: z.uuid(), title: z.string() }).nullable(),
  retests: z.array(
    z.strictObject({
      id: z.uuid(),
      note: z.string(),
      requestedByName: actorName,
      requestedAt: isoDateTime,
      result: z.enum(RETEST_RESULTS).nullable(),
      resultNote: z.string().nullable(),
      decidedAt: isoDateTime.nullable(),
    }),
  ),
  events: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      fromStatus: z.enum(FINDING_STATUSES).nullable(),
      toStatus: z.enum(FINDING_STATUSES).nullable(),
      note: z.string().nullable(),
      actorName,
      actorRole: z.enum(["client", "admin"]),
      createdAt: isoDateTime,
    }),
  ),
  comments: z.array(
    z.strictObject({ id: z.string(), body: z.string(), actorName, actorRole: z.enum(["client", "admin"]), createdAt: isoDateTime }),
  ),
});

export const apiReportSchema = z.strictObject({
  id: z.uuid(),
  title: z.string(),
  version: z.number().int().describe("1 for the first version; a new version supersedes the one before"),
  projectId: z.uuid(),
  projectName: z.string(),
  fileSize: z.number().int().describe("Bytes of the PDF"),
  publishedAt: isoDateTime,
});

const cents = z.number().int().describe("US cents");
export const apiInvoiceSchema = z.strictObject({
  id: z.uuid(),
  invoiceNumber: z.string(),
  description: z.string().nullable(),
  projectId: z.uuid().nullable(),
  status: z.enum(INVOICE_STATUSES),
  amountCents: cents,
  paidCents: cents,
  issuedDate: isoDate.nullable(),
  dueDate: isoDate.nullable(),
  paidDate: isoDate.nullable(),
});

export const apiRetestSchema = z.strictObject({
  id: z.uuid(),
  findingId: z.uuid(),
  findingTitle: z.string(),
  note: z.string().describe("What the company says was fixed"),
  requestedByName: z.string(),
  requestedAt: isoDateTime,
  result: z.enum(RETEST_RESULTS).nullable().describe("Null while the firm has not retested"),
  resultNote: z.string().nullable(),
  decidedAt: isoDateTime.nullable(),
});

export const apiLetterSchema = z.strictObject({
  id: z.uuid(),
  projectId: z.uuid(),
  code: z.string().describe("The letter's code, as printed on it"),
  verifyUrl: z.string().describe("The public page where anyone can check the letter"),
  state: z.enum(["Valid", "Superseded", "Revoked"]),
  issuedAt: isoDateTime,
  supersededAt: isoDateTime.nullable(),
  revokedAt: isoDateTime.nullable(),
});

export const apiAccessLogEntrySchema = z.strictObject({
  id: z.number().int().describe("Rises with each entry written"),
  action: z.string().describe("What the firm did, such as finding.view or client.view_as.start"),
  who: z.string().describe("The firm's person, by name as written then"),
  whoEmail: z.string(),
  item: z.string().describe("What was reached, when the action names one"),
  viewingPortal: z.boolean().describe("Done while viewing the company's portal"),
  at: isoDateTime,
  chainSeq: z.number().int().nullable().describe("The entry's number in the company's hash chain"),
  chainHash: z.string().nullable().describe("SHA-256 (hex) of the previous hash and the entry"),
});

export const apiSignedHeadSchema = z
  .strictObject({
    seq: z.number().int(),
    hash: z.string(),
    jws: z.string().describe("The firm's signature of the head, a compact JWS (check it with the firm's published key)"),
    signedAt: isoDateTime,
  })
  .describe("The chain's newest signed head (signed daily): keep it to prove later that no entry up to it was changed or removed");

export const apiWebhookEndpointSchema = z.strictObject({
  id: z.uuid(),
  kind: z.enum(WEBHOOK_ENDPOINT_KINDS),
  url: z.string().describe("A Slack or Teams address shows its host only: the rest is a secret"),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  state: z.enum(WEBHOOK_ENDPOINT_STATES),
  failingSince: isoDateTime.nullable(),
  disabledReason: z.string().nullable(),
  createdByName: z.string(),
  createdAt: isoDateTime,
  lastDelivery: z
    .strictObject({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), statusCode: z.number().int().nullable(), at: isoDateTime.nullable() })
    .nullable(),
  held: z
    .strictObject({ count: z.number().int(), from: isoDateTime, to: isoDateTime })
    .nullable()
    .describe("Events held while the endpoint was off, from the first to the last: an owner turning it on delivers or skips them"),
});

/** A page of a list: its items and the cursor of the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ data: z.array(item), nextCursor: z.string().nullable() });

export const apiProjectPageSchema = pageOf(apiProjectSchema);
export const apiFindingPageSchema = pageOf(apiFindingListItemSchema);
export const apiReportPageSchema = pageOf(apiReportSchema);
export const apiInvoicePageSchema = pageOf(apiInvoiceSchema);
export const apiLetterPageSchema = pageOf(apiLetterSchema);
export const apiRetestPageSchema = pageOf(apiRetestSchema);
export const apiAccessLogPageSchema = z.strictObject({
  data: z.array(apiAccessLogEntrySchema),
  nextCursor: z.string().nullable(),
  signedHead: apiSignedHeadSchema.nullable(),
});
export const apiWebhookEndpointListSchema = z.strictObject({ data: z.array(apiWebhookEndpointSchema) });
export const apiFindingAnswerSchema = z.strictObject({ data: apiFindingSchema });

/** What a write made: its id. */
export const apiCreatedSchema = z.strictObject({ data: z.strictObject({ id: z.uuid() }) });
/** A finding after a client's change: its status and remediation owner. */
export const apiFindingChangeSchema = z.strictObject({
  data: z.strictObject({
    id: z.uuid(),
    status: z.enum(FINDING_STATUSES),
    owner: z.strictObject({ name: z.string() }).nullable(),
  }),
});
/** The version a target of an engagement runs now, as recorded, with the findings not verified on it. */
export const apiModelVersionSchema = z.strictObject({
  data: z.strictObject({
    projectId: z.uuid(),
    provider: z.string().nullable(),
    modelId: z.string(),
    modelVersion: z.string(),
    recordedAt: isoDateTime,
    recordedBy: z.string().describe("The person, or the API token, who recorded it"),
    changed: z.boolean().describe("False when this version was already the one recorded (nothing added)"),
    notVerifiedFindingIds: z
      .array(z.uuid())
      .describe("The engagement's Verified Fixed findings last measured on this target on another version: retest them"),
  }),
});
/** A run of the company's CI, stored as a measurement of the finding. */
export const apiRunSchema = z.strictObject({
  data: z.strictObject({
    id: z.uuid().describe("The measurement the run was stored as"),
    findingId: z.uuid(),
    status: z.enum(FINDING_STATUSES).describe("The finding's status after the run"),
    regressed: z.boolean().describe("True when this run turned a fixed finding into Regressed"),
    rate: z.string().describe('The run\'s rate in words: "3.0% (3 of 100; 95% interval …) on gateway-model 2026-12"'),
  }),
});
export const apiRerunSchema = z.strictObject({
  data: z.strictObject({
    id: z.uuid().describe("The run, compared with the previous run on the same model version in the portal"),
    projectId: z.uuid(),
    findings: z.int().describe("How many findings' counts the run stored"),
    regressed: z.int().describe("How many fixed findings this run turned Regressed"),
  }),
});
export const apiWebhookCreatedSchema = z.strictObject({
  data: z.strictObject({
    id: z.uuid(),
    secret: z.string().nullable().describe("A signed endpoint's whsec_ secret, answered this once (null for Slack and Teams)"),
  }),
});

/** RFC 9457 problem details, as every error is answered. */
export const apiProblemSchema = z.strictObject({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().describe("The message to show"),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});

const apiCoverageCountsSchema = z.strictObject({
  total: z.number().int(),
  run: z.number().int().describe("Held plus failed"),
  held: z.number().int(),
  failed: z.number().int(),
  notApplicable: z.number().int(),
  blocked: z.number().int(),
  notStarted: z.number().int(),
});
/** An engagement's coverage record (docs/PRODUCT.md#evidence-packs): each case on each target, and the counts per control. */
export const apiCoverageSchema = z.strictObject({
  data: z.strictObject({
    projectId: z.uuid(),
    plan: z.strictObject({ name: z.string(), version: z.number().int(), atlasRelease: z.string() }),
    summary: z.string().describe('"41 of 46 cases run, 37 held, 4 failed, 5 not applicable"'),
    counts: apiCoverageCountsSchema,
    targets: z.array(z.string()),
    cases: z.array(
      z.strictObject({
        no: z.string(),
        title: z.string(),
        acceptance: z.string(),
        owasp: z.string(),
        atlas: z.string(),
        euAiAct: z.array(z.string()),
        nist: z.array(z.string()),
        iso42001: z.array(z.string()),
      }),
    ),
    results: z.array(
      z.strictObject({
        caseNo: z.string(),
        target: z.string(),
        status: z.enum(["not_started", "held", "failed", "not_applicable", "blocked"]),
        trials: z.number().int().nullable(),
        successes: z.number().int().nullable(),
        reason: z.string().nullable(),
        findingIds: z.array(z.uuid()).describe("Published findings only"),
      }),
    ),
    families: z.array(
      z.strictObject({
        family: z.string(),
        counts: apiCoverageCountsSchema,
        controls: z.array(z.strictObject({ id: z.string(), label: z.string(), counts: apiCoverageCountsSchema })),
      }),
    ),
  }),
});
/** The engagement's current evidence pack: its code, the signed facts (the hashes) and the OSCAL twin; the PDF stays in the portal's vault. */
export const apiEvidencePackSchema = z.strictObject({
  data: z.strictObject({
    id: z.uuid(),
    projectId: z.uuid(),
    code: z.string(),
    verifyUrl: z.string(),
    state: z.enum(["Valid", "Superseded", "Revoked"]),
    issuedAt: isoDateTime,
    jws: z.string().describe("Compact JWS (EdDSA) over the facts; keys at /.well-known/jwks.json"),
    facts: z.record(z.string(), z.unknown()),
    oscal: z
      .record(z.string(), z.unknown())
      .describe("OSCAL assessment-results, v1.0.6: its SHA-256 is facts.hashes.oscal over the stored text"),
  }),
});
/** A share of the company's share room (docs/PRODUCT.md#sharing-with-third-parties): its items, recipients and what they did. */
export const apiShareSchema = z.strictObject({
  id: z.uuid(),
  createdAt: isoDateTime,
  createdBy: z.string(),
  mode: z.enum(SHARE_MODES),
  ndaKind: z.enum(SHARE_NDA_KINDS),
  expiresAt: isoDateTime,
  revokedAt: isoDateTime.nullable(),
  items: z.array(z.strictObject({ id: z.uuid(), kind: z.enum(SHARE_ITEM_KINDS), label: z.string() })),
  recipients: z.array(
    z.strictObject({
      id: z.uuid(),
      email: z.string(),
      revokedAt: isoDateTime.nullable(),
      ndaAcceptedAt: isoDateTime.nullable(),
      ndaName: z.string().nullable(),
      ndaSha256: z.string().nullable(),
      views: z.number().int(),
      downloads: z.number().int(),
    }),
  ),
});
export const apiShareListSchema = z.strictObject({ data: z.array(apiShareSchema) });
