import "server-only";
import { sql, type SQLWrapper } from "drizzle-orm";
import type { AuditCompanies } from "@/features/audit/server";
import { clients } from "./schema";

// A chain's company as the audit module reads it (its AuditCompanies port, handed over at start:
// src/identity-ports.ts): the clients table as a source its statement joins on `id`. Each column is
// wrapped in an outer sql`` so it stays qualified in a one-source select.
const column = <T>(inner: SQLWrapper) => sql<T>`${sql`${inner}`}`;

export const companiesForAudit: AuditCompanies = {
  from: sql`${clients}`,
  id: column(clients.id),
  company: column(clients.company),
  status: column(clients.status),
};
