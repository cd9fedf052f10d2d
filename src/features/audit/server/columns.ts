import "server-only";
import { sql } from "drizzle-orm";
import type { AuditUsers } from "./ports";
import { auditLog } from "./schema";

// Columns read the same way by the audit log and the dashboard: explicit columns, never `*`.

/** An audit entry in a list, with the acting user's e-mail (the query left-joins `users` on the actor). */
export const auditEntryColumns = (users: AuditUsers) => ({
  id: auditLog.id,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  actorEmail: sql<string | null>`${users.email}`,
  createdAt: auditLog.createdAt,
});
