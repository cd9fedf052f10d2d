// GitHub's two ways of refusing a request body: a type that does not fit the endpoint's schema is
// 422 "Invalid request." naming the property; a value GitHub's models reject is 422
// "Validation Failed" with `errors` [{ resource, code, field }] (missing_field, invalid, or custom
// with a message). Each check answers the refusal or null.
export type Refusal = { message: string; errors?: Record<string, string>[] };

/** GitHub refuses rather than cuts a text over its limits. */
const MAX_TITLE = 256;
const MAX_BODY = 65_536;

const schemaRefusal = (property: string, value: unknown, expected: string): Refusal => ({
  message: `Invalid request.\n\nFor 'properties/${property}', ${JSON.stringify(value)} is not ${expected}.`,
});
const failed = (resource: string, field: string, code: string, message?: string): Refusal => ({
  message: "Validation Failed",
  errors: [{ resource, code, field, ...(message ? { message } : {}) }],
});

/** A title, required when creating; GitHub takes a number too and stores it as text. */
export function checkTitle(value: unknown, required: boolean): Refusal | string | undefined {
  if (value === undefined || value === null || value === "") return required ? failed("Issue", "title", "missing_field") : undefined;
  if (typeof value !== "string" && typeof value !== "number") return schemaRefusal("title", value, "a string or integer");
  const title = String(value);
  if (title.trim() === "") return failed("Issue", "title", "missing_field");
  if (title.length > MAX_TITLE) return failed("Issue", "title", "custom", `title is too long (maximum is ${MAX_TITLE} characters)`);
  return title;
}

/** A body: text or null. */
export function checkBody(value: unknown, resource: "Issue" | "IssueComment"): Refusal | string | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value !== "string") return schemaRefusal("body", value, "a string or null");
  if (value.length > MAX_BODY) return failed(resource, "body", "custom", `body is too long (maximum is ${MAX_BODY} characters)`);
  return value;
}

/** Labels by name, or as objects with a name (both forms GitHub takes). */
export function checkLabels(value: unknown): Refusal | string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) return schemaRefusal("labels", value, "an array");
  const names: string[] = [];
  for (const item of value) {
    const name =
      typeof item === "string" ? item : typeof item === "object" && item !== null ? (item as { name?: unknown }).name : undefined;
    if (typeof name !== "string" || name.trim() === "") return schemaRefusal("labels", value, "an array of label names");
    names.push(name.trim());
  }
  return [...new Set(names)];
}

export function checkEnum<T extends string>(property: string, value: unknown, allowed: readonly T[]): Refusal | T | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
  return schemaRefusal(property, value, `one of [${allowed.map((a) => JSON.stringify(a)).join(", ")}]`);
}

export const isRefusal = (value: unknown): value is Refusal => typeof value === "object" && value !== null && "message" in value;

export { failed };
