import "server-only";
import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { FindingSeverity, FindingStatus } from "@/lib/domain/finding";
import { IMPORT_TOOL_NAMES, type ImportFormat } from "@/lib/domain/finding-import";
import type { FindingImportOutcome, FindingImportState } from "@/lib/domain/finding-import-history";
import { FINDING_TEXT_MAX } from "@/features/findings/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { findingImports } from "./schema/imports";
import { findingImportItems } from "./schema/items";
import { AppError } from "@/server/core/errors";
import { getStorage } from "@/server/core/storage/storage";
import type { StoredFile } from "@/server/core/uploads/scan-upload";
import { recordAudit } from "@/features/audit/server";
import { assertTestingAuthorized } from "@/features/authorizations/server";
import { importTarget } from "@/features/findings/server";
import { scoreCvss } from "@/server/core/cvss";
import { detectFormat, type ImportedFinding } from "./importers";
import { distinctFindings, headOf } from "./import-file";
import { type AppliedImport, importedFindingFacts } from "./imported-facts";

// Importing a scan file into an engagement (docs/PRODUCT.md#admin-findings): the upload is
// stored and previewed (new, already known, coming back, missing), then applied or discarded. Both
// steps read the stored file through its format's streaming reader, so neither holds the file, and
// no instance keeps anything between them: any instance can apply what another previewed.

/** A fixed finding seen again is reopened: the scan says it is back. */
const REOPENABLE: readonly FindingStatus[] = ["fixed_pending_retest", "verified_fixed"];
/** What "missing" means: still being worked on, yet the same tool's full scan did not see it. */
const MISSABLE: readonly FindingStatus[] = ["draft", "open", "in_remediation", "still_open", "regressed", "fixed_pending_retest"];
/** Rows per update (bound ids); new findings go in batches of this many, as one JSON parameter. */
const BATCH = 500;
const ITEM_BATCH = 5000;

type Known = importTarget.FingerprintedFinding;

export type ImportCounts = { newCount: number; knownCount: number; reopenedCount: number; missingCount: number };
export type ImportPreview = ImportCounts & {
  id: string;
  format: ImportFormat;
  fileName: string;
  /** A few titles of what is new and of what comes back, for the preview. */
  newTitles: string[];
  reopenedTitles: string[];
};
export type FindingImportRow = ImportCounts & {
  id: string;
  format: ImportFormat;
  fileName: string;
  fileSize: number;
  state: FindingImportState;
  fullScan: boolean;
  createdByName: string;
  createdAt: Date;
  decidedAt: Date | null;
};

const IMPORT_NOT_FOUND = () => new AppError("not_found", "Import not found");

/** What the file would do to the engagement as it stands. */
async function classify(db: DbOrTx, projectId: string, format: ImportFormat, storageKey: string) {
  const known = await importTarget.fingerprintedFindings(db, projectId);
  const templated = await importTarget.loadImportTemplates(db);
  const counts: ImportCounts = { newCount: 0, knownCount: 0, reopenedCount: 0, missingCount: 0 };
  const newTitles: string[] = [];
  const reopenedTitles: string[] = [];
  let seen = new Set<string>();
  for await (const item of distinctFindings(format, storageKey)) {
    seen = item.seen;
    const match = known.get(item.fingerprint);
    if (!match) {
      counts.newCount++;
      if (newTitles.length < 5) newTitles.push(templated(item.finding).title);
    } else if (REOPENABLE.includes(match.status)) {
      counts.reopenedCount++;
      if (reopenedTitles.length < 5) reopenedTitles.push(item.finding.title);
    } else counts.knownCount++;
  }
  if (seen.size === 0) throw new AppError("bad_request", "The file has no findings to import.");
  counts.missingCount = missingOf(known, seen, format).length;
  return { counts, newTitles, reopenedTitles };
}

