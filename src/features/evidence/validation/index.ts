import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import { optionalText, requiredField, text, uuidSchema } from "@/lib/validation/common";
import { catalogueRefusal, type ControlFamily } from "./catalogue";
import { CASE_NO_PATTERN, CASE_STATUSES } from "./coverage-status";

// Test plans, coverage and evidence packs (docs/PRODUCT.md#evidence-packs).

export * from "./catalogue";
export * from "./coverage-status";

const idList = z._default(
  z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))).check(z.maxLength(20, "At most 20 ids")),
  [],
);

/** One numbered case of a plan, with its mappings; the ids are checked against the catalogue below. */
export const planCaseSchema = z.object({
  no: z.string().check(z.trim(), z.regex(CASE_NO_PATTERN, 'A case number looks like "TC-01"')),
  title: requiredField("Name the case", text(200)),
  objective: requiredField("State the objective", text(1000)),
  technique: requiredField("Describe the technique", text(1000)),
  acceptance: requiredField("State the acceptance criterion", text(500)),
  owasp: z.string().check(z.trim(), z.minLength(1, "Map the case to an OWASP LLM id")),
  atlas: z.object({
    id: z.string().check(z.trim(), z.minLength(1, "Map the case to an ATLAS technique")),
    name: z.optional(z.string().check(z.trim(), z.maxLength(200))),
  }),
  euAiAct: idList,
  nist: idList,
  iso42001: idList,
});
export type PlanCase = z.output<typeof planCaseSchema>;

/** Each mapped id refused by the catalogue, as `cases.<i>.<family>` field errors. */
export function planCaseRefusals(cases: readonly PlanCase[]): { path: (string | number)[]; message: string }[] {
  const refusals: { path: (string | number)[]; message: string }[] = [];
  const seen = new Set<string>();
  cases.forEach((c, i) => {
    if (seen.has(c.no)) refusals.push({ path: [i, "no"], message: `Case number ${c.no} is used twice` });
    seen.add(c.no);
    const check = (family: ControlFamily, id: string, name?: string) => {
      const refusal = catalogueRefusal(family, id, name);
      if (refusal) refusals.push({ path: [i, family], message: `${c.no}: ${refusal}` });
    };
    check("owasp", c.owasp);
    check("atlas", c.atlas.id, c.atlas.name);
    for (const id of c.euAiAct) check("euAiAct", id);
    for (const id of c.nist) check("nist", id);
    for (const id of c.iso42001) check("iso42001", id);
  });
  return refusals;
}

export const planCasesSchema = z.array(planCaseSchema).check(
  z.minLength(1, "A plan has at least one case"),
  z.maxLength(300, "At most 300 cases"),
  z.superRefine((cases, ctx) => {
    for (const refusal of planCaseRefusals(cases)) ctx.addIssue({ code: "custom", path: refusal.path, message: refusal.message });
  }),
);

/** The cases as the form's JSON text, parsed then checked like the rest. */
const casesJson = z.pipe(
  z.pipe(
    z.string({ error: "List the cases" }).check(z.maxLength(500_000, "The cases are too long")),
    z.transform((value: string, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        // zod/mini's transform has no ctx.addIssue: the issue goes on the payload, as classic's would.
        ctx.issues.push({ code: "custom", message: "The cases are not valid JSON", input: value });
        return z.NEVER;
      }
    }),
  ),
  planCasesSchema,
);

/** Saving a plan: a new plan, or the next version of one (an adopted version is never changed). */
export const savePlanSchema = z.object({
  planId: z.optional(uuidSchema),
  name: requiredField("Name the plan", text(200)),
  methodology: requiredField("Name the methodology", text(500)),
  cases: casesJson,
});
export type SavePlanInput = z.output<typeof savePlanSchema>;

export const adoptPlanSchema = z.object({ projectId: uuidSchema, planVersionId: uuidSchema });

const count = z.coerce.number().check(z.int("A whole number"), z.gte(0, "At least 0"), z.lte(1_000_000, "At most 1,000,000"));

/** One case's result on one target; a reason is required for not applicable and blocked. */
export const recordCaseSchema = z
  .object({
    projectId: uuidSchema,
    target: requiredField("Name the target", text(200)),
    caseNo: z.string().check(z.trim(), z.regex(CASE_NO_PATTERN, "Unknown case")),
    status: z.enum(CASE_STATUSES, "Choose a status"),
    trials: z.nullish(count),
    successes: z.nullish(count),
    reason: optionalText(1000),
    findingIds: z._default(z.array(uuidSchema).check(z.maxLength(50)), []),
  })
  .check(
    z.superRefine((value, ctx) => {
      if ((value.status === "not_applicable" || value.status === "blocked") && !value.reason) {
        ctx.addIssue({ code: "custom", path: ["reason"], message: "Give the reason" });
      }
      if (value.status === "failed" && value.findingIds.length === 0) {
        ctx.addIssue({ code: "custom", path: ["findingIds"], message: "Link the finding that shows the failure" });
      }
      const measured = value.trials != null || value.successes != null;
      if (measured && (value.trials == null || value.successes == null)) {
        ctx.addIssue({ code: "custom", path: ["successes"], message: "Give both the trials and the successes" });
      } else if (measured && value.trials! < 1) {
        ctx.addIssue({ code: "custom", path: ["trials"], message: "At least 1 trial" });
      } else if (measured && value.successes! > value.trials!) {
        ctx.addIssue({ code: "custom", path: ["successes"], message: "Successes cannot exceed the trials" });
      }
    }),
  );
export type RecordCaseInput = z.output<typeof recordCaseSchema>;

export const projectIdSchema = z.object({ projectId: uuidSchema });

export const issuePackSchema = z.object({
  projectId: uuidSchema,
  testers: requiredField("Name the testers", text(1000)),
  independence: requiredField("State the testers' independence", text(1000)),
  limitations: requiredField("State the limitations", text(2000)),
});
export type IssuePackInput = z.output<typeof issuePackSchema>;

export const packIdSchema = z.object({ packId: uuidSchema });
export * from "./coverage-summary";
export * from "./import-mapping";
export * from "./import-links";
