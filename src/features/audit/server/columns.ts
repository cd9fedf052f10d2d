import "server-only";
import { auditLog } from "./schema";
import { user } from "@/features/identity/server/schema";

// Columns read the same way by the audit log and the dashboard: explicit columns, never `*`.

/** An audit entry in a list, with the acting user's e-mail (the query left-joins `user` on the actor). */
export const auditEntryColumns = {
  id: auditLog.id,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  actorEmail: user.email,
  createdAt: auditLog.createdAt,
};