const missingOf = (known: Map<string, Known>, seen: Set<string>, format: ImportFormat) =>
  [...known]
    .filter(([fingerprint, k]) => k.sourceTool === format && MISSABLE.includes(k.status) && !seen.has(fingerprint))
    .map(([, k]) => k);

/**
 * Stores a preview of an uploaded scan file: the file is read whole through its format's reader
 * (a malformed one is a 400 naming the problem, and the upload is then removed by the caller) and
 * compared with the engagement's findings. Nothing changes in the engagement.
 */
export async function previewFindingImport(
  db: Db,
  { actor, projectId, format: chosen, file }: { actor: AdminActor; projectId: string; format: ImportFormat | undefined; file: StoredFile },
): Promise<ImportPreview> {
  assertAdmin(actor);
  const project = await importTarget.engagementOf(db, projectId);
  await assertTestingAuthorized(db, projectId, "Importing findings");
  const format = chosen ?? detectFormat(file.name, await headOf(file.storageKey));
  if (!format)
    throw new AppError("bad_request", "Choose the tool that wrote the file", {
      fieldErrors: { format: "Choose the tool that wrote the file" },
    });
  const { counts, newTitles, reopenedTitles } = await classify(db, projectId, format, file.storageKey);
  const [row] = await db
    .insert(findingImports)
    .values({
      clientId: project.clientId,
      projectId,
      format,
      fileName: file.name,
      fileSize: file.size,
      storageKey: file.storageKey,
      createdBy: actor.userId,
      createdByName: actor.name || actor.email,
      ...counts,
    })
    .returning({ id: findingImports.id });
  return { id: row!.id, format, fileName: file.name, ...counts, newTitles, reopenedTitles };
}

/** A pending import of the firm's, locked for its decision. */
async function lockPending(tx: DbOrTx, importId: string) {
  const [row] = await tx
    .select({
      id: findingImports.id,
      projectId: findingImports.projectId,
      format: findingImports.format,
      fileName: findingImports.fileName,
      storageKey: findingImports.storageKey,
      state: findingImports.state,
    })
    .from(findingImports)
    .where(eq(findingImports.id, importId))
    .for("update")
    .limit(1);
  if (!row) throw IMPORT_NOT_FOUND();
  if (row.state !== "pending" || !row.storageKey)
    throw new AppError("conflict", `This import was already ${row.state === "applied" ? "imported" : "discarded"}.`);
  return { ...row, storageKey: row.storageKey };
}

/** An imported finding's columns: a valid CVSS vector sets score and severity, as a typed one does. */
function columnsOf(format: ImportFormat, fingerprint: string, f: ImportedFinding): importTarget.ImportedFindingColumns {
  let cvss: ReturnType<typeof scoreCvss> | null = null;
  if (f.cvssVector) {
    try {
      cvss = scoreCvss(f.cvssVector);
    } catch {
      cvss = null; // a vector the calculator refuses is left out, not a reason to refuse the file
    }
  }
  return {
    title: f.title,
    severity: (cvss?.severity ?? f.severity) as FindingSeverity,
    cvssVector: cvss?.vector ?? null,
    cvssScoreTenths: cvss?.scoreTenths ?? null,
    assets: f.assets,
    description: withEvidence(f.description, f.evidence),
    remediation: f.remediation,
    references: f.references,
    ruleId: f.ruleId,
    cwe: f.cwe,
    owaspLlm: f.owaspLlm,
    atlas: f.atlas,
    sourceTool: format,
    fingerprint,
  };
}

/** The tool's evidence after the description, as a block no Markdown in it can break out of. */
function withEvidence(description: string, evidence: string): string {
  if (!evidence.trim()) return description;
  const head = `${description}${description ? "\n\n" : ""}**Evidence**\n\n~~~~text\n`;
  const tail = "\n~~~~";
  const room = FINDING_TEXT_MAX - head.length - tail.length;
  return room > 0 ? `${head}${evidence.replaceAll("~~~~", "~ ~ ~ ~").slice(0, room)}${tail}` : description.slice(0, FINDING_TEXT_MAX);
}

