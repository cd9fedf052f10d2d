import { cn } from "@/lib/cn";

/** A labelled progress bar; `percent` is already rounded by the caller. */
export function ProgressBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-slate-800", className)}
    >
      <div className="h-full rounded-full bg-accent-strong transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
