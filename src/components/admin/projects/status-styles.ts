import type { ProjectStatusValue } from "@/lib/validation/admin";

export const PROJECT_STATUS_STYLE: Record<ProjectStatusValue, string> = {
  open: "border-sky-500/40 bg-sky-500/10 text-sky-200",
  in_progress: "border-cyan-500/40 bg-cyan-500/10 text-cyan-200",
  on_hold: "border-amber-500/40 bg-amber-500/10 text-amber-200",
  completed: "border-emerald-500/40 bg-emerald-500/10 text-emerald-200",
  frozen: "border-indigo-400/40 bg-indigo-500/10 text-indigo-200",
  cancelled: "border-slate-500/40 bg-slate-500/10 text-slate-300",
};

export const INVOICE_STATUS_STYLE: Record<string, string> = {
  paid: "bg-emerald-500/15 text-emerald-300",
  pending: "bg-amber-500/15 text-amber-300",
  overdue: "bg-red-500/15 text-red-300",
  cancelled: "bg-slate-500/20 text-slate-300",
};

/** Today's calendar date where the admin is (the form's default start date). */
export function localTodayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
