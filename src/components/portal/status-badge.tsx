import { cn } from "@/lib/cn";

// Colours per known status; anything else (a status added later) gets the neutral style (docs/PRODUCT.md#rules-statuses).
const STYLES: Record<string, string> = {
  open: "border-sky-500/40 bg-sky-500/10 text-sky-300",
  in_progress: "border-cyan-500/40 bg-cyan-500/10 text-cyan-300",
  on_hold: "border-amber-500/40 bg-amber-500/10 text-amber-300",
  completed: "border-emerald-500/40 bg-emerald-500/10 text-emerald-300",
  frozen: "border-indigo-400/40 bg-indigo-400/10 text-indigo-200",
  cancelled: "border-slate-500/40 bg-slate-500/10 text-slate-400",
  paid: "border-emerald-500/40 bg-emerald-500/10 text-emerald-300",
  pending: "border-amber-500/40 bg-amber-500/10 text-amber-300",
  overdue: "border-red-500/40 bg-red-500/10 text-red-300",
  approved: "border-sky-500/40 bg-sky-500/10 text-sky-300",
  declined: "border-slate-500/40 bg-slate-500/10 text-slate-400",
  partial: "border-amber-500/40 bg-amber-500/10 text-amber-300",
};
const NEUTRAL = "border-slate-600 bg-slate-800 text-slate-300";

/** "in_progress" → "In Progress". */
export function statusLabel(status: string): string {
  return status
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

export function StatusBadge({ status, label, className }: { status: string; label?: string; className?: string }) {
  return (
    <span
      data-status={status}
      className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold", STYLES[status] ?? NEUTRAL, className)}
    >
      {label ?? statusLabel(status)}
    </span>
  );
}
