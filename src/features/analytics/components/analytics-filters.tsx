import { buttonClasses } from "@/components/ui/button";
import { atlasTechniqueLabel, ATLAS_TECHNIQUE_IDS, owaspLlmLabel, OWASP_LLM_IDS } from "@/lib/domain/ai-taxonomy";
import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import type { EngagementOption } from "@/features/analytics/server";
import { ANALYTICS_PERIODS, type AnalyticsFilters, PERIOD_LABELS } from "@/features/analytics/validation";

// The analytics' filters (docs/PRODUCT.md#analytics): a plain GET form, so the filters are the
// page's address (shareable, reloadable) and applying them needs no JavaScript.

const selectClass =
  "h-9 w-full rounded-md border border-slate-700 bg-slate-900 px-2 text-sm focus:outline-none focus:ring-1 focus:ring-accent";

function Select({ name, label, value, children }: { name: string; label: string; value: string | undefined; children: React.ReactNode }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-sm">
      <span className="text-muted">{label}</span>
      <select name={name} defaultValue={value ?? ""} className={selectClass}>
        {children}
      </select>
    </label>
  );
}

export function AnalyticsFilterForm({
  action,
  filters,
  engagements,
  companies,
}: {
  action: string;
  filters: AnalyticsFilters;
  engagements: EngagementOption[];
  /** The firm's view only: the company picker. */
  companies?: { id: string; company: string }[];
}) {
  return (
    <form
      method="get"
      action={action}
      aria-label="Analytics filters"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      {companies ? (
        <Select name="client" label="Company" value={filters.client}>
          <option value="">All companies</option>
          {companies.map((c) => (
            <option key={c.id} value={c.id}>
              {c.company}
            </option>
          ))}
        </Select>
      ) : null}
      <Select name="engagement" label="Engagement" value={filters.engagement}>
        <option value="">All engagements</option>
        {engagements.map((e) => (
          <option key={e.id} value={e.id}>
            {companies ? `${e.company}: ${e.name}` : e.name}
          </option>
        ))}
      </Select>
      <Select name="severity" label="Severity" value={filters.severity}>
        <option value="">All severities</option>
        {FINDING_SEVERITIES.map((s) => (
          <option key={s} value={s}>
            {FINDING_SEVERITY_LABELS[s]}
          </option>
        ))}
      </Select>
      <Select name="category" label="Category" value={filters.category}>
        <option value="">All categories</option>
        <option value="owasp-llm">Any OWASP LLM category</option>
        <option value="atlas">Any MITRE ATLAS technique</option>
        <optgroup label="OWASP Top 10 for LLM">
          {OWASP_LLM_IDS.map((id) => (
            <option key={id} value={id}>
              {owaspLlmLabel(id)}
            </option>
          ))}
        </optgroup>
        <optgroup label="MITRE ATLAS">
          {ATLAS_TECHNIQUE_IDS.map((id) => (
            <option key={id} value={id}>
              {atlasTechniqueLabel(id)}
            </option>
          ))}
        </optgroup>
      </Select>
      <Select name="period" label="Period" value={filters.period}>
        {ANALYTICS_PERIODS.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABELS[p]}
          </option>
        ))}
      </Select>
      <button type="submit" className={buttonClasses("primary", "md", "h-9")}>
        Apply filters
      </button>
    </form>
  );
}
