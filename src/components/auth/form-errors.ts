import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

/** Puts the server's field messages (same zod schemas) under the matching inputs. */
export function applyFieldErrors<T extends FieldValues>(setError: UseFormSetError<T>, fieldErrors: Record<string, string> | undefined, fields: readonly Path<T>[]) {
  if (!fieldErrors) return false;
  let applied = false;
  for (const field of fields) {
    const message = fieldErrors[field];
    if (message) {
      setError(field, { type: "server", message });
      applied = true;
    }
  }
  return applied;
}
