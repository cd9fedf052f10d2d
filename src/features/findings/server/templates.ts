import "server-only";
import { asc, eq, inArray, ne, and, or, sql } from "drizzle-orm";
import type { FindingSeverity } from "@/lib/domain/finding";
import { ADMIN_PAGE_SIZE } from "@/lib/validation/admin-fields";
import {
  type FindingTemplateInput,
  type FindingTemplateListQuery,
  findingTemplateInputSchema,
} from "@/features/findings/validation/templates";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { containsPattern, type Paged, pageOffset } from "@/server/core/db/admin-sql";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { findingTemplateRules, findingTemplates } from "./schema/records";
import { uniqueViolationOf } from "@/server/core/db/unique-violation";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { scoreCvss } from "@/server/core/cvss";

// The firm's finding templates (docs/PRODUCT.md#admin-finding-templates): written once, a new
// finding starts from one, and an import applies the one whose rule id matches the tool's.

export type FindingTemplate = {
  id: string;
  title: string;
  description: string;
  remediation: string;
  references: string;
  cwe: number | null;
  cvssVector: string | null;
  cvssScoreTenths: number | null;
  severity: FindingSeverity | null;
  tags: string[];
  owaspLlm: string[];
  atlas: string[];
  ruleIds: string[];
  updatedAt: Date;
};
export type FindingTemplateRow = Omit<FindingTemplate, "description" | "remediation" | "references">;
export type FindingTemplateOption = { id: string; title: string };

const TEMPLATE_NOT_FOUND = () => new AppError("not_found", "Template not found");

/** The template's rule ids, sorted, read in the template's own statement. */
const ruleIdsOf = sql<string[]>`coalesce((select array_agg(r.rule_id order by r.rule_id) from ${findingTemplateRules} r
  where r.template_id = ${findingTemplates.id}), '{}'::text[])`;

const rowColumns = {
  id: findingTemplates.id,
  title: findingTemplates.title,
  cwe: findingTemplates.cwe,
  cvssVector: findingTemplates.cvssVector,
  cvssScoreTenths: findingTemplates.cvssScoreTenths,
  severity: findingTemplates.severity,
  tags: findingTemplates.tags,
  owaspLlm: findingTemplates.owaspLlm,
  atlas: findingTemplates.atlas,
  ruleIds: ruleIdsOf,
  updatedAt: findingTemplates.updatedAt,
};

/**
 * One page of templates, by title, in one statement. The search text matches the title, a tag,
 * a rule id or the CWE ("79" or "CWE-79").
 */
export async function listFindingTemplates(
  db: DbOrTx,
  {
    actor,
    q = "",
    page = 1,
    pageSize = ADMIN_PAGE_SIZE,
  }: { actor: AdminActor } & Partial<FindingTemplateListQuery> & { pageSize?: number },
): Promise<Paged<FindingTemplateRow>> {
  assertAdmin(actor);
  const search = q.trim();
  const pattern = containsPattern(search);
  const cwe = /^(?:cwe-?)?(\d{1,6})$/i.exec(search)?.[1];
  const where = search
    ? or(
        sql`${findingTemplates.title} ilike ${pattern}`,
        sql`array_to_string(${findingTemplates.tags}, ' ') ilike ${pattern}`,
        sql`exists (select 1 from ${findingTemplateRules} sr where sr.template_id = ${findingTemplates.id} and sr.rule_id ilike ${pattern})`,
        cwe ? eq(findingTemplates.cwe, Number(cwe)) : undefined,
      )
    : undefined;
  const rows = await db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(findingTemplates)
    .where(where)
    .orderBy(asc(sql`lower(${findingTemplates.title})`), asc(findingTemplates.id))
    .limit(pageSize)
    .offset(pageOffset(page, pageSize));
  return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0, page, pageSize };
}

/** The new-finding form's picker: every template's title (a library is tens to hundreds). */
export async function listFindingTemplateOptions(db: DbOrTx, { actor }: { actor: AdminActor }): Promise<FindingTemplateOption[]> {
  assertAdmin(actor);
  return db
    .select({ id: findingTemplates.id, title: findingTemplates.title })
    .from(findingTemplates)
    .orderBy(asc(sql`lower(${findingTemplates.title})`), asc(findingTemplates.id))
    .limit(1000);
}

/** One template, whole: the edit page and the picker's prefill. */
export async function getFindingTemplate(
  db: DbOrTx,
  { actor, templateId }: { actor: AdminActor; templateId: string },
): Promise<FindingTemplate> {
  assertAdmin(actor);
  const [row] = await db
    .select({
      ...rowColumns,
      description: findingTemplates.description,
      remediation: findingTemplates.remediation,
      references: findingTemplates.references,
    })
    .from(findingTemplates)
    .where(eq(findingTemplates.id, templateId))
    .limit(1);
  if (!row) throw TEMPLATE_NOT_FOUND();
  return row;
}

