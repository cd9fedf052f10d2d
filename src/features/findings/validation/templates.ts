import "@/lib/validation/zod-config";
import { z } from "zod";
import { ATLAS_TECHNIQUE_IDS, OWASP_LLM_IDS } from "@/lib/domain/ai-taxonomy";
import { pageNumber, searchText } from "@/lib/validation/admin-fields";
import { uuidSchema } from "@/lib/validation/common";
import { CVSS_VECTOR_MAX, FINDING_TEXT_MAX, FINDING_TITLE_MAX, printable } from "./index";

/** Limits of a finding template (docs/PRODUCT.md#admin-finding-templates). */
export const TEMPLATE_TAG_MAX = 40;
export const TEMPLATE_TAGS_MAX = 20;
/** A rule id as long as an importer keeps one. */
export const TEMPLATE_RULE_ID_MAX = 200;
export const TEMPLATE_RULE_IDS_MAX = 50;

/** Unique (case aside) non-empty entries, in their first order and case. */
function distinct(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * A list typed in one field (entries split by `separator`) or given as a list: trimmed, blanks
 * and repeats dropped, each and the count bounded. A parsed value parses again to itself.
 */
const listField = (separator: RegExp, each: number, most: number, noun: string) =>
  z
    .union([printable(each * most + most * 2), z.array(printable(each * 2)).max(most * 2, `At most ${most} ${noun}`)], {
      error: `Enter the ${noun} as text`,
    })
    .transform((value, ctx) => {
      const items = distinct((typeof value === "string" ? value.split(separator) : value).map((item) => item.trim()).filter(Boolean));
      if (items.length > most) ctx.addIssue({ code: "custom", message: `At most ${most} ${noun}` });
      else if (items.some((item) => item.length > each)) ctx.addIssue({ code: "custom", message: `Each one at most ${each} characters` });
      return items;
    });

/** "CWE-79", "cwe-79" or "79"; blank is none. */
const cweField = z
  .union([z.number(), z.string().max(20, "Enter a CWE number such as CWE-79"), z.null()], { error: "Enter a CWE number such as CWE-79" })
  .transform((value, ctx) => {
    const raw = value === null ? "" : typeof value === "number" ? String(value) : value.trim();
    if (raw === "") return null;
    const match = /^(?:cwe-?)?(\d{1,6})$/i.exec(raw);
    const cwe = match ? Number(match[1]) : NaN;
    if (!Number.isInteger(cwe) || cwe < 1 || cwe > 100000) {
      ctx.addIssue({ code: "custom", message: "Enter a CWE number such as CWE-79" });
      return z.NEVER;
    }
    return cwe;
  });

/** A finding template as the firm writes it. With a CVSS vector the server computes score and severity. */
export const findingTemplateInputSchema = z.object({
  title: printable(FINDING_TITLE_MAX).pipe(z.string().min(1, "Please enter a title")),
  cvssVector: printable(CVSS_VECTOR_MAX).optional().default(""),
  cwe: cweField.prefault(""),
  description: printable(FINDING_TEXT_MAX).optional().default(""),
  remediation: printable(FINDING_TEXT_MAX).optional().default(""),
  references: printable(FINDING_TEXT_MAX).optional().default(""),
  // Separated by commas or new lines.
  tags: listField(/[,\n]/, TEMPLATE_TAG_MAX, TEMPLATE_TAGS_MAX, "tags").prefault(""),
  owaspLlm: z
    .array(z.enum(OWASP_LLM_IDS as [string, ...string[]], { error: "Choose OWASP LLM 2025 ids (LLM01 to LLM10)" }))
    .max(OWASP_LLM_IDS.length)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids)].sort()),
  atlas: z
    .array(z.enum(ATLAS_TECHNIQUE_IDS as [string, ...string[]], { error: "Choose MITRE ATLAS techniques from the list" }))
    .max(ATLAS_TECHNIQUE_IDS.length)
    .optional()
    .default([])
    .transform((ids) => [...new Set(ids)].sort()),
  // One a line: a Nuclei template id, a garak probe, a SARIF ruleId, ...
  ruleIds: listField(/\n/, TEMPLATE_RULE_ID_MAX, TEMPLATE_RULE_IDS_MAX, "rule ids").prefault(""),
});
export type FindingTemplateInput = z.input<typeof findingTemplateInputSchema>;
export type FindingTemplateValues = z.output<typeof findingTemplateInputSchema>;

export const newFindingTemplateSchema = findingTemplateInputSchema;
export const editFindingTemplateSchema = findingTemplateInputSchema.extend({ templateId: uuidSchema });
export const findingTemplateIdSchema = z.object({ templateId: uuidSchema });

/** The admin Templates list's address: search text and page. */
export const findingTemplateListQuerySchema = z.object({ q: searchText.default(""), page: pageNumber.default(1) });
export type FindingTemplateListQuery = z.output<typeof findingTemplateListQuerySchema>;
