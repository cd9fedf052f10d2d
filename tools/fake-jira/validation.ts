// The fields of a create or an edit, checked as Jira checks them: every problem is reported at once,
// per field, in Jira's words (`{ errorMessages: [], errors: { summary: "…" } }`).
import { isAtlassianDocument } from "./adf";
import { type IssueType, PRIORITIES, type Priority, type Project } from "./state";

/** The fields the fake keeps; any other is not on the (fake's) screen. */
const CREATE_FIELDS = new Set(["project", "issuetype", "summary", "description", "labels", "priority"]);
const EDIT_FIELDS = new Set(["summary", "description", "labels", "priority"]);

export const notOnScreen = (field: string) => `Field '${field}' cannot be set. It is not on the appropriate screen, or unknown.`;

export type CheckedFields = {
  errors: Record<string, string>;
  summary?: string;
  description?: unknown;
  labels?: string[];
  priority?: Priority;
};

function checkPriority(value: unknown): Priority | string {
  const ref = value as { id?: unknown; name?: unknown } | null;
  if (!ref || typeof ref !== "object" || (typeof ref.id !== "string" && typeof ref.name !== "string"))
    return "Specify the Priority (id or name) in the string format";
  const found = PRIORITIES.find((p) => p.id === ref.id || p.name === ref.name);
  return found ?? "The priority selected is invalid.";
}

/** What REST API v2 says of a text field sent as anything but text (an Atlassian Document, say). */
export const NOT_A_STRING = "Operation value must be a string";
export const NOT_A_DOCUMENT = "Operation value must be an Atlassian Document (see the Atlassian Document Format)";

/** A description or a comment's body as the API version takes it: an Atlassian Document on v3, text on v2; else the error. */
export function checkRichText(value: unknown, version: 2 | 3): { ok: true } | { error: string } {
  if (version === 2) return typeof value === "string" ? { ok: true } : { error: NOT_A_STRING };
  return isAtlassianDocument(value) ? { ok: true } : { error: NOT_A_DOCUMENT };
}

/** Summary, description, labels and priority, as a create (summary required) or an edit checks them. */
export function checkFields(fields: Record<string, unknown>, creating: boolean, version: 2 | 3 = 3): CheckedFields {
  const out: CheckedFields = { errors: {} };
  const known = creating ? CREATE_FIELDS : EDIT_FIELDS;
  for (const name of Object.keys(fields)) if (!known.has(name)) out.errors[name] = notOnScreen(name);
  if (creating || "summary" in fields) {
    const summary = fields.summary;
    if (typeof summary !== "string" || !summary.trim()) out.errors.summary = "You must specify a summary of the issue.";
    else if (summary.length > 255) out.errors.summary = "Summary must be less than 255 characters.";
    else out.summary = summary.trim();
  }
  if ("description" in fields) {
    const checked = fields.description === null ? { ok: true as const } : checkRichText(fields.description, version);
    if ("ok" in checked) out.description = fields.description;
    else out.errors.description = checked.error;
  }
  if ("labels" in fields) {
    const labels = fields.labels;
    if (!Array.isArray(labels) || labels.some((label) => typeof label !== "string")) out.errors.labels = "data was not an array";
    else {
      const spaced = (labels as string[]).find((label) => /\s/.test(label));
      const long = (labels as string[]).find((label) => label.length > 255);
      if (spaced !== undefined) out.errors.labels = `The label '${spaced}' contains spaces which is invalid.`;
      else if (long !== undefined) out.errors.labels = "The label must not exceed 255 characters.";
      else out.labels = [...new Set(labels as string[])];
    }
  }
  if ("priority" in fields) {
    const priority = checkPriority(fields.priority);
    if (typeof priority === "string") out.errors.priority = priority;
    else out.priority = priority;
  }
  return out;
}

/** The issue type a create names (`{ name }` or `{ id }`) among the project's, or Jira's error for it. */
export function checkIssueType(project: Project, value: unknown): IssueType | string {
  const ref = value as { id?: unknown; name?: unknown } | null | undefined;
  if (!ref || typeof ref !== "object" || (ref.id === undefined && ref.name === undefined)) return "Specify an issue type";
  return project.issueTypes.find((type) => type.name === ref.name || type.id === ref.id) ?? "Specify a valid issue type";
}
