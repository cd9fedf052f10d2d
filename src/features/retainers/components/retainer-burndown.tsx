import { ScrollRegion } from "@/components/admin/scroll-region";
import { formatDate } from "@/lib/format";
import { formatHours } from "@/lib/retainer-period";
import type { RetainerMonth } from "@/features/retainers/server";

const monthLabel = (month: string) =>
  new Date(`${month}T00:00:00Z`).toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** The current month's burn-down (docs/PRODUCT.md#retainer-hours): used, remaining, carried over, projected. */
export function RetainerBurndown({ month }: { month: RetainerMonth }) {
  const percent = month.budgetMinutes > 0 ? Math.min(100, Math.round((month.usedMinutes * 100) / month.budgetMinutes)) : 0;
  const figures: [string, string][] = [
    ["Used", formatHours(month.usedMinutes)],
    ["Remaining", formatHours(month.remainingMinutes)],
    ["Carried over", formatHours(month.carriedInMinutes)],
    ["Projected by month end", formatHours(month.projectedMinutes)],
  ];
  return (
    <div className="space-y-3" data-testid="retainer-burndown">
      <p className="text-sm text-muted">
        {monthLabel(month.month)}: {formatHours(month.usedMinutes)} of {formatHours(month.budgetMinutes)} used ({percent}%)
        {month.overageMinutes > 0 ? `, ${formatHours(month.overageMinutes)} approved overage` : ""}
        {month.closed ? " · Closed" : ""}
      </p>
      <div
        className="h-3 w-full overflow-hidden rounded-full bg-slate-800"
        role="progressbar"
        aria-label="Hours used this month"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className={percent >= 100 ? "h-full bg-rose-500" : percent >= 80 ? "h-full bg-amber-400" : "h-full bg-cyan-400"}
          style={{ width: `${percent}%` }}
        />
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-800 p-3">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {month.expiringMinutes > 0 ? (
        <p className="text-xs text-muted">{formatHours(month.expiringMinutes)} carried over expire at the end of this month if unused.</p>
      ) : null}
    </div>
  );
}

/** Every month from the start, newest first. */
export function RetainerHistory({ months }: { months: RetainerMonth[] }) {
  return (
    <ScrollRegion label="Hours per month">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Hours per month</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Month
            </th>
            <th scope="col" className="py-2 pr-3">
              Budget
            </th>
            <th scope="col" className="py-2 pr-3">
              Used
            </th>
            <th scope="col" className="py-2 pr-3">
              Overage
            </th>
            <th scope="col" className="py-2 pr-3">
              Non-billable
            </th>
            <th scope="col" className="py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-t border-slate-800">
              <td className="py-2 pr-3">{monthLabel(m.month)}</td>
              <td className="py-2 pr-3">{formatHours(m.budgetMinutes)}</td>
              <td className="py-2 pr-3">{formatHours(m.usedMinutes)}</td>
              <td className="py-2 pr-3">{formatHours(m.overageMinutes)}</td>
              <td className="py-2 pr-3">{formatHours(m.nonBillableMinutes)}</td>
              <td className="py-2">{m.closed ? "Closed" : "Open"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/**
 * The time entries behind the burn-down: a table from md up, stacked cards on a phone (the same
 * rows restyled, as Billing's invoices), so nothing scrolls sideways at 390 px.
 */
export function RetainerEntries({
  entries,
}: {
  entries: {
    id: string;
    workDate: string;
    minutes: number;
    person: string;
    description: string;
    billable: boolean;
    overage: boolean;
    project: string;
  }[];
}) {
  if (entries.length === 0) return <p className="text-sm text-muted">No time logged this month yet.</p>;
  const cell = "md:table-cell md:py-2 md:pr-3";
  return (
    <table className="block w-full text-left text-sm md:table">
      <caption className="sr-only">Time entries this month</caption>
      <thead className="hidden text-xs text-muted md:table-header-group">
        <tr>
          {["Date", "Project", "Person", "Work", "Hours", "Billing"].map((header) => (
            <th key={header} scope="col" className="py-2 pr-3">
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {entries.map((e) => (
          <tr
            key={e.id}
            data-testid="retainer-entry"
            className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-slate-800 p-3 md:table-row md:rounded-none md:border-0 md:border-t md:p-0"
          >
            <td className={`order-2 whitespace-nowrap text-muted md:text-foreground ${cell}`}>{formatDate(e.workDate)}</td>
            <td className={`order-1 w-full font-medium break-words md:w-auto md:font-normal ${cell}`}>{e.project}</td>
            <td className={`order-3 ${cell}`}>{e.person}</td>
            <td className={`order-6 w-full break-words text-muted md:w-auto md:text-foreground ${cell}`}>{e.description}</td>
            <td className={`order-4 whitespace-nowrap font-semibold md:font-normal ${cell}`}>{formatHours(e.minutes)}</td>
            <td className="order-5 md:table-cell md:py-2">{!e.billable ? "Non-billable" : e.overage ? "Overage" : "Billable"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
