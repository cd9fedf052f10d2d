// GitLab checks parameters in two layers. Grape's come first, before the endpoint runs (so before the
// project is looked up): a required parameter missing, a value of the wrong type or outside its list
// is 400 `{"error":"title is missing"}`, every failure named and joined with ", ". The model's come
// once the project and the permission are known: a blank or too long title is 400
// `{"message":{"title":["is too long (maximum is 255 characters)"]}}`.
import type { Params } from "./http";

export const TITLE_MAX = 255;
export const DESCRIPTION_MAX = 1_048_576;
export const NOTE_MAX = 1_000_000;

/** What a PUT must carry at least one of (GitLab CE's list; EE adds weight, epic_id and others). */
export const UPDATE_PARAMS = [
  "assignee_id",
  "assignee_ids",
  "confidential",
  "created_at",
  "description",
  "discussion_locked",
  "due_date",
  "labels",
  "add_labels",
  "remove_labels",
  "milestone_id",
  "state_event",
  "title",
  "issue_type",
];

/** A String parameter: numbers and booleans are taken as text; objects are invalid; null stays null. */
export function text(params: Params, name: string, errors: string[], required = false): string | null | undefined {
  if (!(name in params)) {
    if (required) errors.push(`${name} is missing`);
    return undefined;
  }
  const value = params[name];
  if (value === null) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  errors.push(`${name} is invalid`);
  return undefined;
}

/** A value from a fixed list (Grape's `values:`); absent or empty is the default. */
export function choice<T extends string>(value: unknown, name: string, allowed: readonly T[], fallback: T, errors: string[]): T {
  if (value === undefined || value === null || value === "") return fallback;
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  errors.push(`${name} does not have a valid value`);
  return fallback;
}

/** A whole number (Grape's Integer): "12" is 12, "abc" invalid. */
export function integer(value: unknown, name: string, errors: string[]): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^[+-]?\d+$/.test(value.trim())) return Number(value);
  errors.push(`${name} is invalid`);
  return undefined;
}

const TRUE = ["1", "on", "t", "true", "y", "yes"];
const FALSE = ["0", "off", "f", "false", "n", "no"];

/** A Boolean as Grape reads one from a query string. */
export function bool(value: unknown, name: string, errors: string[]): boolean | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "boolean") return value;
  const word = String(value).toLowerCase();
  if (TRUE.includes(word)) return true;
  if (FALSE.includes(word)) return false;
  errors.push(`${name} is invalid`);
  return undefined;
}

/**
 * Label names as GitLab's CommaSeparatedToArray reads them: "a, b" and ["a", "b,c"] alike, each
 * name trimmed, empty ones dropped (an empty string is "no labels"). Undefined when absent.
 */
export function labelsOf(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const parts = typeof value === "string" ? [value] : Array.isArray(value) ? value.map((v) => String(v)) : [];
  return parts.flatMap((part) => part.split(",").map((name) => name.trim())).filter((name) => name !== "");
}

/** The model's errors for a title and a description, GitLab's `message` object; undefined when valid. */
export function issueModelErrors(input: { title?: string | null; description?: string | null }): Record<string, string[]> | undefined {
  const errors: Record<string, string[]> = {};
  if (input.title !== undefined) {
    const title = (input.title ?? "").trim();
    if (title === "") errors.title = ["can't be blank"];
    else if ([...title].length > TITLE_MAX) errors.title = [`is too long (maximum is ${TITLE_MAX} characters)`];
  }
  if (typeof input.description === "string" && [...input.description].length > DESCRIPTION_MAX)
    errors.description = [`is too long (maximum is ${DESCRIPTION_MAX} characters)`];
  return Object.keys(errors).length > 0 ? errors : undefined;
}

/** The refusal a Grape failure gets: 400 with every failure named. */
export const grapeError = (errors: string[]) => ({ error: errors.join(", ") });