// The import's rows go in as one JSON parameter per statement, expanded by PostgreSQL: an import
// of 50,000 findings is a hundred statements, not 50,000 rows of bound parameters.
async function insertItems(tx: DbOrTx, importId: string, ids: string[], outcome: FindingImportOutcome) {
  for (let i = 0; i < ids.length; i += ITEM_BATCH)
    await tx.execute(sql`
      insert into ${findingImportItems} (import_id, finding_id, outcome)
      select ${importId}::uuid, id::uuid, ${outcome} from jsonb_array_elements_text(${JSON.stringify(ids.slice(i, i + ITEM_BATCH))}::jsonb) as id`);
}

/** A batch of new drafts (with their "created" timeline entries) and their place in the import. */
async function insertNewFindings(
  tx: DbOrTx,
  args: {
    actor: AdminActor;
    importId: string;
    clientId: string;
    projectId: string;
    source: string;
    batch: importTarget.ImportedFindingColumns[];
  },
): Promise<number> {
  const ids = await importTarget.insertImportedFindings(tx, args);
  await insertItems(tx, args.importId, ids, "new");
  return ids.length;
}

/**
 * Applies a previewed import, against the engagement as it is now (one import of an engagement at
 * a time: the project row is locked): new findings become drafts; known ones stay as they are,
 * with the import in their history; a fixed or verified one seen again is reopened and the client
 * told; with `markMissing`, the same tool's findings the file did not have are marked "not seen in
 * the latest full scan". All in one transaction: a file that fails half way writes nothing.
 * `afterApply` runs last in that transaction with the import's AI findings: how a slice built on
 * findings (the evidence's coverage record) takes an import in without findings knowing it.
 */
export async function applyFindingImport(
  db: Db,
  {
    actor,
    importId,
    markMissing,
    afterApply,
  }: { actor: AdminActor; importId: string; markMissing: boolean; afterApply?: (tx: DbOrTx, applied: AppliedImport) => Promise<void> },
): Promise<ImportCounts> {
  assertAdmin(actor);
  const { result, storageKey } = await db.transaction(async (tx) => {
    const pending = await lockPending(tx, importId);
    const project = await importTarget.engagementOf(tx, pending.projectId, { lock: true });
    await assertTestingAuthorized(tx, pending.projectId, "Importing findings");
    const format = pending.format;
    const source = `${IMPORT_TOOL_NAMES[format]}: ${pending.fileName}`;
    const known = await importTarget.fingerprintedFindings(tx, pending.projectId);
    // The firm's templates, once: a new finding whose rule id matches one is written from it.
    const templated = await importTarget.loadImportTemplates(tx);
    const knownIds: string[] = [];
    const reopened: { id: string; status: FindingStatus; title: string }[] = [];
    const seenAgain: string[] = [];
    let newCount = 0;
    let batch: importTarget.ImportedFindingColumns[] = [];
    let seen = new Set<string>();
    const measured: importTarget.ImportMeasurement[] = [];
    const fileHash = createHash("sha256");

    const flush = async () => {
      if (batch.length === 0) return;
      newCount += await insertNewFindings(tx, { actor, importId, clientId: project.clientId, projectId: pending.projectId, source, batch });
      batch = [];
    };

    for await (const item of distinctFindings(format, pending.storageKey, fileHash)) {
      seen = item.seen;
      if (item.finding.measurement) measured.push({ fingerprint: item.fingerprint, ...item.finding.measurement });
      const match = known.get(item.fingerprint);
      if (!match) {
        batch.push(columnsOf(format, item.fingerprint, templated(item.finding)));
        if (batch.length >= BATCH) await flush();
        continue;
      }
      if (match.notSeen) seenAgain.push(match.id);
      if (REOPENABLE.includes(match.status)) reopened.push({ id: match.id, status: match.status, title: item.finding.title });
      else knownIds.push(match.id);
    }
    await flush();
    if (seen.size === 0) throw new AppError("bad_request", "The file has no findings to import.");

    await insertItems(tx, importId, knownIds, "known");
    await importTarget.reopenImportedFindings(tx, {
      actor,
      importId,
      source,
      clientId: project.clientId,
      engagement: project.name,
      reopened,
    });
    await insertItems(
      tx,
      importId,
      reopened.map((f) => f.id),
      "reopened",
    );
    // Seen again: no longer "not seen". Only those that carry the mark are written, so a re-import
    // of an unchanged file writes nothing to the findings themselves.
    await importTarget.clearNotSeen(tx, seenAgain);

    // Each finding the tool counted gets this run's measurement, new, known or reopened alike.
    if (measured.length > 0)
      await importTarget.insertImportMeasurements(tx, {
        actor,
        importId,
        projectId: pending.projectId,
        runKey: `sha256:${fileHash.digest("hex")}`,
        items: measured,
      });

    const missing = missingOf(known, seen, format);
    if (markMissing && missing.length > 0) {
      const ids = missing.map((k) => k.id);
      await importTarget.markNotSeen(tx, { actor, importId, source, ids });
      await insertItems(tx, importId, ids, "missing");
    }

    const counts: ImportCounts = { newCount, knownCount: knownIds.length, reopenedCount: reopened.length, missingCount: missing.length };
    await tx
      .update(findingImports)
      .set({ ...counts, state: "applied", fullScan: markMissing, storageKey: null, decidedAt: sql`now()` })
      .where(eq(findingImports.id, importId));
    await recordAudit(tx, {
      actor,
      action: "finding.import",
      entityType: "project",
      entityId: pending.projectId,
      after: { importId, format, fileName: pending.fileName, ...counts },
    });
    if (afterApply)
      await afterApply(tx, {
        importId,
        projectId: pending.projectId,
        clientId: project.clientId,
        source,
        findings: await importedFindingFacts(tx, importId),
      });
    return { result: counts, storageKey: pending.storageKey };
  });
  await removeFile(storageKey);
  return result;
}

