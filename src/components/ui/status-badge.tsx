import { cn } from "@/lib/cn";
import { TONE_CLASSES, type Tone } from "@/lib/domain/tone";

/**
 * A status or level as a coloured pill. Label and tone come from the list's maps in src/lib/domain
 * (e.g. PROJECT_STATUS_LABELS and PROJECT_STATUS_TONES); `value` is the raw value, for tests and styles.
 */
export function StatusBadge({ value, label, tone, className }: { value: string; label: string; tone: Tone; className?: string }) {
  return (
    <span
      data-status={value}
      className={cn("inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold", TONE_CLASSES[tone], className)}
    >
      {label}
    </span>
  );
}
