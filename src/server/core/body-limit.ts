import "server-only";
import { MAX_UPLOAD_BYTES } from "@/lib/validation/uploads";
import { AppError } from "./errors";

/** Room for the multipart boundaries, part headers and the two small text fields of an upload. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The largest body each kind of route reads (the contact form's is its feature's,
 * CONTACT_MAX_BODY_BYTES, as the core knows no feature). A Content-Length header is a claim, not a limit: a
 * chunked request has none, so every limit is enforced on the bytes actually received.
 */
export const BODY_LIMITS = {
  /** Square's event payloads are a few KB; 1 MB leaves room without letting anyone fill memory. */
  webhook: 1024 * 1024,
  /** Admin JSON: a rate table or a list of invoice ids; the largest real one is a few KB. */
  adminJson: 256 * 1024,
  /** The company API's writes: a comment or a note of up to a few thousand characters. */
  apiJson: 64 * 1024,
  /** better-auth's JSON bodies (sign-in, password reset): an e-mail, a password, a token. */
  auth: 64 * 1024,
  /** One document of up to 50 MB plus its multipart framing. */
  upload: MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES,
} as const;

const tooLargeDefault = () => new AppError("payload_too_large", "Request body is too large.");

/**
 * Reads the body while counting bytes. A declared Content-Length over the limit is refused before
 * anything is read; otherwise reading stops, and the stream is cancelled, as soon as the count
 * passes the limit, so an oversized body is never held in memory whatever its framing.
 */
export async function readBodyLimited(
  request: Request,
  maxBytes: number,
  tooLarge: () => AppError = tooLargeDefault,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A client that drops the connection mid-body is not a server fault.
    throw new AppError("bad_request", "The request body could not be read.");
  } finally {
    reader.releaseLock();
  }

  const body = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The body as text (UTF-8; invalid sequences become U+FFFD, as request.text() does). */
export async function readTextLimited(request: Request, maxBytes: number, tooLarge?: () => AppError): Promise<string> {
  return new TextDecoder().decode(await readBodyLimited(request, maxBytes, tooLarge));
}
