import "server-only";
import type { SQL } from "drizzle-orm";
import { storedKeysIn } from "@/server/core/storage/stored-keys";
import { SIGNATURE_METHOD_LABELS } from "@/lib/domain/signature-method";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { and, eq, isNull } from "drizzle-orm";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import type { Actor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { engagementAuthorizations, engagementAuthorizationSignatures } from "./schema";
import { companyNameSql } from "@/features/clients/server";
import { projectFacts } from "@/features/projects/server";
import { AppError } from "@/server/core/errors";
import { getStorage, newStorageKey } from "@/server/core/storage/storage";
import { signPdf } from "@/features/signing/server";
import { AUTHORIZATION_NOT_FOUND } from "./authorizations";
import { ALTERED, canonicalDocumentText, isAltered } from "./document";

// The sealed PDF of a version both sides signed: the document, a signature page (signers, how
// each proved it, UTC times, addresses, the document's SHA-256) and the firm's PAdES signature.
// Made once, in the firm's counter-signing transaction (the demo's at its first download), and kept.

const PAGE = { width: 595, height: 842, margin: 56 } as const;
const SIZE = 10;
const LEADING = 14;

// Noto Sans, read from node_modules at run time like the report stamp's fonts: names in any Latin,
// Greek or Cyrillic script print as written.
let fontBytes: Uint8Array | undefined;
function notoSans(): Uint8Array {
  fontBytes ??= new Uint8Array(
    readFileSync(path.join(process.cwd(), "node_modules", "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf")),
  );
  return fontBytes;
}

class Writer {
  private page;
  private y: number = PAGE.height - PAGE.margin;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
  }
  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  private wrap(text: string, size: number): string[] {
    const width = PAGE.width - 2 * PAGE.margin;
    const out: string[] = [];
    for (const paragraph of text.split(/\r?\n/)) {
      let line = "";
      for (const word of paragraph.split(/\s+/)) {
        const next = line ? `${line} ${word}` : word;
        if (this.font.widthOfTextAtSize(next, size) <= width || !line) line = next;
        else {
          out.push(line);
          line = word;
        }
      }
      out.push(line);
    }
    return out;
  }
  text(text: string, { size = SIZE, gap = 0 } = {}) {
    for (const line of this.wrap(text, size)) {
      if (this.y < PAGE.margin + LEADING) this.newPage();
      this.page.drawText(line, { x: PAGE.margin, y: this.y, size, font: this.font, color: rgb(0.1, 0.1, 0.1) });
      this.y -= size === SIZE ? LEADING : size + 6;
    }
    this.y -= gap;
  }
  section(title: string, items: string[]) {
    this.text(title, { size: 12 });
    this.text(items.length ? items.map((i) => `• ${i}`).join("\n") : "None", { gap: 8 });
  }
}

async function renderSealedPdf(db: DbOrTx, authorizationId: string): Promise<PDFDocument> {
  const [row] = await db
    .select({
      projectId: engagementAuthorizations.projectId,
      version: engagementAuthorizations.version,
      content: engagementAuthorizations.content,
      documentHash: engagementAuthorizations.documentHash,
    })
    .from(engagementAuthorizations)
    .where(eq(engagementAuthorizations.id, authorizationId))
    .limit(1);
  if (!row?.documentHash) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  const signatures = await db
    .select()
    .from(engagementAuthorizationSignatures)
    .where(eq(engagementAuthorizationSignatures.authorizationId, authorizationId))
    .orderBy(engagementAuthorizationSignatures.signedAt);
  const { content } = row;
  const parties = content.parties ?? { firm: "", client: "", engagement: "" };

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(notoSans(), { subset: false });
  doc.setTitle(`Testing authorization: ${parties.engagement} (version ${row.version})`);
  doc.setAuthor(parties.firm);
  const w = new Writer(doc, font);
  w.text(`Authorization to test: ${parties.engagement}`, { size: 16, gap: 6 });
  w.text(`Version ${row.version}. Between ${parties.firm} (the firm) and ${parties.client} (the client).`, { gap: 10 });
  w.section("In scope", content.inScope);
  w.section("Out of scope", content.outOfScope);
  w.text("Testing window", { size: 12 });
  w.text(`${content.windowStart} to ${content.windowEnd} (inclusive)`, { gap: 8 });
  w.section("Testers", content.testers);
  w.section("Emergency contacts", content.emergencyContacts);
  w.text("Price", { size: 12 });
  w.text(content.price, { gap: 8 });
  w.text("Terms", { size: 12 });
  w.text(content.terms, { gap: 8 });

  w.newPage();
  w.text("Signatures", { size: 16, gap: 6 });
  w.text(`Document SHA-256: ${row.documentHash}`);
  w.text("The hash is of the document's canonical text, given in full at the end of this page.", { gap: 10 });
  for (const s of signatures) {
    w.text(s.side === "client" ? `For the client, ${parties.client}` : `For the firm, ${parties.firm}`, { size: 12 });
    w.text(
      [
        `Signed by: ${s.signerName} <${s.signerEmail}>`,
        `Confirmed with: ${SIGNATURE_METHOD_LABELS[s.method]}`,
        `Signed at (UTC): ${s.signedAt
          .toISOString()
          .replace("T", " ")
          .replace(/\.\d+Z$/, " UTC")}`,
        `From address: ${s.clientAddress}`,
        `Document SHA-256 signed: ${s.documentHash}`,
        ...(s.side === "client" ? ["Stated that they are entitled to authorise testing of the in-scope assets."] : []),
      ].join("\n"),
      { gap: 10 },
    );
  }
  w.text("Canonical text", { size: 12 });
  w.text(canonicalDocumentText({ projectId: row.projectId, version: row.version, content }), { size: 7 });
  return doc;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const SEAL_BROKEN = "The sealed PDF no longer matches the one made when the firm counter-signed, so it is not served. Tell the firm.";

/**
 * Makes the sealed PDF inside the caller's transaction (the firm's counter-signature's): refuses a
 * version whose text no longer hashes to what was signed, stores the PDF, and puts its SHA-256 in
 * the firm's signature row. Answers the storage key and that hash.
 */
export async function sealInTransaction(tx: DbOrTx, authorizationId: string): Promise<{ key: string; sealedSha256: string }> {
  const [row] = await tx
    .select({
      projectId: engagementAuthorizations.projectId,
      version: engagementAuthorizations.version,
      content: engagementAuthorizations.content,
      documentHash: engagementAuthorizations.documentHash,
    })
    .from(engagementAuthorizations)
    .where(eq(engagementAuthorizations.id, authorizationId))
    .for("update")
    .limit(1);
  if (!row) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  if (isAltered(row)) throw new AppError("bad_request", `This version cannot be sealed: ${ALTERED}`);
  const sides = await tx
    .select({ side: engagementAuthorizationSignatures.side })
    .from(engagementAuthorizationSignatures)
    .where(eq(engagementAuthorizationSignatures.authorizationId, authorizationId));
  if (sides.length < 2) throw new AppError("not_found", "The sealed PDF is made once both sides have signed.");
  const bytes = await signPdf(tx, await renderSealedPdf(tx, authorizationId), {
    reason: "Signed testing authorization",
    signingTime: new Date(),
  });
  const key = newStorageKey("pdf");
  // Stored before the commit: a transaction that fails after this leaves an orphan the sweep removes.
  await getStorage().put(key, bytes);
  const sealedSha256 = sha256(bytes);
  await tx
    .update(engagementAuthorizations)
    .set({ sealedKey: key, sealedAt: new Date() })
    .where(eq(engagementAuthorizations.id, authorizationId));
  await tx
    .update(engagementAuthorizationSignatures)
    .set({ sealedSha256 })
    .where(and(eq(engagementAuthorizationSignatures.authorizationId, authorizationId), eq(engagementAuthorizationSignatures.side, "firm")));
  return { key, sealedSha256 };
}

/**
 * The stored key of a signed version's sealed PDF; a version signed by both sides without one (the
 * demo's, seeded without a PDF) is sealed now, once, under the version's row lock.
 */
export async function sealAuthorization(db: Db, authorizationId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ sealedKey: engagementAuthorizations.sealedKey })
      .from(engagementAuthorizations)
      .where(eq(engagementAuthorizations.id, authorizationId))
      .for("update")
      .limit(1);
    if (!row) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
    return row.sealedKey ?? (await sealInTransaction(tx, authorizationId)).key;
  });
}

