// The browser's one way to call our route handlers: a success body comes back parsed, an error
// body ({ success: false, error, code, fieldErrors? }, see src/server/core/errors.ts) comes back as a
// typed ApiError. A network failure rejects with fetch's own error, so callers can tell "the
// server said no" (ApiError) from "the server could not be reached" (anything else).

/** An error answer of our API. `message` is the server's text for the user, "" when it sent none. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, code: string, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function stringsOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** The ApiError a failed response stands for; a body that is not ours (a proxy's HTML page) still gives the status. */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (!isRecord(body)) return new ApiError(response.status, "unknown", "");
  return new ApiError(
    response.status,
    typeof body.code === "string" ? body.code : "unknown",
    typeof body.error === "string" ? body.error : "",
    stringsOf(body.fieldErrors),
  );
}

export type ApiInit = Omit<RequestInit, "body"> & { body?: BodyInit; /** Sent as JSON (content-type set). */ json?: unknown };

/** Calls one of our endpoints: the parsed JSON of a success (undefined when it has no body), or throws ApiError. */
export async function apiFetch<T>(url: string, init: ApiInit = {}): Promise<T> {
  const { json, ...rest } = init;
  const request: RequestInit = rest;
  if (json !== undefined) {
    request.body = JSON.stringify(json);
    request.headers = { "content-type": "application/json", ...(init.headers as Record<string, string> | undefined) };
  }
  const response = await fetch(url, request);
  if (!response.ok) throw await apiErrorOf(response);
  const text = await response.text();
  if (text === "") return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(response.status, "invalid_response", "");
  }
}
