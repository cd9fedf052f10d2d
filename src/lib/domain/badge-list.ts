import type { Tone } from "./tone";

/** "in_progress" → "In Progress": how a status reads when its label is not written out. */
function titleCaseOf(value: string): string {
  return value
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/**
 * A closed list shown as badges, written as one entry a value (its tone), in the order the list
 * takes: gives the values (for the database CHECK and the zod enum), the labels (the value in
 * title case unless `labels` names it otherwise) and the tones.
 */
export function badgeList<const V extends string>(tones: Record<V, Tone>, labels: Partial<Record<V, string>> = {}) {
  const values = Object.keys(tones) as V[];
  return {
    // A non-empty tuple, as drizzle's text enum and zod's enum want it.
    values: values as unknown as readonly [V, ...V[]],
    labels: Object.fromEntries(values.map((v) => [v, labels[v] ?? titleCaseOf(v)])) as Record<V, string>,
    tones,
  };
}
