import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FindingSeverity } from "@/lib/domain/finding";
import type { DueDaysInput, FindingInput } from "@/features/findings/validation";
import { findingInputSchema } from "@/features/findings/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { findingDueDays, findingEvents, findings } from "./schema/records";
import { lockProject, projectFacts } from "@/features/projects/server";
import { companyNameSql } from "@/features/clients/server";
import { AppError } from "@/server/core/errors";
import { queueWebhookEvents } from "@/features/webhooks/server";
import { recordAudit } from "@/features/audit/server";
import { assertTestingAuthorized } from "@/features/authorizations/server";
import { scoreCvss } from "@/server/core/cvss";
import { notifyFindingsPublished } from "./finding-mail";
import { findingPublishedEvent } from "./finding-webhooks";
import { dueDaysOf, FINDING_NOT_FOUND } from "./finding-scope";
import { templateExtrasFor } from "./templates";

const UNKNOWN_ENGAGEMENT = () => new AppError("bad_request", "Unknown engagement", { fieldErrors: { projectId: "Unknown engagement" } });

/** The engagement (a project) with its company, or a 400; with `lock`, its project row locked for the change. */
export async function engagementOf(db: DbOrTx, projectId: string, { lock = false } = {}) {
  if (lock) {
    const locked = await lockProject(db, projectId);
    if (!locked) throw UNKNOWN_ENGAGEMENT();
    return { id: locked.id, clientId: locked.clientId, name: locked.projectName, company: locked.company };
  }
  const facts = projectFacts(db);
  const [project] = await db
    .select({ id: facts.projectId, clientId: facts.clientId, name: facts.projectName, company: companyNameSql(facts.clientId) })
    .from(facts)
    .where(eq(facts.projectId, projectId))
    .limit(1);
  if (!project) throw UNKNOWN_ENGAGEMENT();
  return project;
}

/** The stored columns of a finding as written: with a CVSS vector, its score and severity win. */
function columnsOf(input: FindingInput) {
  const parsed = findingInputSchema.parse(input);
  const cvss = parsed.cvssVector ? scoreCvss(parsed.cvssVector) : null;
  return {
    title: parsed.title,
    severity: (cvss?.severity ?? parsed.severity) as FindingSeverity,
    cvssVector: cvss?.vector ?? null,
    cvssScoreTenths: cvss?.scoreTenths ?? null,
    assets: parsed.assets,
    description: parsed.description,
    remediation: parsed.remediation,
    references: parsed.references,
    // Left out, the taxonomy is not touched (a new finding starts with none).
    ...(parsed.owaspLlm !== undefined ? { owaspLlm: parsed.owaspLlm } : {}),
    ...(parsed.atlas !== undefined ? { atlas: parsed.atlas } : {}),
  };
}

const admin = (actor: AdminActor) => ({ actorId: actor.userId, actorRole: "admin" as const, actorName: actor.name });

/**
 * A new draft finding of an engagement (docs/PRODUCT.md#admin-findings); audited. Started from a
 * template (`templateId`), it also takes the template's CWE, which the form does not show; the
 * form's fields, taxonomy ids included, were prefilled from the template and may have been edited
 * (what the form sends wins over the template).
 */
export async function createFinding(
  db: Db,
  { actor, projectId, input, templateId }: { actor: AdminActor; projectId: string; input: FindingInput; templateId?: string },
) {
  assertAdmin(actor);
  const values = columnsOf(input);
  return db.transaction(async (tx) => {
    const project = await engagementOf(tx, projectId);
    const extras = templateId ? await templateExtrasFor(tx, templateId) : {};
    const [row] = await tx
      .insert(findings)
      .values({ ...extras, ...values, clientId: project.clientId, projectId })
      .returning({ id: findings.id });
    await tx.insert(findingEvents).values({ findingId: row!.id, kind: "created", toStatus: "draft", ...admin(actor) });
    await recordAudit(tx, {
      actor,
      action: "finding.create",
      entityType: "finding",
      entityId: row!.id,
      after: { projectId, title: values.title, ...(templateId ? { templateId } : {}) },
    });
    return { findingId: row!.id };
  });
}

