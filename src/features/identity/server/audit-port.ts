import "server-only";
import { sql, type SQLWrapper } from "drizzle-orm";
import type { AuditUsers } from "@/features/audit/server";
import { user } from "./schema";

// The acting user as the audit module's lists and writes read it (its AuditUsers port, handed over at
// start: src/identity-ports.ts): the user table as a source its statement joins on `id`. Each column
// is wrapped in an outer sql`` so it stays qualified in a one-source select.
const column = <T>(inner: SQLWrapper) => sql<T>`${sql`${inner}`}`;

export const usersForAudit: AuditUsers = {
  from: sql`${user}`,
  id: column(user.id),
  name: column(user.name),
  email: column(user.email),
  role: column(user.role),
};
