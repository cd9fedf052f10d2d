import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { SHARE_ITEM_KINDS, type ShareItemKind } from "@/lib/domain/share";
import type { DbOrTx } from "@/server/core/db/client";
import { attestationLetters } from "@/features/attestations/server/schema";
import { reports } from "@/features/reports/server/schema";
import { getStorage } from "@/server/core/storage/storage";
import { formatLetterCode, type LetterFacts, renderLetterPdf } from "@/features/attestations/server";

// What a share can hold, one resolver a kind (docs/PRODUCT.md#sharing-with-third-parties). A
// resolver reads an item of one company only (another company's answers null, like a missing one),
// says whether it is still the current version, and gives its file. A new kind is a value in
// SHARE_ITEM_KINDS (src/lib/domain/share.ts) and one entry here.

export type ItemState = "current" | "superseded" | "revoked";

export type ResolvedItem = {
  /** The item as lists name it: "Final report v2", "Attestation letter ABCDE-FGHJK". */
  label: string;
  /** The engagement it belongs to (the firm may forbid sharing from it). */
  projectId: string;
  state: ItemState;
};

export type ItemResolver = {
  /** The company's items of this kind that can be shared now (current versions), newest first. */
  list(db: DbOrTx, clientId: string): Promise<{ id: string; label: string; projectId: string }[]>;
  resolve(db: DbOrTx, at: { clientId: string; itemId: string }): Promise<ResolvedItem | null>;
  /** The original file, never changed: copies are stamped from it. */
  file(db: DbOrTx, at: { clientId: string; itemId: string }): Promise<{ bytes: Uint8Array; filename: string } | null>;
};

const stateOf = (row: { revokedAt: Date | null; supersededAt: Date | null }): ItemState =>
  row.revokedAt ? "revoked" : row.supersededAt ? "superseded" : "current";

const fileName = (label: string) => `${label.replace(/[\\/:*?"<>|\r\n]+/g, " ").trim() || "document"}.pdf`;

const report: ItemResolver = {
  async list(db, clientId) {
    const rows = await db
      .select({ id: reports.id, title: reports.title, version: reports.version, projectId: reports.projectId })
      .from(reports)
      .where(and(eq(reports.clientId, clientId), isNull(reports.revokedAt), isNull(reports.supersededAt)))
      .orderBy(desc(reports.publishedAt))
      .limit(100);
    return rows.map((r) => ({ id: r.id, label: `${r.title} v${r.version}`, projectId: r.projectId }));
  },
  async resolve(db, { clientId, itemId }) {
    const [row] = await db
      .select({
        title: reports.title,
        version: reports.version,
        projectId: reports.projectId,
        revokedAt: reports.revokedAt,
        supersededAt: reports.supersededAt,
      })
      .from(reports)
      .where(and(eq(reports.id, itemId), eq(reports.clientId, clientId)))
      .limit(1);
    return row ? { label: `${row.title} v${row.version}`, projectId: row.projectId, state: stateOf(row) } : null;
  },
  async file(db, { clientId, itemId }) {
    const [row] = await db
      .select({ title: reports.title, version: reports.version, storageKey: reports.storageKey })
      .from(reports)
      .where(and(eq(reports.id, itemId), eq(reports.clientId, clientId)))
      .limit(1);
    if (!row) return null;
    return { bytes: await getStorage().get(row.storageKey), filename: fileName(`${row.title} v${row.version}`) };
  },
};

const letterColumns = {
  code: attestationLetters.code,
  facts: attestationLetters.facts,
  jws: attestationLetters.jws,
  projectId: attestationLetters.projectId,
  revokedAt: attestationLetters.revokedAt,
  supersededAt: attestationLetters.supersededAt,
};

async function readLetter(db: DbOrTx, { clientId, itemId }: { clientId: string; itemId: string }) {
  const [row] = await db
    .select(letterColumns)
    .from(attestationLetters)
    .where(and(eq(attestationLetters.id, itemId), eq(attestationLetters.clientId, clientId)))
    .limit(1);
  return row;
}

const letter: ItemResolver = {
  async list(db, clientId) {
    const rows = await db
      .select({ id: attestationLetters.id, code: attestationLetters.code, projectId: attestationLetters.projectId })
      .from(attestationLetters)
      .where(and(eq(attestationLetters.clientId, clientId), isNull(attestationLetters.revokedAt), isNull(attestationLetters.supersededAt)))
      .orderBy(desc(attestationLetters.issuedAt))
      .limit(100);
    return rows.map((r) => ({ id: r.id, label: `Attestation letter ${formatLetterCode(r.code)}`, projectId: r.projectId }));
  },
  async resolve(db, at) {
    const row = await readLetter(db, at);
    return row ? { label: `Attestation letter ${formatLetterCode(row.code)}`, projectId: row.projectId, state: stateOf(row) } : null;
  },
  async file(db, at) {
    const row = await readLetter(db, at);
    if (!row) return null;
    const state = row.revokedAt ? "Revoked" : row.supersededAt ? "Superseded" : "Valid";
    const bytes = await renderLetterPdf({ facts: row.facts as LetterFacts, jws: row.jws, state });
    return { bytes, filename: fileName(`Attestation letter ${formatLetterCode(row.code)}`) };
  },
};

export const ITEM_RESOLVERS: Record<ShareItemKind, ItemResolver> = { report, letter };

export type ShareableItem = { kind: ShareItemKind; id: string; label: string };

/** Everything the company can share now, kind by kind, leaving out engagements the firm closed to sharing. */
export async function listShareableItems(db: DbOrTx, clientId: string, forbidden: ReadonlySet<string>): Promise<ShareableItem[]> {
  const lists = await Promise.all(SHARE_ITEM_KINDS.map(async (kind) => ({ kind, items: await ITEM_RESOLVERS[kind].list(db, clientId) })));
  return lists.flatMap(({ kind, items }) =>
    items.filter((i) => !forbidden.has(i.projectId)).map((i) => ({ kind, id: i.id, label: i.label })),
  );
}
