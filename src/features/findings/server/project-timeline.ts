import "server-only";
import { sql } from "drizzle-orm";
import { findingEvents, findings } from "./schema/records";

/**
 * The project's entries in its timeline (the projects slice's one statement, as `kind, at, title,
 * detail, ref_id`): each published finding and the steps of its own timeline the client sees,
 * leading to the finding. Drafts never: the timeline is the same record for the firm and the client.
 */
export const findingTimelineSql = ({ id, clientId }: { id: string; clientId: string }) => sql`
      select 'finding', ${findings.publishedAt}, 'Finding published: ' || ${findings.title}, ${findings.severity}, ${findings.id}::text
        from ${findings} where ${findings.projectId} = ${id} and ${findings.clientId} = ${clientId} and ${findings.publishedAt} is not null
      union all
      select 'finding', ${findingEvents.createdAt},
             case ${findingEvents.kind} when 'retest_requested' then 'Retest requested: ' when 'retest_result' then 'Retest result: '
                         when 'risk_accepted' then 'Risk accepted: ' when 'risk_acknowledged' then 'Risk acknowledged: '
                         when 'reopened' then 'Seen again in a scan: '
                         when 'regressed' then 'Regressed in a run: '
                         when 'owner_assigned' then 'Remediation owner changed: '
                         when 'withdrawn' then 'Finding withdrawn: ' when 'outcome' then 'Finding closed: '
                         when 'outcome_undone' then 'Finding reopened: '
                         else 'Finding updated: ' end || ${findings.title},
             coalesce(${findingEvents.toStatus}, ''), ${findings.id}::text
        from ${findingEvents} join ${findings} on ${findings.id} = ${findingEvents.findingId}
       where ${findings.projectId} = ${id} and ${findings.clientId} = ${clientId} and ${findings.publishedAt} is not null
         and ${findingEvents.kind} not in ('created', 'published', 'not_seen')`;
