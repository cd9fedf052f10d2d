import "server-only";
import { getTableName, sql, type SQLWrapper } from "drizzle-orm";
import { messages, messageThreads } from "./schema";

/** Whether a conversation was opened about the project, in the caller's own statement. */
export const projectHasThreadsSql = (projectId: SQLWrapper) =>
  // Aliased by hand: in a one-table select drizzle leaves column names unqualified.
  sql<boolean>`exists (select 1 from ${sql.identifier(getTableName(messageThreads))} dependent where dependent.project_id = ${projectId})`;

/**
 * The project's entries in its timeline (the projects slice's one statement, as `kind, at, title,
 * detail, ref_id`): each message of its company's conversations about it, leading to the conversation.
 */
export const messageTimelineSql = ({ id, clientId }: { id: string; clientId: string }) => sql`
      select 'message', ${messages.createdAt}, 'Message from ' || ${messages.authorName}, ${messageThreads.subject}, ${messageThreads.id}::text
        from ${messages} join ${messageThreads} on ${messageThreads.id} = ${messages.threadId}
       where ${messageThreads.projectId} = ${id} and ${messageThreads.clientId} = ${clientId}`;
