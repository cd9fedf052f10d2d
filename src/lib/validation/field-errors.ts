// The one conversion of validation issues into per-field messages. Typed by shape, not by zod's
// class, so the zod/mini schemas shipped to the landing page use it without pulling in classic zod.
type Issues = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/** zod issues → { field: first message } ("rates.0.hourlyRate" for nested fields, "_" for the root). */
export function fieldErrorsOf(error: Issues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}
