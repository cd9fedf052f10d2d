import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/features/audit/server";
import type { Actor } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { AppError } from "@/server/core/errors";
import { clients } from "./schema";
import { companyOf } from "./team";

// The owners' switches that withhold a part of the portal from the company's members
// (docs/PRODUCT.md#portal-team), all off by default. Owners always see everything.
const SWITCHES = {
  billing: { column: clients.billingWithheldFromMembers, key: "billingWithheldFromMembers", action: "client.billing_withheld" },
  reports: { column: clients.reportsWithheldFromMembers, key: "reportsWithheldFromMembers", action: "client.reports_withheld" },
  findings: { column: clients.findingsWithheldFromMembers, key: "findingsWithheldFromMembers", action: "client.findings_withheld" },
} as const;

async function setWithheldFromMembers(
  db: Db,
  part: keyof typeof SWITCHES,
  { actor, clientId, withheld }: { actor: Actor; clientId?: string; withheld: boolean },
) {
  const company = companyOf(actor, clientId);
  const { column, key, action } = SWITCHES[part];
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ withheld: column }).from(clients).where(eq(clients.id, company)).for("update");
    if (!before) throw new AppError("not_found", "Client not found");
    if (before.withheld !== withheld) {
      await tx
        .update(clients)
        .set({ [key]: withheld })
        .where(eq(clients.id, company));
      await recordAudit(tx, {
        actor,
        action,
        entityType: "client",
        entityId: company,
        before: { [key]: before.withheld },
        after: { [key]: withheld },
      });
    }
    return { withheld };
  });
}

/** Billing, the invoice figures and the invoice export withheld from members. */
export const setBillingWithheldFromMembers = (db: Db, input: { actor: Actor; clientId?: string; withheld: boolean }) =>
  setWithheldFromMembers(db, "billing", input);

/** The engagement reports and evidence packs (their downloads, and sharing them) withheld from members. */
export const setReportsWithheldFromMembers = (db: Db, input: { actor: Actor; clientId?: string; withheld: boolean }) =>
  setWithheldFromMembers(db, "reports", input);

/** The findings (their pages, analytics, exports, retests and mails) withheld from members. */
export const setFindingsWithheldFromMembers = (db: Db, input: { actor: Actor; clientId?: string; withheld: boolean }) =>
  setWithheldFromMembers(db, "findings", input);
