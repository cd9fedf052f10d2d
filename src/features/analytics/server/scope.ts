import "server-only";
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";
import type { findingFacts } from "@/features/findings/server";
import type { AnalyticsFilters } from "../validation";

// Which findings a figure or an export reads: published ones of the caller's companies, narrowed by
// the filters. Shared by the analytics and the interchange exports so both count the same findings.
// Both read the findings door's `findingFacts` subquery, and hand it in.

/** The findings as a figure or an export reads them: the findings door's subquery. */
export type FindingRows = ReturnType<typeof findingFacts>;

/** An AI finding: a taxonomy id, or an AI red-teaming tool's import. */
export const aiFindingSql = (f: FindingRows) =>
  sql<boolean>`(cardinality(${f.owaspLlm}) > 0 or cardinality(${f.atlas}) > 0 or ${f.sourceTool} in ('garak', 'promptfoo', 'pyrit'))`;

function categorySql(f: FindingRows, category: NonNullable<AnalyticsFilters["category"]>): SQL {
  if (category === "owasp-llm") return sql`cardinality(${f.owaspLlm}) > 0`;
  if (category === "atlas") return sql`cardinality(${f.atlas}) > 0`;
  if (category.startsWith("LLM")) return sql`${category} = any(${f.owaspLlm})`;
  // A technique covers its sub-techniques (AML.T0051 takes AML.T0051.000).
  return sql`exists (select 1 from unnest(${f.atlas}) a where a = ${category} or a like ${`${category}.%`})`;
}

/** The published findings of `clientId` (every company when null) among `f` that match the filters. */
export function findingScope(f: FindingRows, clientId: string | null, filters: Omit<AnalyticsFilters, "period">): SQL {
  const parts: (SQL | undefined)[] = [isNotNull(f.publishedAt)];
  if (clientId) parts.push(eq(f.clientId, clientId));
  if (filters.client) parts.push(eq(f.clientId, filters.client));
  if (filters.engagement) parts.push(eq(f.projectId, filters.engagement));
  if (filters.severity) parts.push(eq(f.severity, filters.severity));
  if (filters.category) parts.push(categorySql(f, filters.category));
  return and(...parts)!;
}
