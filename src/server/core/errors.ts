import "server-only";
import { $ZodError } from "zod/v4/core";
import { GENERIC_ERROR } from "@/lib/messages";
import { fieldErrorsOf } from "@/lib/validation/field-errors";

const STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS;

type AppErrorOptions = { fieldErrors?: Record<string, string>; headers?: Record<string, string> };

/** An error whose message is safe to show to the user. Anything else becomes a generic 500. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly fieldErrors?: Record<string, string>;
  /** Sent with the HTTP answer, e.g. Retry-After on a 429. */
  readonly headers?: Record<string, string>;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    if (options.fieldErrors) this.fieldErrors = options.fieldErrors;
    if (options.headers) this.headers = options.headers;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export { GENERIC_ERROR };

/**
 * An error of a module that knows how it shows to the user (an integration's failure, say). The
 * one mapping below asks the error itself, so the core knows no module's error classes.
 */
export interface MapsToAppError {
  toAppError(): AppError;
}

const mapsToAppError = (error: unknown): error is MapsToAppError =>
  error instanceof Error && typeof (error as Partial<MapsToAppError>).toAppError === "function";

/** What every error body and every failed action result carries. */
export type ErrorBody = { success: false; error: string; code: AppErrorCode; fieldErrors?: Record<string, string> };

/**
 * The one classification of a thrown value: our own errors, errors that map themselves (Square's,
 * see MapsToAppError) and zod's become an AppError with a message safe to show; anything else is
 * unexpected (null: logged, answered generically).
 */
export function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  if (mapsToAppError(error)) return error.toAppError();
  // $ZodError: the base class of both classic zod's and zod/mini's errors.
  if (error instanceof $ZodError) {
    const fieldErrors = fieldErrorsOf(error);
    return new AppError("bad_request", Object.values(fieldErrors)[0] ?? "Invalid input.", { fieldErrors });
  }
  return null;
}

/** The error body of a thrown value; an unexpected one is logged under `where` and answered generically. */
export function errorBodyOf(error: unknown, where: string): { status: number; body: ErrorBody; headers?: Record<string, string> } {
  const known = toAppError(error);
  if (!known) {
    console.error(`[${where}] unexpected error:`, error);
    return { status: 500, body: { success: false, error: GENERIC_ERROR, code: "internal" } };
  }
  const body: ErrorBody = { success: false, error: known.message, code: known.code };
  if (known.fieldErrors && Object.keys(known.fieldErrors).length > 0) body.fieldErrors = known.fieldErrors;
  return { status: known.status, body, headers: known.headers };
}

/** The one mapping from a thrown value to an HTTP response. */
export function errorResponse(error: unknown): Response {
  const { status, body, headers } = errorBodyOf(error, "api");
  return Response.json(body, { status, headers });
}