/** Edits a finding's content (any status); a published one's due date follows a new severity. */
export async function updateFinding(db: Db, { actor, findingId, input }: { actor: AdminActor; findingId: string; input: FindingInput }) {
  assertAdmin(actor);
  const values = columnsOf(input);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        title: findings.title,
        severity: findings.severity,
        projectId: findings.projectId,
        publishedAt: findings.publishedAt,
        owaspLlm: findings.owaspLlm,
        atlas: findings.atlas,
      })
      .from(findings)
      .where(eq(findings.id, findingId))
      .for("update")
      .limit(1);
    if (!before) throw FINDING_NOT_FOUND();
    const dueOn =
      before.publishedAt && before.severity !== values.severity
        ? dueOnOf(before.publishedAt, values.severity, await dueDaysOf(tx, before.projectId))
        : undefined;
    await tx
      .update(findings)
      .set({ ...values, ...(dueOn !== undefined ? { dueOn } : {}) })
      .where(eq(findings.id, findingId));
    await recordAudit(tx, {
      actor,
      action: "finding.update",
      entityType: "finding",
      entityId: findingId,
      before: { title: before.title, severity: before.severity, owaspLlm: before.owaspLlm, atlas: before.atlas },
      after: {
        title: values.title,
        severity: values.severity,
        owaspLlm: values.owaspLlm ?? before.owaspLlm,
        atlas: values.atlas ?? before.atlas,
      },
    });
    return { findingId };
  });
}

/** Publishing date + the engagement's days for the severity (Informational has no due date). */
function dueOnOf(publishedAt: Date, severity: FindingSeverity, days: Awaited<ReturnType<typeof dueDaysOf>>): string | null {
  if (severity === "informational") return null;
  const due = new Date(Date.UTC(publishedAt.getUTCFullYear(), publishedAt.getUTCMonth(), publishedAt.getUTCDate() + days[severity]));
  return due.toISOString().slice(0, 10);
}

/**
 * Publishes drafts of one engagement: they become Open, visible to the client, with a due date
 * from their severity; one mail tells the client. Ids that are not drafts of the engagement are
 * refused (nothing is published).
 */
export async function publishFindings(
  db: Db,
  { actor, projectId, findingIds }: { actor: AdminActor; projectId: string; findingIds: string[] },
) {
  assertAdmin(actor);
  const ids = [...new Set(findingIds)];
  return db.transaction(async (tx) => {
    const project = await engagementOf(tx, projectId);
    await assertTestingAuthorized(tx, projectId, "Publishing findings", { allowAfterWindow: true });
    const drafts = await tx
      .select({ id: findings.id, title: findings.title, severity: findings.severity })
      .from(findings)
      .where(and(eq(findings.projectId, projectId), inArray(findings.id, ids), eq(findings.status, "draft"), isNull(findings.publishedAt)))
      .for("update");
    if (drafts.length !== ids.length)
      throw new AppError("bad_request", "Only drafts of this engagement can be published. Reload the page.");
    const now = new Date();
    const days = await dueDaysOf(tx, projectId);
    // One statement per severity (the due date depends on nothing else), not one per finding: a
    // SARIF import's thousand drafts are published at once.
    for (const severity of new Set(drafts.map((d) => d.severity))) {
      await tx
        .update(findings)
        .set({ status: "open", publishedAt: now, dueOn: dueOnOf(now, severity, days) })
        .where(
          inArray(
            findings.id,
            drafts.filter((d) => d.severity === severity).map((d) => d.id),
          ),
        );
    }
    await tx.insert(findingEvents).values(
      drafts.map((d) => ({
        findingId: d.id,
        kind: "published" as const,
        fromStatus: "draft" as const,
        toStatus: "open" as const,
        ...admin(actor),
      })),
    );
    await recordAudit(tx, { actor, action: "finding.publish", entityType: "project", entityId: projectId, after: { findingIds: ids } });
    await notifyFindingsPublished(tx, {
      key: `${projectId}:${now.toISOString()}`,
      clientId: project.clientId,
      engagement: project.name,
      findings: drafts.map(({ title, severity }) => ({ title, severity })),
    });
    await queueWebhookEvents(
      tx,
      drafts.map((draft) => findingPublishedEvent(project.clientId, projectId, draft)),
    );
    return { published: drafts.length };
  });
}

