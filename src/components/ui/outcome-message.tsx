import { AlertCircle, CheckCircle2, Info } from "lucide-react";
import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * What an outcome message says: a success, a refusal (the server said no, a test failed, a record
 * was not found yet), or information (queued, nothing changed). docs/PRODUCT.md#outcome-messages.
 */
export type OutcomeKind = "success" | "refusal" | "information";

/** A message with its kind, as a screen keeps it until a newer one replaces it. */
export type Outcome = { kind: OutcomeKind; text: string };

export const OUTCOME_LOOKS = {
  success: {
    box: "border-emerald-500/40 bg-emerald-500/10 text-emerald-200",
    solid: "border-emerald-500/50 bg-emerald-950 text-emerald-100",
    Icon: CheckCircle2,
    role: "status",
  },
  refusal: {
    box: "border-red-500/40 bg-red-500/10 text-red-200",
    solid: "border-red-500/50 bg-red-950 text-red-100",
    Icon: AlertCircle,
    role: "alert",
  },
  information: {
    box: "border-cyan-500/40 bg-cyan-500/10 text-cyan-100",
    solid: "border-cyan-500/50 bg-cyan-950 text-cyan-100",
    Icon: Info,
    role: "status",
  },
} as const satisfies Record<OutcomeKind, { box: string; solid: string; Icon: unknown; role: "status" | "alert" }>;

/** The kind a change's tone stands for (useChange's notify: "success" or "error"; Alert's "info"). */
export function outcomeKindOf(tone: "success" | "error" | "info"): OutcomeKind {
  return tone === "error" ? "refusal" : tone === "info" ? "information" : "success";
}

/**
 * The product's one outcome message (src/components/README.md): a refusal is red with an alert
 * icon and announced at once (role="alert"); a success (green, a check mark) and information
 * (cyan) are announced politely (role="status"). A screen shows it next to the button that was
 * pressed and keeps one at a time: a newer outcome replaces the older.
 */
export function OutcomeMessage({
  kind,
  children,
  floating = false,
  className,
  ...rest
}: {
  kind: OutcomeKind;
  children?: ReactNode;
  /** On a solid ground above the page, with more room (a toast). */
  floating?: boolean;
  className?: string;
} & Omit<HTMLAttributes<HTMLDivElement>, "role" | "children">) {
  const { box, solid, Icon, role } = OUTCOME_LOOKS[kind];
  return (
    <div
      {...rest}
      role={role}
      data-outcome={kind}
      className={cn(
        "flex items-start gap-2 rounded-md border text-sm",
        floating ? "px-4 py-3 font-medium shadow-lg" : "px-3 py-2",
        floating ? solid : box,
        className,
      )}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
