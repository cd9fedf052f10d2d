import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

// data-card: a part of the page that focus can return to when a dialog closes (return-focus.ts).
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div data-card="" className={cn("min-w-0 rounded-xl border border-slate-800 bg-surface/80 p-5 shadow-sm", className)} {...props} />
  );
}

export function StatCard({
  label,
  value,
  icon,
  hint,
  className,
}: {
  label: string;
  value: React.ReactNode;
  icon?: React.ReactNode;
  /** A line under the value that qualifies it (e.g. the share not billed yet). */
  hint?: React.ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn("flex items-center justify-between gap-4", className)}>
      <div>
        <p className="text-sm text-muted">{label}</p>
        <p className="mt-1 text-2xl font-bold">{value}</p>
        {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      </div>
      {icon ? <div className="text-accent">{icon}</div> : null}
    </Card>
  );
}