/**
 * The sealed PDF for an admin, or for a person of the client company the authorization belongs to:
 * never for a version whose text was altered, and only while the stored bytes keep the SHA-256
 * recorded with the firm's counter-signature.
 */
export async function openSealedAuthorization(db: Db, { actor, authorizationId }: { actor: Actor; authorizationId: string }) {
  const facts = projectFacts(db);
  const [row] = await db
    .select({
      id: engagementAuthorizations.id,
      projectId: engagementAuthorizations.projectId,
      version: engagementAuthorizations.version,
      clientId: facts.clientId,
      content: engagementAuthorizations.content,
      documentHash: engagementAuthorizations.documentHash,
      projectName: facts.projectName,
      company: companyNameSql(engagementAuthorizations.clientId),
    })
    .from(engagementAuthorizations)
    .innerJoin(facts, eq(facts.projectId, engagementAuthorizations.projectId))
    .where(
      actor.role === "admin"
        ? eq(engagementAuthorizations.id, authorizationId)
        : and(
            eq(engagementAuthorizations.id, authorizationId),
            eq(engagementAuthorizations.clientId, actor.clientId),
            eq(facts.clientId, actor.clientId),
          ),
    )
    .limit(1);
  if (!row) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  if (isAltered(row)) throw new AppError("conflict", `This version is not served: ${ALTERED}`);
  const key = await sealAuthorization(db, row.id);
  const bytes = await getStorage().get(key);
  const [firm] = await db
    .select({ id: engagementAuthorizationSignatures.id, sealedSha256: engagementAuthorizationSignatures.sealedSha256 })
    .from(engagementAuthorizationSignatures)
    .where(and(eq(engagementAuthorizationSignatures.authorizationId, row.id), eq(engagementAuthorizationSignatures.side, "firm")))
    .limit(1);
  const actual = sha256(bytes);
  // A PDF sealed before its hash was recorded (no hash yet): the first read records it.
  if (firm && firm.sealedSha256 === null)
    await db
      .update(engagementAuthorizationSignatures)
      .set({ sealedSha256: actual })
      .where(and(eq(engagementAuthorizationSignatures.id, firm.id), isNull(engagementAuthorizationSignatures.sealedSha256)));
  else if (firm?.sealedSha256 !== actual) throw new AppError("conflict", SEAL_BROKEN);
  const slug = row.projectName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "engagement";
  return {
    bytes,
    filename: `authorization-${slug}-v${row.version}.pdf`,
    clientId: row.clientId,
    name: `${row.projectName} (v${row.version})`,
  };
}

/** A sealed authorization keeps its stored object: the keys among `keys` it refers to, for the orphan sweep (operations). */
export const sealedAuthorizationKeys = (keys: SQL): SQL => storedKeysIn(engagementAuthorizations.sealedKey, keys);
