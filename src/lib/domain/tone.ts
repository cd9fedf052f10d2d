// The colours a status or level can take, each written once as Tailwind classes (full literals, so
// Tailwind finds them). A badge adds its own shape (`border`, padding, radius) to these.
export const TONES = ["sky", "cyan", "amber", "emerald", "indigo", "red", "slate"] as const;
export type Tone = (typeof TONES)[number];

export const TONE_CLASSES: Record<Tone, string> = {
  sky: "border-sky-500/40 bg-sky-500/10 text-sky-300",
  cyan: "border-cyan-500/40 bg-cyan-500/10 text-cyan-300",
  amber: "border-amber-500/40 bg-amber-500/10 text-amber-300",
  emerald: "border-emerald-500/40 bg-emerald-500/10 text-emerald-300",
  indigo: "border-indigo-400/40 bg-indigo-400/10 text-indigo-200",
  red: "border-red-500/40 bg-red-500/10 text-red-300",
  slate: "border-slate-500/40 bg-slate-500/10 text-slate-300",
};
