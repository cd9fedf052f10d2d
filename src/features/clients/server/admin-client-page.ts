import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ClientShownStatus, ClientStatus } from "@/lib/domain/client-status";
import type { adminClientEditSchema } from "@/features/clients/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import { lockRowById } from "@/server/core/db/lock-row";
import type { Db } from "@/server/core/db/client";
import { clientPeople, clients } from "./schema";
import { AppError } from "@/server/core/errors";
import { deleteUsers, endSessionsOf, userFacts } from "@/features/identity/server";
import { recordAudit, recordFirmAccessAfterResponse } from "@/features/audit/server";
import { assertCompanyNameFree, companyTakenInstead } from "./company-names";
import { shownClientStatus } from "./list-filters";
import { clientsPorts } from "./ports";
import { listTeam, type TeamPerson } from "./team";

// The admin's page of one client (docs/PRODUCT.md#admin-client-page): its details, people, and
// the company-wide actions (edit, deactivate, reactivate, delete).

export type AdminClientDetails = {
  id: string;
  company: string;
  contactPerson: string;
  contactEmail: string;
  phone: string | null;
  address: string | null;
  billingEmail: string | null;
  status: ClientStatus;
  /** "invited" until one of its people accepts (docs/PRODUCT.md#admin-client-page). */
  shownStatus: ClientShownStatus;
  requireTwoFactor: boolean;
  billingWithheldFromMembers: boolean;
  joinedDate: string;
  invoiceCount: number;
  documentCount: number;
  people: (TeamPerson & { twoFactorEnabled: boolean })[];
};

const editableColumns = {
  company: clients.company,
  contactPerson: clients.contactPerson,
  contactEmail: clients.contactEmail,
  phone: clients.phone,
  address: clients.address,
};

export const DELETE_REFUSED_MESSAGE =
  "This client has invoices or documents, which are financial and contractual records and are kept. Deactivate the client instead.";

export async function getAdminClientDetails(db: Db, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  const records = await clientsPorts();
  const [row] = await db
    .select({
      id: clients.id,
      ...editableColumns,
      billingEmail: clients.billingEmail,
      status: clients.status,
      shownStatus: shownClientStatus,
      requireTwoFactor: clients.requireTwoFactor,
      billingWithheldFromMembers: clients.billingWithheldFromMembers,
      joinedDate: clients.joinedDate,
      invoiceCount: records.invoiceCount(clients.id).mapWith(Number),
      documentCount: records.documentCount(clients.id).mapWith(Number),
    })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  if (!row) return null;
  // The firm opening the company's page is a look in its access log (docs/PRODUCT.md#portal-access-log).
  const [people] = await Promise.all([
    listTeam(db, { actor, clientId }),
    recordFirmAccessAfterResponse(db, {
      actor,
      action: "client.page.view",
      clientIds: [clientId],
      entityType: "client",
      entityId: clientId,
    }),
  ]);
  const users = userFacts(db);
  const twoFactor = people.length
    ? await db
        .select({ id: users.userId, enabled: users.twoFactorEnabled })
        .from(users)
        .where(
          inArray(
            users.userId,
            people.map((p) => p.userId),
          ),
        )
    : [];
  const enabled = new Set(twoFactor.filter((u) => u.enabled).map((u) => u.id));
  return { ...row, people: people.map((p) => ({ ...p, twoFactorEnabled: enabled.has(p.userId) })) } satisfies AdminClientDetails;
}

/** Edits the company's details; the change is audited with before and after. */
export async function updateAdminClient(
  db: Db,
  { actor, clientId, input }: { actor: AdminActor; clientId: string; input: Omit<z.output<typeof adminClientEditSchema>, "clientId"> },
) {
  assertAdmin(actor);
  const saved = db.transaction(async (tx) => {
    const before = await lockRowById(tx, clients, clientId, "Client not found", editableColumns);
    await assertCompanyNameFree(tx, input.company, clientId);
    const [after] = await tx
      .update(clients)
      .set({
        company: input.company,
        contactPerson: input.contactPerson,
        contactEmail: input.contactEmail,
        phone: input.phone,
        address: input.address,
      })
      .where(eq(clients.id, clientId))
      .returning(editableColumns);
    await recordAudit(tx, { actor, action: "client.update", entityType: "client", entityId: clientId, before, after });
    return after!;
  });
  return saved.catch((error: unknown) => {
    throw companyTakenInstead(error);
  });
}

/**
 * Deactivates (none of its people can sign in; every session of theirs ends now; its data stays)
 * or reactivates a company.
 */
export async function setClientActive(db: Db, { actor, clientId, active }: { actor: AdminActor; clientId: string; active: boolean }) {
  assertAdmin(actor);
  const status: ClientStatus = active ? "active" : "inactive";
  return db.transaction(async (tx) => {
    const before = await lockRowById(tx, clients, clientId, "Client not found", { status: clients.status });
    if (before.status === status) return { status };
    await tx.update(clients).set({ status }).where(eq(clients.id, clientId));
    if (!active) {
      const people = await tx.select({ userId: clientPeople.userId }).from(clientPeople).where(eq(clientPeople.clientId, clientId));
      await endSessionsOf(
        tx,
        people.map((p) => p.userId),
      );
    }
    await recordAudit(tx, {
      actor,
      action: active ? "client.reactivate" : "client.deactivate",
      entityType: "client",
      entityId: clientId,
      before,
      after: { status },
    });
    return { status };
  });
}

/**
 * Deletes a company that has no invoices and no documents, with its people's users and everything
 * it owns. With invoices or documents it is refused: it can only be deactivated.
 */
export async function deleteClient(db: Db, { actor, clientId }: { actor: AdminActor; clientId: string }) {
  assertAdmin(actor);
  const held = await clientsPorts();
  return db.transaction(async (tx) => {
    const before = await lockRowById(tx, clients, clientId, "Client not found", {
      ...editableColumns,
      status: clients.status,
      records: sql<number>`${held.invoiceCount(clients.id)} + ${held.documentCount(clients.id)}`.mapWith(Number),
    });
    if (before.records > 0) throw new AppError("conflict", DELETE_REFUSED_MESSAGE);
    const users = userFacts(tx);
    const people = await tx
      .select({ userId: clientPeople.userId, email: users.email, name: users.name, role: clientPeople.role })
      .from(clientPeople)
      .innerJoin(users, eq(users.userId, clientPeople.userId))
      .where(eq(clientPeople.clientId, clientId));
    await tx.delete(clients).where(eq(clients.id, clientId));
    await deleteUsers(
      tx,
      people.map((p) => p.userId),
    );
    const { records: _records, ...company } = before;
    await recordAudit(tx, {
      actor,
      action: "client.delete",
      entityType: "client",
      entityId: clientId,
      before: { ...company, people },
      after: null,
    });
    return { deleted: true as const };
  });
}
