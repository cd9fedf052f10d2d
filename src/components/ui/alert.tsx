import { AlertCircle, CheckCircle2, Info } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

const tones = {
  error: { box: "border-red-500/40 bg-red-500/10 text-red-200", Icon: AlertCircle },
  success: { box: "border-emerald-500/40 bg-emerald-500/10 text-emerald-200", Icon: CheckCircle2 },
  info: { box: "border-cyan-500/40 bg-cyan-500/10 text-cyan-100", Icon: Info },
} as const;

/** A banner message; errors are announced immediately (role=alert), others politely. */
export function Alert({ tone = "info", children, className }: { tone?: keyof typeof tones; children: ReactNode; className?: string }) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("flex items-start gap-2 rounded-md border px-3 py-2 text-sm", box, className)}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
