import { StatusBadge } from "@/components/ui/status-badge";
import type { Tone } from "@/lib/domain/tone";

const TONES: Record<string, Tone> = { Valid: "emerald", Superseded: "amber", Revoked: "red" };

/** A letter's state as a pill: Valid, Superseded or Revoked. */
export function LetterStateBadge({ state }: { state: string }) {
  return <StatusBadge value={state.toLowerCase()} label={state} tone={TONES[state] ?? "slate"} />;
}
