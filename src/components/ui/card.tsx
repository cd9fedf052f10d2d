import type { HTMLAttributes } from "react";
import { cn } from "@/lib/cn";

const PADDINGS = { tight: "p-3", snug: "p-4", normal: "p-5", wide: "p-6", roomy: "p-6 sm:p-8" } as const;
const EDGES = { plain: "border-slate-800", accent: "border-accent/60", success: "border-emerald-500/60" } as const;

export type CardProps = HTMLAttributes<HTMLDivElement> & {
  padding?: keyof typeof PADDINGS;
  /** The border's colour: a highlighted card (the plan a client is on, the popular one). */
  edge?: keyof typeof EDGES;
};

// data-card: a part of the page that focus can return to when a dialog closes (return-focus.ts).
export function Card({ className, padding = "normal", edge = "plain", ...props }: CardProps) {
  return (
    <div
      data-card=""
      className={cn("min-w-0 rounded-xl border bg-surface/80 shadow-sm", PADDINGS[padding], EDGES[edge], className)}
      {...props}
    />
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
