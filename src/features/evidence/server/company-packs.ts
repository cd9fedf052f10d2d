import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { inClientProject } from "@/features/projects/server";
import { formatLetterCode } from "@/features/attestations/server";
import { originalReportFile } from "@/features/reports/server";
import { packStateOf, type PackState } from "./packs";
import { evidencePacks } from "./schema";

// A company's packs as its share room reads them (docs/PRODUCT.md#sharing-with-third-parties). Read
// by a company's id: the caller has checked that the person acts for that company (an owner sharing,
// or a recipient of the company's share). Another company's pack answers like a missing one.

export type CompanyPack = { id: string; code: string; projectId: string; reportId: string; state: PackState };

const columns = {
  id: evidencePacks.id,
  code: evidencePacks.code,
  projectId: evidencePacks.projectId,
  reportId: evidencePacks.reportId,
  supersededAt: evidencePacks.supersededAt,
  revokedAt: evidencePacks.revokedAt,
};
type Row = { id: string; code: string; projectId: string; reportId: string; supersededAt: Date | null; revokedAt: Date | null };
const toPack = ({ supersededAt, revokedAt, code, ...row }: Row): CompanyPack => ({
  ...row,
  code: formatLetterCode(code),
  state: packStateOf({ supersededAt, revokedAt }),
});

const ofCompany = (clientId: string) => and(eq(evidencePacks.clientId, clientId), inClientProject(evidencePacks.projectId, clientId));

/** The company's current packs (neither superseded nor revoked), newest first. */
export async function currentPacksOfCompany(db: DbOrTx, clientId: string): Promise<CompanyPack[]> {
  const rows = await db
    .select(columns)
    .from(evidencePacks)
    .where(and(ofCompany(clientId), isNull(evidencePacks.supersededAt), isNull(evidencePacks.revokedAt)))
    .orderBy(desc(evidencePacks.issuedAt))
    .limit(100);
  return rows.map(toPack);
}

/** One pack of the company's, whatever its state; null for another company's or no pack. */
export async function packOfCompany(db: DbOrTx, { clientId, packId }: { clientId: string; packId: string }): Promise<CompanyPack | null> {
  const [row] = await db
    .select(columns)
    .from(evidencePacks)
    .where(and(eq(evidencePacks.id, packId), ofCompany(clientId)))
    .limit(1);
  return row ? toPack(row) : null;
}

/** One pack's PDF as issued (kept in the report vault under the pack's report); null for another company's or no pack. */
export async function packPdfOfCompany(db: DbOrTx, at: { clientId: string; packId: string }): Promise<Uint8Array | null> {
  const pack = await packOfCompany(db, at);
  return pack ? originalReportFile(db, { clientId: at.clientId, reportId: pack.reportId }) : null;
}
