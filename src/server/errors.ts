import "server-only";

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS;

/** An error whose message is safe to show to the user. Anything else becomes a generic 500. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: Record<string, string>;

  constructor(code: AppErrorCode, message: string, fieldErrors?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = fieldErrors;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export const GENERIC_ERROR = "Something went wrong. Please try again.";

/** The one mapping from a thrown value to an HTTP response. */
export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { success: false, error: error.message };
    if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
    return Response.json(body, { status: error.status });
  }
  console.error("[api] unexpected error:", error);
  return Response.json({ success: false, error: GENERIC_ERROR }, { status: 500 });
}
