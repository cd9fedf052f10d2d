import { FINDING_SEVERITIES, FINDING_SEVERITY_LABELS } from "@/lib/domain/finding";
import { formatDate } from "@/lib/format";
import type { LetterFacts } from "@/features/attestations/server";

/** What a letter states, as its public page shows it: the same signed facts its PDF prints. */
export function LetterFactsView({ facts }: { facts: LetterFacts }) {
  const rows: [string, string][] = [
    ["Tested by", facts.firm],
    ["Client", facts.client],
    ["Testing window", `${formatDate(facts.window.start)} to ${formatDate(facts.window.end)}`],
    ["Testers", facts.testers.join(", ")],
    ["Scope", facts.scope],
    ["Methodology", facts.methodology],
    ["Retest", facts.retest.date ? `${facts.retest.status}, ${formatDate(facts.retest.date)}` : facts.retest.status],
    ["Issued", formatDate(facts.issuedAt)],
  ];
  return (
    <div className="space-y-6">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="whitespace-pre-line break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <table className="w-full text-sm">
        <caption className="mb-2 text-left font-semibold">Findings</caption>
        <thead>
          <tr className="text-left text-xs uppercase text-muted">
            <th scope="col" className="py-1">
              Severity
            </th>
            <th scope="col" className="py-1 text-right">
              Found
            </th>
            <th scope="col" className="py-1 text-right">
              Verified fixed
            </th>
          </tr>
        </thead>
        <tbody>
          {FINDING_SEVERITIES.map((severity) => (
            <tr key={severity} className="border-t border-border">
              <th scope="row" className="py-1 text-left font-normal">
                {FINDING_SEVERITY_LABELS[severity]}
              </th>
              <td className="py-1 text-right tabular-nums">{facts.findings[severity]?.found ?? 0}</td>
              <td className="py-1 text-right tabular-nums">{facts.findings[severity]?.fixed ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div>
        <h2 className="text-sm font-semibold">What this letter does not say</h2>
        <p className="mt-1 text-sm text-muted">{facts.doesNotSay}</p>
      </div>
    </div>
  );
}
