import type { Tone } from "./tone";

/**
 * A closed list shown as badges, written as one line a value (its label and tone together): gives
 * the values in the order written (for the database CHECK and the zod enum), the labels and the tones.
 */
export function badgeList<const V extends string>(entries: Record<V, { label: string; tone: Tone }>) {
  const values = Object.keys(entries) as V[];
  return {
    // A non-empty tuple, as drizzle's text enum and zod's enum want it.
    values: values as unknown as readonly [V, ...V[]],
    labels: Object.fromEntries(values.map((v) => [v, entries[v].label])) as Record<V, string>,
    tones: Object.fromEntries(values.map((v) => [v, entries[v].tone])) as Record<V, Tone>,
  };
}
