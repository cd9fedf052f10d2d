import { cn } from "@/lib/cn";
import { TONE_CLASSES, type Tone } from "@/lib/domain/tone";

const SHAPES = {
  pill: "rounded-full px-2.5 text-xs",
  /** Square corners, in a table's column of them. */
  square: "rounded px-2.5 text-xs",
  /** Small and square, beside a row's other facts. */
  tag: "rounded px-1.5 text-[11px]",
} as const;

/**
 * A status or level as a coloured pill. Label and tone come from the list's maps in src/lib/domain
 * (e.g. PROJECT_STATUS_LABELS and PROJECT_STATUS_TONES); `value` is the raw value, for tests and styles.
 */
export function StatusBadge({
  value,
  label,
  tone,
  shape = "pill",
  className,
}: {
  value: string;
  label: string;
  tone: Tone;
  shape?: keyof typeof SHAPES;
  className?: string;
}) {
  return (
    <span
      data-status={value}
      className={cn("inline-flex items-center border py-0.5 font-semibold", SHAPES[shape], TONE_CLASSES[tone], className)}
    >
      {label}
    </span>
  );
}