/** The stored columns of a template as written: a CVSS vector is scored as a finding's is (a 400 when it cannot be). */
function columnsOf(input: FindingTemplateInput) {
  const parsed = findingTemplateInputSchema.parse(input);
  const cvss = parsed.cvssVector ? scoreCvss(parsed.cvssVector) : null;
  return {
    values: {
      title: parsed.title,
      description: parsed.description,
      remediation: parsed.remediation,
      references: parsed.references,
      cwe: parsed.cwe,
      cvssVector: cvss?.vector ?? null,
      cvssScoreTenths: cvss?.scoreTenths ?? null,
      severity: (cvss?.severity ?? null) as FindingSeverity | null,
      tags: parsed.tags,
      owaspLlm: parsed.owaspLlm,
      atlas: parsed.atlas,
    },
    ruleIds: parsed.ruleIds,
  };
}

const RULE_TAKEN = (ruleId: string, title: string) => {
  const message = `The rule id ${ruleId} is already in the template "${title}".`;
  return new AppError("bad_request", message, { fieldErrors: { ruleIds: message } });
};

/** Refuses rule ids another template has (case aside), naming the first; the unique index is the backstop. */
async function assertRulesFree(tx: DbOrTx, ruleIds: string[], templateId: string | null) {
  if (ruleIds.length === 0) return;
  const [taken] = await tx
    .select({ ruleId: findingTemplateRules.ruleId, title: findingTemplates.title })
    .from(findingTemplateRules)
    .innerJoin(findingTemplates, eq(findingTemplates.id, findingTemplateRules.templateId))
    .where(
      and(
        inArray(
          sql`lower(${findingTemplateRules.ruleId})`,
          ruleIds.map((id) => id.toLowerCase()),
        ),
        templateId ? ne(findingTemplateRules.templateId, templateId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw RULE_TAKEN(taken.ruleId, taken.title);
}

/** Two admins saving the same rule id at once: the second gets the same 400 as if it had come later. */
async function withRuleBackstop<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationOf(error) === "finding_template_rules_rule_idx") {
      const message = "A rule id was just given to another template. Reload and check the rule ids.";
      throw new AppError("bad_request", message, { fieldErrors: { ruleIds: message } });
    }
    throw error;
  }
}

async function writeRules(tx: DbOrTx, templateId: string, ruleIds: string[]) {
  await tx.delete(findingTemplateRules).where(eq(findingTemplateRules.templateId, templateId));
  if (ruleIds.length > 0) await tx.insert(findingTemplateRules).values(ruleIds.map((ruleId) => ({ templateId, ruleId })));
}

/** A new template; audited. */
export async function createFindingTemplate(db: Db, { actor, input }: { actor: AdminActor; input: FindingTemplateInput }) {
  assertAdmin(actor);
  const { values, ruleIds } = columnsOf(input);
  return withRuleBackstop(() =>
    db.transaction(async (tx) => {
      await assertRulesFree(tx, ruleIds, null);
      const [row] = await tx.insert(findingTemplates).values(values).returning({ id: findingTemplates.id });
      await writeRules(tx, row!.id, ruleIds);
      await recordAudit(tx, {
        actor,
        action: "finding_template.create",
        entityType: "finding_template",
        entityId: row!.id,
        after: { title: values.title, ruleIds },
      });
      return { templateId: row!.id };
    }),
  );
}

/** Edits a template; findings made from it before keep their text. Audited. */
export async function updateFindingTemplate(
  db: Db,
  { actor, templateId, input }: { actor: AdminActor; templateId: string; input: FindingTemplateInput },
) {
  assertAdmin(actor);
  const { values, ruleIds } = columnsOf(input);
  return withRuleBackstop(() =>
    db.transaction(async (tx) => {
      const [before] = await tx
        .select({ title: findingTemplates.title, ruleIds: ruleIdsOf })
        .from(findingTemplates)
        .where(eq(findingTemplates.id, templateId))
        .for("update")
        .limit(1);
      if (!before) throw TEMPLATE_NOT_FOUND();
      await assertRulesFree(tx, ruleIds, templateId);
      await tx.update(findingTemplates).set(values).where(eq(findingTemplates.id, templateId));
      await writeRules(tx, templateId, ruleIds);
      await recordAudit(tx, {
        actor,
        action: "finding_template.update",
        entityType: "finding_template",
        entityId: templateId,
        before,
        after: { title: values.title, ruleIds },
      });
      return { templateId };
    }),
  );
}

