// Portal test fixtures: actors of the demo clients (from a session, as the guard reads it) and extra clients
// with generated projects and invoices.
import { randomUUID } from "node:crypto";
import type { ClientActor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { clientPeople, clients } from "@/features/clients/server/schema";
import { user } from "@/features/identity/server/schema";
import { invoices, type ScheduleEntry } from "@/features/invoices/server/schema";
import { projects } from "@/features/projects/server/schema";
import { requireClient } from "@/features/identity/server/sessions/session";
import { clientCookie } from "./admin-session";
import { authHeaders } from "./auth";

/** The actor of a demo client, as the guard builds it from a real session. */
export async function demoClientActor(email: "client@example.com" | "client2@example.com" | "member@example.com"): Promise<ClientActor> {
  return requireClient(authHeaders(await clientCookie(email)));
}

/** A new client user and clients row, with no data of its own. */
export async function createTestClient(db: DbOrTx, name: string): Promise<ClientActor> {
  const userId = `test-${randomUUID()}`;
  const email = `${userId}@example.test`;
  await db.insert(user).values({ id: userId, name, email, role: "client" });
  const [row] = await db
    .insert(clients)
    .values({ company: `${name} Inc`, contactPerson: name, contactEmail: email })
    .returning({ id: clients.id, company: clients.company });
  await db.insert(clientPeople).values({ userId, clientId: row!.id, role: "owner", status: "active" });
  return {
    role: "client",
    userId,
    email,
    name,
    clientId: row!.id,
    company: row!.company,
    personRole: "owner",
    billingWithheld: false,
    reportsWithheld: false,
    findingsWithheld: false,
  };
}

export type TestInvoice = {
  amountCents: number;
  status: "paid" | "pending" | "overdue" | "cancelled";
  totalPaidCents?: number;
  projectId?: string | null;
  dueDate?: string;
  paymentSchedule?: ScheduleEntry[];
};

export async function addProject(
  db: DbOrTx,
  actor: ClientActor,
  values: { projectName: string; status?: "open" | "in_progress"; targetCompletionDate?: string | null },
) {
  const [row] = await db
    .insert(projects)
    .values({
      clientId: actor.clientId,
      projectName: values.projectName,
      status: values.status ?? "open",
      targetCompletionDate: values.targetCompletionDate ?? null,
    })
    .returning({ id: projects.id });
  return row!.id;
}

export async function addInvoices(db: DbOrTx, actor: ClientActor, list: TestInvoice[]) {
  if (list.length === 0) return;
  const prefix = randomUUID().slice(0, 8);
  await db.insert(invoices).values(
    list.map((invoice, index) => ({
      clientId: actor.clientId,
      invoiceNumber: `T-${prefix}-${index + 1}`,
      amountCents: invoice.amountCents,
      status: invoice.status,
      totalPaidCents: invoice.totalPaidCents ?? 0,
      projectId: invoice.projectId ?? null,
      dueDate: invoice.dueDate ?? "2026-12-01",
      paymentSchedule: invoice.paymentSchedule ?? [],
    })),
  );
}