/** Drops a previewed import: its file is removed and the engagement is left as it is. */
export async function discardFindingImport(db: Db, { actor, importId }: { actor: AdminActor; importId: string }) {
  assertAdmin(actor);
  const storageKey = await db.transaction(async (tx) => {
    const pending = await lockPending(tx, importId);
    await tx
      .update(findingImports)
      .set({ state: "discarded", storageKey: null, decidedAt: sql`now()` })
      .where(eq(findingImports.id, importId));
    return pending.storageKey;
  });
  await removeFile(storageKey);
  return { importId };
}

// After the decision is committed: a file that cannot be removed now is an orphan the storage
// sweep removes later (operations module), never a reason to undo the decision.
async function removeFile(storageKey: string) {
  await getStorage()
    .delete(storageKey)
    .catch((e) => console.error("[imports] could not remove an import's file:", e));
}

/** An engagement's imports, newest first: the import history. */
export async function listFindingImports(
  db: DbOrTx,
  { actor, projectId }: { actor: AdminActor; projectId: string },
): Promise<FindingImportRow[]> {
  assertAdmin(actor);
  return db
    .select({
      id: findingImports.id,
      format: findingImports.format,
      fileName: findingImports.fileName,
      fileSize: findingImports.fileSize,
      state: findingImports.state,
      fullScan: findingImports.fullScan,
      newCount: findingImports.newCount,
      knownCount: findingImports.knownCount,
      reopenedCount: findingImports.reopenedCount,
      missingCount: findingImports.missingCount,
      createdByName: findingImports.createdByName,
      createdAt: findingImports.createdAt,
      decidedAt: findingImports.decidedAt,
    })
    .from(findingImports)
    .where(eq(findingImports.projectId, projectId))
    .orderBy(desc(findingImports.createdAt))
    .limit(50);
}
