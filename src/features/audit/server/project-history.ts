import "server-only";
import { sql, type SQLWrapper } from "drizzle-orm";
import { auditLog } from "./schema";

/**
 * A project's history as the log holds it, for the projects slice's timeline statement, whose
 * entries are `kind, at, title, detail, ref_id`: what the log knew of its creation can be missing
 * (a project older than the log), so it is a source to left-join laterally, not an entry.
 */
export const projectHistorySql = {
  /** The status the project was created with, as `status`. */
  createdWith: (projectIdText: SQLWrapper) => sql`(select ${auditLog.after}->>'status' as status from ${auditLog}
       where ${auditLog.entityType} = 'project' and ${auditLog.entityId} = ${projectIdText} and ${auditLog.action} = 'project.create')`,
  /** Each change of its status (an edit that kept the status is none). */
  statusChanges: (projectId: string) => sql`
      select 'status', ${auditLog.createdAt}, 'Status changed', (${auditLog.before}->>'status') || ' → ' || (${auditLog.after}->>'status'), null
        from ${auditLog}
       where ${auditLog.entityType} = 'project' and ${auditLog.entityId} = ${projectId} and ${auditLog.action} in ('project.status', 'project.update')
         and ${auditLog.after}->>'status' is distinct from ${auditLog.before}->>'status'`,
};
