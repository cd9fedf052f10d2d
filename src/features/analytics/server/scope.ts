import "server-only";
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import { findings } from "@/features/findings/server/schema/records";
import type { AnalyticsFilters } from "../validation";

// Which findings a figure or an export reads: published ones of the caller's companies, narrowed by
// the filters. Shared by the analytics and the interchange exports so both count the same findings.

/** An AI finding: a taxonomy id, or an AI red-teaming tool's import. */
export const aiFindingSql = sql<boolean>`(cardinality(${findings.owaspLlm}) > 0 or cardinality(${findings.atlas}) > 0 or ${findings.sourceTool} in ('garak', 'promptfoo', 'pyrit'))`;

function categorySql(category: NonNullable<AnalyticsFilters["category"]>): SQL {
  if (category === "owasp-llm") return sql`cardinality(${findings.owaspLlm}) > 0`;
  if (category === "atlas") return sql`cardinality(${findings.atlas}) > 0`;
  if (category.startsWith("LLM")) return sql`${category} = any(${findings.owaspLlm})`;
  // A technique covers its sub-techniques (AML.T0051 takes AML.T0051.000).
  return sql`exists (select 1 from unnest(${findings.atlas}) a where a = ${category} or a like ${`${category}.%`})`;
}

/** The published findings of `clientId` (every company when null) that match the filters. */
export function findingScope(clientId: string | null, filters: Omit<AnalyticsFilters, "period">): SQL {
  const parts: (SQL | undefined)[] = [isNotNull(findings.publishedAt)];
  if (clientId) parts.push(eq(findings.clientId, clientId));
  if (filters.client) parts.push(eq(findings.clientId, filters.client));
  if (filters.engagement) parts.push(eq(findings.projectId, filters.engagement));
  if (filters.severity) parts.push(eq(findings.severity, filters.severity));
  if (filters.category) parts.push(categorySql(filters.category));
  return and(...parts)!;
}