/** Deletes a template; findings made from it keep their text. Audited. */
export async function deleteFindingTemplate(db: Db, { actor, templateId }: { actor: AdminActor; templateId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(findingTemplates).where(eq(findingTemplates.id, templateId)).returning({ title: findingTemplates.title });
    if (!row) throw TEMPLATE_NOT_FOUND();
    await recordAudit(tx, {
      actor,
      action: "finding_template.delete",
      entityType: "finding_template",
      entityId: templateId,
      before: { title: row.title },
    });
    return { templateId };
  });
}

/** What a new finding takes from the template it starts from, beyond the form's fields. */
export async function templateExtrasFor(tx: DbOrTx, templateId: string) {
  const [row] = await tx
    .select({ cwe: findingTemplates.cwe, owaspLlm: findingTemplates.owaspLlm, atlas: findingTemplates.atlas })
    .from(findingTemplates)
    .where(eq(findingTemplates.id, templateId))
    .limit(1);
  if (!row) throw new AppError("bad_request", "Unknown template", { fieldErrors: { templateId: "Unknown template" } });
  return row;
}

/** What a template changes of a scanned finding (the imports' readers make these; a measured one has counts). */
export type TemplatableFinding = {
  ruleId: string | null;
  title: string;
  description: string;
  remediation: string;
  references: string;
  cwe: number | null;
  cvssVector: string | null;
  owaspLlm: string[];
  atlas: string[];
  measurement: object | null;
};

type ImportTemplate = Pick<
  FindingTemplate,
  "title" | "description" | "remediation" | "references" | "cwe" | "cvssVector" | "owaspLlm" | "atlas"
>;

/**
 * Every template rule, loaded once per import (one statement, whatever the number of findings),
 * as a function from a finding to the finding its template makes of it.
 */
export async function loadImportTemplates(db: DbOrTx): Promise<<F extends TemplatableFinding>(finding: F) => F> {
  const rows = await db
    .select({
      ruleId: findingTemplateRules.ruleId,
      title: findingTemplates.title,
      description: findingTemplates.description,
      remediation: findingTemplates.remediation,
      references: findingTemplates.references,
      cwe: findingTemplates.cwe,
      cvssVector: findingTemplates.cvssVector,
      owaspLlm: findingTemplates.owaspLlm,
      atlas: findingTemplates.atlas,
    })
    .from(findingTemplateRules)
    .innerJoin(findingTemplates, eq(findingTemplates.id, findingTemplateRules.templateId));
  if (rows.length === 0) return (finding) => finding;
  const byRule = new Map<string, ImportTemplate>(rows.map(({ ruleId, ...template }) => [ruleId.toLowerCase(), template]));
  return <F extends TemplatableFinding>(finding: F): F => {
    const template = finding.ruleId ? templateOfRule(byRule, finding.ruleId) : null;
    return template ? withTemplate(finding, template) : finding;
  };
}

/**
 * The template of a tool's rule id: the whole id, else its leading part up to a ":" or "/", the
 * longest first. So "git-config" matches Nuclei's "git-config:matcher", a garak probe its
 * "probe:detector" and a promptfoo plugin its "plugin/strategy".
 */
export function templateOfRule<T>(byRule: ReadonlyMap<string, T>, ruleId: string): T | null {
  const id = ruleId.toLowerCase();
  const exact = byRule.get(id);
  if (exact) return exact;
  for (let end = id.length - 1; end > 0; end--) {
    if (id[end] !== ":" && id[end] !== "/") continue;
    const template = byRule.get(id.slice(0, end));
    if (template) return template;
  }
  return null;
}

/**
 * A new finding written from its template: the template's words (a blank one keeps the scan's),
 * its CWE when it has one, its CVSS vector only when the scan gave none, its taxonomy ids where
 * the scan gave none. The scan's assets and evidence stay.
 */
function withTemplate<F extends TemplatableFinding>(finding: F, template: ImportTemplate): F {
  // A measured run's own words name the probe or plugin and its counts ("garak probe dan.Dan_11_0
  // made the model fail detector dan.DAN in 3 of 10 attempts"): kept as a detail, after the
  // template's words, which take the description's place.
  const detail = finding.measurement && template.description && finding.description ? finding.description : "";
  return {
    ...finding,
    title: template.title,
    description: detail ? `${template.description}\n\n${detail}` : template.description || finding.description,
    remediation: template.remediation || finding.remediation,
    references: template.references || finding.references,
    cwe: template.cwe ?? finding.cwe,
    cvssVector: finding.cvssVector ?? template.cvssVector,
    owaspLlm: finding.owaspLlm.length > 0 ? finding.owaspLlm : template.owaspLlm,
    atlas: finding.atlas.length > 0 ? finding.atlas : template.atlas,
  };
}
