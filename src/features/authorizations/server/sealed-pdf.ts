import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { and, eq, isNull } from "drizzle-orm";
import { PDFDocument, type PDFFont, rgb } from "pdf-lib";
import type { Actor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { clients, engagementAuthorizations, engagementAuthorizationSignatures, projects } from "@/server/core/db/schema";
import { AppError } from "@/server/core/errors";
import { getStorage, newStorageKey } from "@/server/core/storage/storage";
import { signPdf } from "@/features/signing/server";
import { AUTHORIZATION_NOT_FOUND } from "./authorizations";
import { canonicalDocumentText } from "./document";

// The sealed PDF of a version both sides signed: the document, a signature page (signers, how
// each proved it, UTC times, addresses, the document's SHA-256) and the firm's PAdES signature.
// Made once, when the firm counter-signs (or at the first download if that failed), and kept.

const PAGE = { width: 595, height: 842, margin: 56 } as const;
const SIZE = 10;
const LEADING = 14;
const METHOD_LABELS = { second_factor: "Fresh second factor", password: "Password" } as const;

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

async function renderSealedPdf(db: Db, authorizationId: string): Promise<PDFDocument> {
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
        `Confirmed with: ${METHOD_LABELS[s.method]}`,
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

/** Makes and stores the sealed PDF once both sides have signed; answers its storage key. */
export async function sealAuthorization(db: Db, authorizationId: string): Promise<string> {
  const [row] = await db
    .select({ sealedKey: engagementAuthorizations.sealedKey })
    .from(engagementAuthorizations)
    .where(eq(engagementAuthorizations.id, authorizationId))
    .limit(1);
  if (!row) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  if (row.sealedKey) return row.sealedKey;
  const sides = await db
    .select({ side: engagementAuthorizationSignatures.side })
    .from(engagementAuthorizationSignatures)
    .where(eq(engagementAuthorizationSignatures.authorizationId, authorizationId));
  if (sides.length < 2) throw new AppError("not_found", "The sealed PDF is made once both sides have signed.");
  const bytes = await signPdf(db, await renderSealedPdf(db, authorizationId), {
    reason: "Signed testing authorization",
    signingTime: new Date(),
  });
  const key = newStorageKey("pdf");
  await getStorage().put(key, bytes);
  // Two first downloads at once: the first to record its key wins, the other object is an orphan the sweep removes.
  const [won] = await db
    .update(engagementAuthorizations)
    .set({ sealedKey: key, sealedAt: new Date() })
    .where(and(eq(engagementAuthorizations.id, authorizationId), isNull(engagementAuthorizations.sealedKey)))
    .returning({ key: engagementAuthorizations.sealedKey });
  if (won) return key;
  return (await sealAuthorization(db, authorizationId))!;
}

/** The sealed PDF for an admin, or for a person of the client company the authorization belongs to. */
export async function openSealedAuthorization(db: Db, { actor, authorizationId }: { actor: Actor; authorizationId: string }) {
  const [row] = await db
    .select({
      id: engagementAuthorizations.id,
      version: engagementAuthorizations.version,
      projectName: projects.projectName,
      company: clients.company,
    })
    .from(engagementAuthorizations)
    .innerJoin(projects, eq(projects.id, engagementAuthorizations.projectId))
    .innerJoin(clients, eq(clients.id, engagementAuthorizations.clientId))
    .where(
      actor.role === "admin"
        ? eq(engagementAuthorizations.id, authorizationId)
        : and(
            eq(engagementAuthorizations.id, authorizationId),
            eq(engagementAuthorizations.clientId, actor.clientId),
            eq(projects.clientId, actor.clientId),
          ),
    )
    .limit(1);
  if (!row) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
  const key = await sealAuthorization(db, row.id);
  const bytes = await getStorage().get(key);
  const slug = row.projectName.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "") || "engagement";
  return { bytes, filename: `authorization-${slug}-v${row.version}.pdf` };
}