/** Deletes a draft (a published finding is never deleted: the client has seen it). */
export async function deleteDraftFinding(db: Db, { actor, findingId }: { actor: AdminActor; findingId: string }) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: findings.status, title: findings.title })
      .from(findings)
      .where(eq(findings.id, findingId))
      .for("update")
      .limit(1);
    if (!row) throw FINDING_NOT_FOUND();
    if (row.status !== "draft") throw new AppError("conflict", "Only a draft can be deleted.");
    await tx.delete(findings).where(eq(findings.id, findingId));
    await recordAudit(tx, { actor, action: "finding.delete", entityType: "finding", entityId: findingId, before: { title: row.title } });
    return { findingId };
  });
}

/** Deletes drafts of one engagement at once, all or none: an id that is not a draft of it refuses the lot. */
export async function deleteDraftFindings(
  db: Db,
  { actor, projectId, findingIds }: { actor: AdminActor; projectId: string; findingIds: string[] },
) {
  assertAdmin(actor);
  const ids = [...new Set(findingIds)];
  return db.transaction(async (tx) => {
    await engagementOf(tx, projectId);
    const drafts = await tx
      .select({ id: findings.id, title: findings.title })
      .from(findings)
      .where(and(eq(findings.projectId, projectId), inArray(findings.id, ids), eq(findings.status, "draft"), isNull(findings.publishedAt)))
      .for("update");
    if (drafts.length !== ids.length)
      throw new AppError(
        "bad_request",
        "Only drafts of this engagement can be deleted (a published finding is withdrawn instead). Reload the page.",
      );
    await tx.delete(findings).where(inArray(findings.id, ids));
    await recordAudit(tx, {
      actor,
      action: "finding.delete_drafts",
      entityType: "project",
      entityId: projectId,
      before: { titles: drafts.map((d) => d.title).slice(0, 50), count: drafts.length },
    });
    return { deleted: drafts.length };
  });
}

/** An engagement's due days per severity; unpublished findings take them when published. */
export async function setDueDays(
  db: Db,
  {
    actor,
    input,
  }: {
    actor: AdminActor;
    input: Required<Pick<DueDaysInput, "projectId">> & { critical: number; high: number; medium: number; low: number };
  },
) {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    await engagementOf(tx, input.projectId);
    const { projectId, critical, high, medium, low } = input;
    await tx
      .insert(findingDueDays)
      .values({ projectId, critical, high, medium, low })
      .onConflictDoUpdate({ target: findingDueDays.projectId, set: { critical, high, medium, low, updatedAt: sql`now()` } });
    // Published findings follow at once: their due date is always publishing date + the engagement's days.
    await tx
      .update(findings)
      .set({
        dueOn: sql`(${findings.publishedAt} at time zone 'utc')::date + (case ${findings.severity} when 'critical' then ${critical}::int when 'high' then ${high}::int when 'medium' then ${medium}::int else ${low}::int end)`,
      })
      .where(
        and(eq(findings.projectId, projectId), sql`${findings.publishedAt} is not null`, sql`${findings.severity} <> 'informational'`),
      );
    await recordAudit(tx, {
      actor,
      action: "finding.due_days",
      entityType: "project",
      entityId: projectId,
      after: { critical, high, medium, low },
    });
    return { projectId };
  });
}
