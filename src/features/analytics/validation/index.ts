import "@/lib/validation/zod-config";
import * as z from "zod/mini";
import type { $ZodType } from "zod/v4/core";
import { ATLAS_TECHNIQUE_IDS, OWASP_LLM_IDS } from "@/lib/domain/ai-taxonomy";
import { FINDING_SEVERITIES } from "@/lib/domain/finding";
import { uuidSchema } from "@/lib/validation/common";

// The analytics' filters (docs/PRODUCT.md#analytics), kept in the URL so a filtered view can be
// shared and reloaded; the same filters choose the findings of an export (docs/PRODUCT.md#exports).

export const ANALYTICS_PERIODS = ["3m", "6m", "12m", "24m"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  "3m": "Last 3 months",
  "6m": "Last 6 months",
  "12m": "Last 12 months",
  "24m": "Last 24 months",
};
export const periodMonths = (period: AnalyticsPeriod) => Number(period.slice(0, -1));

/** "owasp-llm" or "atlas" (any id of the list), or one OWASP LLM id or ATLAS technique. */
export const ANALYTICS_CATEGORIES = ["owasp-llm", "atlas", ...OWASP_LLM_IDS, ...ATLAS_TECHNIQUE_IDS] as const;

export const analyticsFilterSchema = z.object({
  engagement: z.optional(uuidSchema),
  severity: z.optional(z.enum(FINDING_SEVERITIES)),
  category: z.optional(z.enum(ANALYTICS_CATEGORIES)),
  period: z._default(z.enum(ANALYTICS_PERIODS), "12m"),
  /** The admin's cross-client view only: one company. */
  client: z.optional(uuidSchema),
});
export type AnalyticsFilters = z.infer<typeof analyticsFilterSchema>;

/**
 * The filters of a page's address: a value that is not one of the choices is dropped (the page
 * shows everything for it), so an edited or stale link still opens.
 */
export function filtersFromSearch(raw: Record<string, string | string[] | undefined>): AnalyticsFilters {
  const one = (key: string) => {
    const value = raw[key];
    const text = Array.isArray(value) ? value[0] : value;
    return text === "" ? undefined : text;
  };
  const shape = analyticsFilterSchema.shape;
  const pick = <S extends $ZodType>(schema: S, key: string): z.infer<S> | undefined => {
    const parsed = z.safeParse(schema, one(key));
    return parsed.success ? parsed.data : undefined;
  };
  return {
    engagement: pick(shape.engagement, "engagement"),
    severity: pick(shape.severity, "severity"),
    category: pick(shape.category, "category"),
    period: pick(shape.period, "period") ?? "12m",
    client: pick(shape.client, "client"),
  };
}

/** The filters back as a query string (empty values left out), for links and downloads. */
export function filtersToSearch(filters: Partial<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params.toString();
}

export {
  type BoardSummaryInput,
  boardSummarySchema,
  portalBoardSummarySchema,
  QUARTER_FORMAT,
  QUARTER_NOT_STARTED,
  QUARTER_TOO_EARLY,
  quarterAsOf,
  type QuarterBounds,
  quarterBounds,
  quarterOf,
  quarterSchema,
  recentQuarters,
} from "./quarter";
