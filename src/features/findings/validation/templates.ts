import "@/lib/validation/zod-config";
import * as z from "zod/mini";
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
  z.pipe(
    z.union([printable(each * most + most * 2), z.array(printable(each * 2)).check(z.maxLength(most * 2, `At most ${most} ${noun}`))], {
      error: `Enter the ${noun} as text`,
    }),
    z.transform((value: string | string[], ctx) => {
      const items = distinct((typeof value === "string" ? value.split(separator) : value).map((item) => item.trim()).filter(Boolean));
      // zod/mini's transform has no ctx.addIssue: the issue goes on the payload, as classic's would.
      if (items.length > most) ctx.issues.push({ code: "custom", message: `At most ${most} ${noun}`, input: value });
      else if (items.some((item) => item.length > each))
        ctx.issues.push({ code: "custom", message: `Each one at most ${each} characters`, input: value });
      return items;
    }),
  );

/** "CWE-79", "cwe-79" or "79"; blank is none. */
const cweField = z.pipe(
  z.union([z.number(), z.string().check(z.maxLength(20, "Enter a CWE number such as CWE-79")), z.null()], {
    error: "Enter a CWE number such as CWE-79",
  }),
  z.transform((value: number | string | null, ctx) => {
    const raw = value === null ? "" : typeof value === "number" ? String(value) : value.trim();
    if (raw === "") return null;
    const match = /^(?:cwe-?)?(\d{1,6})$/i.exec(raw);
    const cwe = match ? Number(match[1]) : NaN;
    if (!Number.isInteger(cwe) || cwe < 1 || cwe > 100000) {
      ctx.issues.push({ code: "custom", message: "Enter a CWE number such as CWE-79", input: value });
      return z.NEVER;
    }
    return cwe;
  }),
);

const optionalPrintable = (max: number) => z._default(z.optional(printable(max)), "");

/** Ids of one list, each once, sorted; missing is none. */
const idSet = (ids: readonly string[], message: string) =>
  z.pipe(
    z._default(z.optional(z.array(z.enum(ids as [string, ...string[]], { error: message })).check(z.maxLength(ids.length))), []),
    z.transform((chosen: string[]) => [...new Set(chosen)].sort()),
  );

/** A finding template as the firm writes it. With a CVSS vector the server computes score and severity. */
export const findingTemplateInputSchema = z.object({
  title: z.pipe(printable(FINDING_TITLE_MAX), z.string().check(z.minLength(1, "Please enter a title"))),
  cvssVector: optionalPrintable(CVSS_VECTOR_MAX),
  cwe: z.prefault(cweField, ""),
  description: optionalPrintable(FINDING_TEXT_MAX),
  remediation: optionalPrintable(FINDING_TEXT_MAX),
  references: optionalPrintable(FINDING_TEXT_MAX),
  // Separated by commas or new lines.
  tags: z.prefault(listField(/[,\n]/, TEMPLATE_TAG_MAX, TEMPLATE_TAGS_MAX, "tags"), ""),
  owaspLlm: idSet(OWASP_LLM_IDS, "Choose OWASP LLM 2025 ids (LLM01 to LLM10)"),
  atlas: idSet(ATLAS_TECHNIQUE_IDS, "Choose MITRE ATLAS techniques from the list"),
  // One a line: a Nuclei template id, a garak probe, a SARIF ruleId, ...
  ruleIds: z.prefault(listField(/\n/, TEMPLATE_RULE_ID_MAX, TEMPLATE_RULE_IDS_MAX, "rule ids"), ""),
});
export type FindingTemplateInput = z.input<typeof findingTemplateInputSchema>;
export type FindingTemplateValues = z.output<typeof findingTemplateInputSchema>;

export const newFindingTemplateSchema = findingTemplateInputSchema;
export const editFindingTemplateSchema = z.extend(findingTemplateInputSchema, { templateId: uuidSchema });
export const findingTemplateIdSchema = z.object({ templateId: uuidSchema });

/** The admin Templates list's address: search text and page. */
export const findingTemplateListQuerySchema = z.object({ q: z._default(searchText, ""), page: z._default(pageNumber, 1) });
export type FindingTemplateListQuery = z.output<typeof findingTemplateListQuerySchema>;
