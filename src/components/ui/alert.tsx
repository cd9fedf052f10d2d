import type { ReactNode } from "react";
import { OutcomeMessage, outcomeKindOf } from "./outcome-message";

/**
 * The outcome message (./outcome-message.tsx) under its older name and tones: "error" is a
 * refusal (role=alert), "success" and "info" are announced politely. New code uses OutcomeMessage.
 */
export function Alert({
  tone = "info",
  children,
  className,
}: {
  tone?: "error" | "success" | "info";
  children?: ReactNode;
  className?: string;
}) {
  return (
    <OutcomeMessage kind={outcomeKindOf(tone)} className={className}>
      {children}
    </OutcomeMessage>
  );
}
