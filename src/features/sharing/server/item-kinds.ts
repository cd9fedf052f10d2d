import "server-only";
import { SHARE_ITEM_KINDS, type ShareItemKind } from "@/lib/domain/share";
import type { DbOrTx } from "@/server/core/db/client";
import { getStorage } from "@/server/core/storage/storage";
import {
  formatLetterCode,
  type LetterFacts,
  letterOfCompany,
  listCurrentLettersOfCompany,
  renderLetterPdf,
} from "@/features/attestations/server";
import { engagementReportOf, listCurrentEngagementReports } from "@/features/reports/server";
import { currentPacksOfCompany, PACK_TITLE, packOfCompany, packPdfOfCompany, type PackState } from "@/features/evidence/server";
import { engagementsWithDecidedRetests, retestSummaryOf } from "@/features/findings/server";
import { getFirmDetails } from "@/features/settings/server";
import { renderRetestSummaryPdf, retestSummaryLabel } from "./retest-summary-pdf";

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
  /**
   * The item's state now; with `copiedAt` (a copy's check at /verify), a document drawn when asked
   * for (the retest summary) reads superseded once its data changed after the copy was made.
   */
  resolve(db: DbOrTx, at: { clientId: string; itemId: string; copiedAt?: Date }): Promise<ResolvedItem | null>;
  /** The original file, never changed: copies are stamped from it. */
  file(db: DbOrTx, at: { clientId: string; itemId: string }): Promise<{ bytes: Uint8Array; filename: string } | null>;
};

const stateOf = (row: { revokedAt: Date | null; supersededAt: Date | null }): ItemState =>
  row.revokedAt ? "revoked" : row.supersededAt ? "superseded" : "current";

const fileName = (label: string) => `${label.replace(/[\\/:*?"<>|\r\n]+/g, " ").trim() || "document"}.pdf`;

const report: ItemResolver = {
  async list(db, clientId) {
    // An evidence pack's PDF is a report of the vault, offered as its own kind (with the pack's code and state).
    // A report of the company alone (the quarterly remediation summary) is under no engagement: not shared.
    const rows = await listCurrentEngagementReports(db, { clientId, exceptTitle: PACK_TITLE });
    return rows.map((r) => ({ id: r.id, label: `${r.title} v${r.version}`, projectId: r.projectId }));
  },
  async resolve(db, { clientId, itemId }) {
    const row = await engagementReportOf(db, { clientId, reportId: itemId });
    return row ? { label: `${row.title} v${row.version}`, projectId: row.projectId, state: stateOf(row) } : null;
  },
  async file(db, { clientId, itemId }) {
    const row = await engagementReportOf(db, { clientId, reportId: itemId });
    if (!row) return null;
    return { bytes: await getStorage().get(row.storageKey), filename: fileName(`${row.title} v${row.version}`) };
  },
};

const readLetter = (db: DbOrTx, { clientId, itemId }: { clientId: string; itemId: string }) =>
  letterOfCompany(db, { clientId, letterId: itemId });

const letter: ItemResolver = {
  async list(db, clientId) {
    const rows = await listCurrentLettersOfCompany(db, clientId);
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

const PACK_STATES: Record<PackState, ItemState> = { Valid: "current", Superseded: "superseded", Revoked: "revoked" };
const packLabel = (code: string) => `${PACK_TITLE} ${code}`;

/** An engagement's signed evidence pack (the evidence slice's): its state is the pack's own, its file the PDF as issued. */
const evidencePack: ItemResolver = {
  async list(db, clientId) {
    const packs = await currentPacksOfCompany(db, clientId);
    return packs.map((p) => ({ id: p.id, label: packLabel(p.code), projectId: p.projectId }));
  },
  async resolve(db, { clientId, itemId }) {
    const pack = await packOfCompany(db, { clientId, packId: itemId });
    return pack ? { label: packLabel(pack.code), projectId: pack.projectId, state: PACK_STATES[pack.state] } : null;
  },
  async file(db, { clientId, itemId }) {
    const pack = await packOfCompany(db, { clientId, packId: itemId });
    const bytes = pack && (await packPdfOfCompany(db, { clientId, packId: itemId }));
    return pack && bytes ? { bytes, filename: fileName(packLabel(pack.code)) } : null;
  },
};

/**
 * One engagement's retests (the item's id is the engagement's), drawn as a PDF when a copy is asked
 * for, so it is always current for a recipient; a copy reads superseded once a retest was decided
 * after it was made.
 */
const retestSummary: ItemResolver = {
  async list(db, clientId) {
    const engagements = await engagementsWithDecidedRetests(db, clientId);
    return engagements.map((e) => ({ id: e.projectId, label: retestSummaryLabel(e.engagement), projectId: e.projectId }));
  },
  async resolve(db, { clientId, itemId, copiedAt }) {
    const summary = await retestSummaryOf(db, { clientId, projectId: itemId });
    if (!summary) return null;
    const state = copiedAt && summary.lastDecidedAt > copiedAt ? "superseded" : "current";
    return { label: retestSummaryLabel(summary.engagement), projectId: summary.projectId, state };
  },
  async file(db, { clientId, itemId }) {
    const summary = await retestSummaryOf(db, { clientId, projectId: itemId });
    if (!summary) return null;
    const bytes = await renderRetestSummaryPdf(summary, (await getFirmDetails(db)).name);
    return { bytes, filename: fileName(retestSummaryLabel(summary.engagement)) };
  },
};

export const ITEM_RESOLVERS: Record<ShareItemKind, ItemResolver> = {
  report,
  letter,
  evidence_pack: evidencePack,
  retest_summary: retestSummary,
};

export type ShareableItem = { kind: ShareItemKind; id: string; label: string };

/** Everything the company can share now, kind by kind, leaving out engagements the firm closed to sharing. */
export async function listShareableItems(db: DbOrTx, clientId: string, forbidden: ReadonlySet<string>): Promise<ShareableItem[]> {
  const lists = await Promise.all(SHARE_ITEM_KINDS.map(async (kind) => ({ kind, items: await ITEM_RESOLVERS[kind].list(db, clientId) })));
  return lists.flatMap(({ kind, items }) =>
    items.filter((i) => !forbidden.has(i.projectId)).map((i) => ({ kind, id: i.id, label: i.label })),
  );
}
