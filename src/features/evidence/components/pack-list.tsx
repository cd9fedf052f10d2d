import { formatDate } from "@/lib/format";
import type { PackRow } from "@/features/evidence/server";

/** An engagement's evidence packs: state, code and its public page (docs/PRODUCT.md#evidence-packs). */
export function PackList({ packs, children }: { packs: PackRow[]; children?: (pack: PackRow) => React.ReactNode }) {
  if (packs.length === 0) return <p className="text-sm text-muted">No evidence pack yet.</p>;
  return (
    <ul className="divide-y divide-slate-800 text-sm">
      {packs.map((pack) => (
        <li key={pack.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid="evidence-pack">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <span className="rounded border border-border px-1.5 text-xs">{pack.state}</span>
              <a href={pack.verifyUrl} className="break-all font-mono text-accent underline underline-offset-2">
                {pack.code}
              </a>
            </p>
            <p className="text-xs text-muted">
              Issued {formatDate(pack.issuedAt)} · {pack.coverage}
            </p>
          </div>
          {children?.(pack)}
        </li>
      ))}
    </ul>
  );
}
