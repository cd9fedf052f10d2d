// The input stage of an entry point: the checks it runs on its input before any query (body
// reading with its limit, JSON, the shared schema, a signature). Pure, so the fuzz test can throw
// thousands of inputs at it in seconds; the full entry point gets a sample of the same inputs and
// must refuse each one the stage refuses, with the same message.
import type * as zcore from "zod/v4/core";
import { uuidSchema } from "@/lib/validation/common";
import { CONTACT_MAX_BODY_BYTES, contactInquirySchema } from "@/features/inquiries/validation";
import { unsubscribeTokenSchema } from "@/features/notifications/validation";
import { ssoEmailSchema } from "@/features/identity/validation/sign-in";
import { reportDownloadSchema, reportUploadFieldsSchema } from "@/features/reports/validation";
import { BODY_LIMITS, readTextLimited } from "@/server/core/body-limit";
import { parseCspReports, readCspReportText } from "@/server/core/csp-report";
import { AppError, toAppError } from "@/server/core/errors";
import { parseInput, parseJson } from "@/server/core/handler";
import { DOWNLOAD_LINK_INVALID, verifyDownloadSignature } from "@/server/core/storage/signed-url";
import { documentUploadFieldsOf, receiveDocumentUpload } from "@/server/core/uploads/document-upload";
import { receiveScanUpload } from "@/server/core/uploads/scan-upload";
import { findingImportFieldsSchema, importFileRefusal, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE } from "@/features/imports/validation";
import { reproducerDownloadSchema } from "@/features/findings/validation";
import { getAuth } from "@/features/identity/server";
import { contactTooLarge } from "@/features/inquiries/server";
import { receiveMessageUpload } from "@/features/messages/server";
import { REPORT_NOT_FOUND } from "@/features/reports/server";
import { AUTHORIZATION_NOT_FOUND } from "@/features/authorizations/server";
import { ITEM_NOT_FOUND } from "@/features/sharing/server";
import { sharedPageParamsSchema } from "@/features/sharing/validation";
import { authorizationCountersignSchema, authorizationSignSchema } from "@/features/authorizations/validation";
import { verifyReportLink } from "@/features/reports/server/report-link";
import { checkReportTemplate } from "@/features/reports/server/generated/report-generate";
import { checkUnsubscribeToken } from "@/features/notifications/server/unsubscribe";
import { squareOAuthAction } from "@/features/square/server";
import { readApiBody } from "@/features/api/server/api-route";
import { callbackState, OAuthFlowError } from "@/features/square/server/oauth";
import { isValidSquareSignature, parseSquareEvent } from "@/features/square/server/webhook";
import { APP_ORIGIN } from "./auth";
import { requestOf, type RouteInput } from "./fuzz-requests";

/** Returns normally for an input it lets through, throws (an AppError, a ZodError) for one it refuses. */
export type Stage = (input: never) => unknown;

export type StageOutcome = { refused: false } | { refused: true; status: number; message: string } | { crashed: string };

