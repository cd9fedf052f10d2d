import "server-only";
import { AppError } from "../errors";

/** Room for the multipart boundaries, part headers and the two small text fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export function tooLarge(maxFileBytes: number): AppError {
  return new AppError("payload_too_large", `File is too large. The maximum is ${Math.round(maxFileBytes / (1024 * 1024))}MB.`);
}

/**
 * Reads a multipart request body while counting bytes, and parses it once it is complete.
 * The limit is enforced while streaming: reading stops (and the stream is cancelled) as soon as
 * the count passes it, so an oversized upload is never held in memory or stored. A declared
 * Content-Length above the limit is refused before reading anything.
 */
export async function readMultipartForm(request: Request, maxFileBytes: number): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
    throw new AppError("bad_request", "Send the file as multipart/form-data.");
  }
  const limit = maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(maxFileBytes);
  if (!request.body) throw new AppError("bad_request", "Please select a client and file");

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxFileBytes);
    }
    chunks.push(value);
  }

  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new AppError("bad_request", "The upload could not be read. Please try again.");
  }
}
