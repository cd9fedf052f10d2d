import "server-only";
import { eq } from "drizzle-orm";
import { type Actor, assertAdmin, assertClient, personIdOf } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { activePeopleOf } from "@/features/clients/server";
import { findingEvents, findings } from "./schema/records";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { notifyOwnerAssigned } from "./finding-mail";
import { FINDING_NOT_FOUND, findingScope } from "./finding-scope";

// A finding's remediation owner (docs/PRODUCT.md#portal-findings): a person of the finding's own
// company, named by the firm or by an owner of that company; mailed, and listed under "Assigned to me".

export const OWNER_NOT_OF_COMPANY = "Choose a person of the finding's company.";

export type OwnerOption = { userId: string; name: string; email: string };

/** The people who can be named: the company's active people (the invited cannot sign in yet). */
const companyPeople = (db: DbOrTx, clientId: string): Promise<OwnerOption[]> => activePeopleOf(db, clientId);

function assertMayName(actor: Actor) {
  if (actor.role === "admin") return assertAdmin(actor);
  assertClient(actor);
  if (actor.personRole !== "owner") throw new AppError("forbidden", "Only an owner of your company can name a remediation owner.");
}

/** Whom the actor may name on a finding of this company: the firm for any company, an owner for their own. */
export async function listOwnerOptions(db: DbOrTx, { actor, clientId }: { actor: Actor; clientId: string }): Promise<OwnerOption[]> {
  assertMayName(actor);
  if (actor.role === "client" && actor.clientId !== clientId) return [];
  return companyPeople(db, clientId);
}

/**
 * Names (or, with null, clears) the finding's remediation owner. Only a published finding the
 * actor may reach (404 otherwise), only a person of its company (400); the timeline records it,
 * the firm's change is audited, and the person named is mailed (their preferences decide).
 */
export async function setRemediationOwner(
  db: Db,
  { actor, findingId, ownerUserId }: { actor: Actor; findingId: string; ownerUserId: string | null },
) {
  assertMayName(actor);
  return db.transaction(async (tx) => {
    const [finding] = await tx
      .select({
        id: findings.id,
        clientId: findings.clientId,
        title: findings.title,
        owner: findings.ownerUserId,
        publishedAt: findings.publishedAt,
      })
      .from(findings)
      .where(findingScope(actor, findingId))
      .for("update")
      .limit(1);
    if (!finding) throw FINDING_NOT_FOUND();
    if (!finding.publishedAt) throw new AppError("conflict", "Publish the finding before naming its remediation owner.");
    let person: OwnerOption | undefined;
    if (ownerUserId !== null) {
      [person] = (await companyPeople(tx, finding.clientId)).filter((p) => p.userId === ownerUserId);
      if (!person) throw new AppError("bad_request", OWNER_NOT_OF_COMPANY, { fieldErrors: { ownerUserId: OWNER_NOT_OF_COMPANY } });
    }
    if (finding.owner === ownerUserId) return { ownerUserId };
    await tx.update(findings).set({ ownerUserId }).where(eq(findings.id, findingId));
    const [event] = await tx
      .insert(findingEvents)
      .values({
        findingId,
        kind: "owner_assigned",
        note: person ? `Remediation owner: ${person.name || person.email}` : "No remediation owner",
        actorId: personIdOf(actor),
        actorRole: actor.role,
        actorName: actor.name,
      })
      .returning({ id: findingEvents.id });
    if (actor.role === "admin")
      await recordAudit(tx, { actor, action: "finding.owner", entityType: "finding", entityId: findingId, after: { ownerUserId } });
    if (person && person.userId !== actor.userId)
      await notifyOwnerAssigned(tx, {
        eventId: event!.id,
        clientId: finding.clientId,
        userId: person.userId,
        name: person.name || person.email,
        findingId,
        title: finding.title,
        by: actor.name,
      });
    return { ownerUserId };
  });
}