export async function runStage(stage: Stage, input: unknown): Promise<StageOutcome> {
  try {
    await (stage as (i: unknown) => unknown)(input);
    return { refused: false };
  } catch (error) {
    // Through the one mapping, as the entry point would answer (a ZodError is a 400 there too).
    const known = toAppError(error);
    if (known) return { refused: true, status: known.status, message: known.message };
    return { crashed: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** A server action: its own schema (taken from the exported function, see actionInputSchema). */
export const actionStage = (schema: zcore.$ZodType) => (input: unknown) => parseInput(schema, input);

/** A route reading a JSON body with a shared schema and a byte limit. */
export const jsonStage =
  (schema: zcore.$ZodType, maxBytes?: number, tooLarge?: () => AppError) =>
  (input: RouteInput): Promise<unknown> =>
    parseJson(requestOf("POST", input), schema, maxBytes, tooLarge);

/** A route reading its query string with a shared schema (the list filters of the CSV exports). */
export const queryStage = (schema: zcore.$ZodType) => (input: RouteInput) =>
  parseInput(schema, Object.fromEntries(new URL(input.url, APP_ORIGIN).searchParams));

/** A company API write: its JSON body (or none) read as the route reads it, then the route's shared schema. */
export const apiBodyStage = (schema: zcore.$ZodType) => async (input: RouteInput) =>
  parseInput(schema, (await readApiBody(requestOf("POST", input))).body);

/** A route whose path parameter is an id. */
export const idStage = (input: RouteInput) => parseInput(uuidSchema, input.params?.id);

export const contactStage = jsonStage(contactInquirySchema, CONTACT_MAX_BODY_BYTES, contactTooLarge);

export async function cspReportStage(input: RouteInput): Promise<void> {
  const violations = parseCspReports(await readCspReportText(requestOf("POST", input)));
  if (!violations)
    throw new AppError("bad_request", "Expected a CSP violation report (application/csp-report or application/reports+json).");
}

export const webhookStage =
  (signatureKey: string, notificationUrl: string) =>
  async (input: RouteInput): Promise<void> => {
    const raw = await readTextLimited(
      requestOf("POST", input),
      BODY_LIMITS.webhook,
      () => new AppError("payload_too_large", "Event body is too large."),
    );
    if (!isValidSquareSignature(raw, input.headers?.["x-square-hmacsha256-signature"] ?? null, signatureKey, notificationUrl)) {
      throw new AppError("unauthorized", "Invalid webhook signature.");
    }
    parseSquareEvent(raw);
  };

const unsubscribeTokenOf = (input: RouteInput) =>
  parseInput(unsubscribeTokenSchema, { token: new URL(input.url, "http://x").searchParams.get("token") ?? "" }).token;
/** The one-click unsubscribe: the token's shape, then its signature and expiry. */
export const unsubscribeStage = (input: RouteInput): void => void checkUnsubscribeToken(unsubscribeTokenOf(input));
/** Opening the link only checks the token's shape (the page checks the rest). */
export const unsubscribeOpenStage = (input: RouteInput): void => void unsubscribeTokenOf(input);

export function signedFileStage(input: RouteInput): void {
  const search = new URL(input.url, "http://x").searchParams;
  const id = String(input.params?.id ?? "");
  const check = verifyDownloadSignature(id, {
    expires: search.get("expires"),
    sig: search.get("sig"),
    disposition: search.get("disposition"),
    for: search.get("for"),
    view: search.get("view"),
  });
  if (!check.ok) throw new AppError("forbidden", DOWNLOAD_LINK_INVALID);
}

/**
 * The OAuth callback's state check. A refused callback goes back to the dashboard with the reason
 * in the address (oauth_status=error&message=…), so the reason is the stage's message.
 */
export function callbackStage(input: RouteInput): void {
  try {
    callbackState(new URL(input.url, APP_ORIGIN).searchParams);
  } catch (error) {
    if (error instanceof OAuthFlowError) throw new AppError("bad_request", error.reason);
    throw error;
  }
}

/** The Square connection route: its action, then for a callback the callback's own stage. */
export const squareOAuthStage =
  (method: "GET" | "POST") =>
  (input: RouteInput): void => {
    if (squareOAuthAction(method, new URL(input.url, APP_ORIGIN).toString()) === "callback") callbackStage(input);
  };

const UPLOAD_CHECKED = Symbol("upload checked");

/**
 * An upload up to the row: the body read and limited, the file checked and streamed into storage,
 * the fields validated. Instead of the row, a marker is thrown, so the stored object is removed
 * again as after any refusal.
 */
export async function uploadStage(input: RouteInput): Promise<void> {
  try {
    await receiveDocumentUpload(requestOf("POST", input), async (upload) => {
      documentUploadFieldsOf(upload);
      throw UPLOAD_CHECKED;
    });
  } catch (error) {
    if (error !== UPLOAD_CHECKED) throw error;
  }
}

/**
 * A scan import up to the preview: the file streamed into storage under the import's limit, its
 * name checked, the fields validated; the marker then removes the stored file as a refusal does.
 * Reading the file needs the engagement (the preview), so the stage stops before it.
 */
export async function scanImportStage(input: RouteInput): Promise<void> {
  try {
    await receiveScanUpload(
      requestOf("POST", input),
      {
        maxFileBytes: IMPORT_MAX_BYTES,
        tooLarge: () => new AppError("payload_too_large", IMPORT_TOO_LARGE),
        refuseName: importFileRefusal,
      },
      async ({ fields, file }) => {
        parseInput(findingImportFieldsSchema, { projectId: fields.get("projectId"), format: fields.get("format") ?? "" });
        if (!file) throw new AppError("bad_request", "Choose a scan file");
        throw UPLOAD_CHECKED;
      },
    );
  } catch (error) {
    if (error !== UPLOAD_CHECKED) throw error;
  }
}

/** A message form up to the write: the path's id (replies), the file checked and stored, the fields validated. */
export const messageStage = (form: "clientThread" | "adminThread" | "reply") =>
  async function (input: RouteInput): Promise<void> {
    if (form === "reply") parseInput(uuidSchema, input.params?.id);
    try {
      await receiveMessageUpload(requestOf("POST", input), form, {
        admit: async () => {},
        save: async () => {
          throw UPLOAD_CHECKED;
        },
      });
    } catch (error) {
      if (error !== UPLOAD_CHECKED) throw error;
    }
  };

/**
 * better-auth's public writes: our byte limit, then JSON and the endpoint's own body schema (read
 * from better-auth's endpoint). Its messages are its own, so only the refusal is compared.
 */
export async function betterAuthStage(input: RouteInput): Promise<void> {
  const api = getAuth().api as unknown as Record<string, { options: { body: zcore.$ZodType } }>;
  const endpoint = input.url.endsWith("/sign-in/email") ? "signInEmail" : "requestPasswordReset";
  const raw = await readTextLimited(requestOf("POST", input), BODY_LIMITS.auth);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON.");
  }
  parseInput(api[endpoint]!.options.body, body);
}

/** A stamped report's link: a download id and a signature made for it, unexpired. */
export function reportLinkStage(input: RouteInput): void {
  const search = new URL(input.url, "http://x").searchParams;
  const id = String(input.params?.id ?? "");
  const ok = uuidSchema.safeParse(id).success && verifyReportLink(id, { expires: search.get("expires"), sig: search.get("sig") });
  if (!ok) throw new AppError("forbidden", DOWNLOAD_LINK_INVALID);
}

/** A report named in the path (another shape answers like a missing report). */
export function reportIdStage(input: RouteInput): void {
  if (!uuidSchema.safeParse(input.params?.id).success) throw new AppError("not_found", REPORT_NOT_FOUND);
}

/** A report download: the report's id, then the JSON body (the code, when one is given). */
export async function reportDownloadStage(input: RouteInput): Promise<void> {
  reportIdStage(input);
  await parseJson(requestOf("POST", input), reportDownloadSchema);
}

/** A finding's reproducer: the finding's id (an owner's, the proof after), then the JSON body. */
export async function reproducerDownloadStage(input: RouteInput): Promise<void> {
  if (!uuidSchema.safeParse(input.params?.id).success) throw new AppError("not_found", "Finding not found");
  await parseJson(requestOf("POST", input), reproducerDownloadSchema);
}

/** A report upload up to the row: the body, the file checked and stored, the fields validated. */
export async function reportUploadStage(input: RouteInput): Promise<void> {
  try {
    await receiveDocumentUpload(requestOf("POST", input), async ({ fields, file }) => {
      if (!file) throw new AppError("bad_request", "Please choose a PDF file");
      parseInput(reportUploadFieldsSchema, { projectId: fields.get("projectId"), title: fields.get("title") });
      throw UPLOAD_CHECKED;
    });
  } catch (error) {
    if (error !== UPLOAD_CHECKED) throw error;
  }
}

/** A report template upload up to the row: the body, the file checked and stored, then opened and filled with a sample. */
export async function reportTemplateStage(input: RouteInput): Promise<void> {
  try {
    await receiveDocumentUpload(requestOf("POST", input), async ({ file }) => {
      if (!file) throw new AppError("bad_request", "Please choose a .docx file");
      await checkReportTemplate(file);
      throw UPLOAD_CHECKED;
    });
  } catch (error) {
    if (error !== UPLOAD_CHECKED) throw error;
  }
}

/** An authorization's id in the path: anything but a uuid is an unknown authorization. */
export function authorizationIdStage(input: RouteInput): void {
  if (!uuidSchema.safeParse(input.params?.id).success) throw new AppError("not_found", AUTHORIZATION_NOT_FOUND);
}

/** The owner's signature: the id, then the JSON body (name, statement, hash, the step-up's proof). */
export async function authorizationSignStage(input: RouteInput): Promise<void> {
  authorizationIdStage(input);
  await parseJson(requestOf("POST", input), authorizationSignSchema);
}

/** The firm's counter-signature: the id, then the JSON body. */
export async function authorizationCountersignStage(input: RouteInput): Promise<void> {
  authorizationIdStage(input);
  await parseJson(requestOf("POST", input), authorizationCountersignSchema);
}

/** The login's address lookup: the address's shape, before the limit and the query. */
export const ssoLookupStage = (input: RouteInput): void =>
  void parseInput(ssoEmailSchema, { email: new URL(input.url, "http://x").searchParams.get("email") ?? "" });

/** A shared item's file: its id a UUID, else the item's 404 (docs/PRODUCT.md#sharing-with-third-parties). */
export function sharedItemStage(input: RouteInput): void {
  if (!uuidSchema.safeParse(input.params?.id).success) throw new AppError("not_found", ITEM_NOT_FOUND);
}

/** A shared item's page: its id a UUID and the page a number from 1, else the item's 404. */
export function sharedPageStage(input: RouteInput): void {
  if (!sharedPageParamsSchema.safeParse(input.params ?? {}).success) throw new AppError("not_found", ITEM_NOT_FOUND);
}
