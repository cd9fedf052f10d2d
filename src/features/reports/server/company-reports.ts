import "server-only";
import { and, desc, eq, isNull } from "drizzle-orm";
import { type AdminActor, assertAdmin, assertClient, assertClientOwner, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { getStorage, newStorageKey } from "@/server/core/storage/storage";
import { recordAudit } from "@/features/audit/server";
import { lockCompanyNamed } from "@/features/clients/server";
import { queueWebhookEvent } from "@/features/webhooks/server";
import { reports } from "./schema";
import { stampRefusal } from "./stamp";

// A report of the company alone, under no engagement (docs/PRODUCT.md#analytics, the quarterly
// remediation summary): drawn by its slice, published here as the next version of its title for
// the company. From then on it is a report like any other: listed in the company's vault,
// downloaded behind a fresh proof, stamped for its recipient and recorded in the access log.

export const COMPANY_NOT_FOUND = "Company not found";

/**
 * Publishes a PDF the product drew as the company's next version of `title`, the version before
 * superseded: by the firm for any company, or by an owner for its own. Audited.
 */
export async function publishCompanyReport(
  db: DbOrTx,
  { actor, clientId, title, pdf }: { actor: AdminActor | ClientActor; clientId: string; title: string; pdf: Uint8Array },
) {
  if (actor.role === "client") {
    assertClient(actor);
    assertClientOwner(actor);
    if (actor.clientId !== clientId) throw new AppError("not_found", COMPANY_NOT_FOUND);
  } else assertAdmin(actor);
  // The caller drew it: a PDF every download can stamp, or a fault of ours (never the person's input).
  if (await stampRefusal(pdf)) throw new Error("[reports] a company report the product drew cannot be stamped");
  const storage = getStorage();
  const storageKey = newStorageKey("pdf");
  await storage.put(storageKey, pdf);
  try {
    return await db.transaction(async (tx) => {
      const locked = await lockCompanyNamed(tx, clientId);
      if (!locked) throw new AppError("not_found", COMPANY_NOT_FOUND);
      const company = { id: locked.id, name: locked.company };
      const ofTitle = and(eq(reports.clientId, company.id), isNull(reports.projectId), eq(reports.title, title));
      const [latest] = await tx
        .select({ id: reports.id, version: reports.version })
        .from(reports)
        .where(ofTitle)
        .orderBy(desc(reports.version))
        .limit(1);
      const now = new Date();
      if (latest)
        await tx
          .update(reports)
          .set({ supersededAt: now })
          .where(and(ofTitle, isNull(reports.supersededAt)));
      const [report] = await tx
        .insert(reports)
        .values({
          clientId: company.id,
          projectId: null,
          title,
          version: (latest?.version ?? 0) + 1,
          storageKey,
          fileSize: pdf.byteLength,
          uploadedBy: actor.userId,
          publishedAt: now,
        })
        .returning({ id: reports.id, title: reports.title, version: reports.version, fileSize: reports.fileSize });
      await recordAudit(tx, {
        actor,
        action: "report.publish",
        entityType: "report",
        entityId: report!.id,
        clientId: company.id,
        before: latest ? { reportId: latest.id, version: latest.version } : null,
        after: { ...report, projectId: null, storageKey },
      });
      await queueWebhookEvent(tx, {
        clientId: company.id,
        type: "report.published",
        data: { reportId: report!.id, projectId: null, version: report!.version },
        chatText: `New report: ${report!.title} (version ${report!.version}), ${company.name}`,
        portalPath: "/client-portal?section=documents",
      });
      return report!;
    });
  } catch (error) {
    await storage.delete(storageKey).catch((e) => console.error("[reports] could not remove a company report's PDF:", e));
    throw error;
  }
}

/** The newest version of a company's own report of `title` (whatever its state), or null. */
export async function latestCompanyReport(db: DbOrTx, { clientId, title }: { clientId: string; title: string }) {
  const [row] = await db
    .select({ version: reports.version, publishedAt: reports.publishedAt })
    .from(reports)
    .where(and(eq(reports.clientId, clientId), isNull(reports.projectId), eq(reports.title, title)))
    .orderBy(desc(reports.version))
    .limit(1);
  return row ?? null;
}
