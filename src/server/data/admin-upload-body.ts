import "server-only";
import { BODY_LIMITS, readBodyLimited } from "../body-limit";
import { AppError } from "../errors";

export function tooLarge(maxFileBytes: number): AppError {
  return new AppError("payload_too_large", `File is too large. The maximum is ${Math.round(maxFileBytes / (1024 * 1024))}MB.`);
}

/**
 * Reads a multipart request body within BODY_LIMITS.upload (counted while it streams in, so an
 * oversized upload is never held in memory or stored) and parses it once it is complete. The
 * file's own 50 MB limit is checked on the parsed file by the caller.
 */
export async function readMultipartForm(request: Request, maxFileBytes: number): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    throw new AppError("bad_request", "Send the file as multipart/form-data.");
  }
  if (!request.body) throw new AppError("bad_request", "Please select a client and file");
  const body = await readBodyLimited(request, BODY_LIMITS.upload, () => tooLarge(maxFileBytes));
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read. Please try again.");
  }
}
