import "server-only";
import { eq } from "drizzle-orm";
import type { AccountSettings } from "@/features/clients/validation";
import { assertClient, type ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clients } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { assertCompanyNameFree, companyTakenInstead } from "./company-names";

export type PortalProfile = {
  company: string;
  contactPerson: string;
  contactEmail: string;
  phone: string | null;
  address: string | null;
  joinedDate: string;
  /** Set by an owner: members see neither Billing nor the invoice export. */
  billingWithheldFromMembers: boolean;
  reportsWithheldFromMembers: boolean;
  findingsWithheldFromMembers: boolean;
  /** The sign-in address (user record); settings never change it. */
  signInEmail: string;
  /** The signed-in person (a viewing admin: the first owner), so the Team card can say "you". */
  currentUserId: string;
  /** The signed-in person's own name: greetings name them, not the company's contact person. */
  personName: string;
  /** Owners edit the company record; members read it (docs/PRODUCT.md#portal-settings). */
  canEditCompany: boolean;
};

/** What a member gets for saving the company record. */
export const COMPANY_OWNERS_ONLY_MESSAGE = "Only an owner of your company can change the company's details.";

const profileColumns = {
  company: clients.company,
  contactPerson: clients.contactPerson,
  contactEmail: clients.contactEmail,
  phone: clients.phone,
  address: clients.address,
  joinedDate: clients.joinedDate,
};

/** The client's account record for the Settings form. */
export async function getPortalProfile(db: DbOrTx, { actor }: { actor: ClientActor }): Promise<PortalProfile> {
  assertClient(actor);
  const [row] = await db
    .select({
      ...profileColumns,
      billingWithheldFromMembers: clients.billingWithheldFromMembers,
      reportsWithheldFromMembers: clients.reportsWithheldFromMembers,
      findingsWithheldFromMembers: clients.findingsWithheldFromMembers,
    })
    .from(clients)
    .where(eq(clients.id, actor.clientId))
    .limit(1);
  if (!row) throw new AppError("not_found", "Client account not found");
  // The sign-in address is the person's own (a viewing admin sees the first owner's).
  return {
    ...row,
    signInEmail: actor.email,
    currentUserId: actor.userId,
    personName: actor.name || actor.email,
    canEditCompany: actor.personRole === "owner" && !actor.viewer,
  };
}

/**
 * Saves the company record (docs/PRODUCT.md#portal-settings): its owners only. The email here is
 * the company's contact address; a person's own sign-in address changes in their profile.
 */
export async function updateAccountSettings(
  db: DbOrTx,
  { actor, input }: { actor: ClientActor; input: AccountSettings },
): Promise<
  Omit<
    PortalProfile,
    | "signInEmail"
    | "currentUserId"
    | "billingWithheldFromMembers"
    | "reportsWithheldFromMembers"
    | "findingsWithheldFromMembers"
    | "personName"
    | "canEditCompany"
  >
> {
  assertClient(actor);
  if (actor.personRole !== "owner") throw new AppError("forbidden", COMPANY_OWNERS_ONLY_MESSAGE);
  const saved = db.transaction(async (tx) => {
    const [before] = await tx.select(profileColumns).from(clients).where(eq(clients.id, actor.clientId)).limit(1);
    if (!before) throw new AppError("not_found", "Client account not found");
    await assertCompanyNameFree(tx, input.company, actor.clientId);
    const [after] = await tx
      .update(clients)
      .set({
        contactPerson: input.contactPerson,
        contactEmail: input.contactEmail,
        company: input.company,
        phone: input.phone,
        address: input.address,
      })
      .where(eq(clients.id, actor.clientId))
      .returning(profileColumns);
    await recordAudit(tx, { actor, action: "client.settings.update", entityType: "client", entityId: actor.clientId, before, after });
    return after!;
  });
  return saved.catch((error: unknown) => {
    throw companyTakenInstead(error);
  });
}
