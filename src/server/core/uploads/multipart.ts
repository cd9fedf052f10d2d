import "server-only";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "../errors";

export type FilePart = { filename: string; stream: Readable & { truncated?: boolean } };

type Options<T> = {
  /** The whole body, framing and other parts included; counted as it arrives. */
  maxBodyBytes: number;
  /** The file's own limit, enforced by the parser. */
  maxFileBytes: number;
  tooLarge: () => AppError;
  /**
   * The part named "file": the handler must consume its stream (or throw). `fields` holds the text
   * fields sent before the file (later ones are added as they arrive).
   */
  onFile: (part: FilePart, fields: ReadonlyMap<string, string>) => Promise<T>;
};

/** A form's file name as the browser meant it: the HTML form encoding escapes only LF, CR and '"'. */
const formFileName = (raw: string) => raw.replace(/%0A/gi, "\n").replace(/%0D/gi, "\r").replace(/%22/g, '"');

const unreadable = () => new AppError("bad_request", "The upload could not be read. Please try again.");

/**
 * Reads a multipart/form-data request as it streams in: the text fields (the first value of each)
 * and the one file part, handed to `onFile` while it arrives, so nothing holds the whole upload.
 * A body or file over its limit stops the reading at once (the request stream is cancelled) and
 * fails with `tooLarge`; so does any error of `onFile`. The handler has always settled when this
 * returns or throws, so its caller can clean up after it.
 */
export async function readMultipart<T>(
  request: Request,
  { maxBodyBytes, maxFileBytes, tooLarge, onFile }: Options<T>,
): Promise<{ fields: Map<string, string>; file: T | null }> {
  const contentType = request.headers.get("content-type") ?? "";
  const refuse = async (error: AppError) => {
    await request.body?.cancel().catch(() => {});
    throw error;
  };
  if (!/^multipart\/form-data;\s*boundary=/i.test(contentType))
    return refuse(new AppError("bad_request", "Send the file as multipart/form-data."));
  const declared = request.headers.get("content-length");
  // A Content-Length is only a claim, but one over the limit is refused before reading anything.
  if (declared !== null && Number(declared) > maxBodyBytes) return refuse(tooLarge());
  const fields = new Map<string, string>();
  if (!request.body) return { fields, file: null };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // Browsers send file names as raw UTF-8; and the path, if any, is for cleanDisplayName to judge.
      defParamCharset: "utf8",
      preservePath: true,
      // busboy reports "limit" on reaching the size, so a file of exactly maxFileBytes needs one more.
      limits: { fileSize: maxFileBytes + 1, files: 1, fields: 16, fieldSize: 64 * 1024, parts: 32, headerPairs: 16 },
    });
  } catch {
    return refuse(unreadable());
  }

  const abort = new AbortController();
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
    abort.abort();
  };
  let file: Promise<T> | null = null;
  parser.on("field", (name, value) => {
    if (!fields.has(name)) fields.set(name, value);
  });
  parser.on("file", (name, stream, info) => {
    if (name !== "file" || file) {
      stream.resume();
      return;
    }
    // When the request fails, the file stream is destroyed with the failure; the handler may not be
    // reading it any more (a refused name), and the failure is reported once, by this function.
    stream.on("error", () => {});
    // Deferred: busboy still touches the stream after emitting "limit", and failing destroys it.
    stream.on("limit", () => process.nextTick(() => fail(tooLarge())));
    file = onFile({ filename: formFileName(info.filename ?? ""), stream }, fields);
    file.catch(fail);
  });

  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.byteLength;
      done(received > maxBodyBytes ? tooLarge() : null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>), counter, parser, { signal: abort.signal });
  } catch (error) {
    fail(error);
  }
  const result = file === null ? null : await (file as Promise<T>).catch((error: unknown) => (fail(error), null));
  if (failure !== null) throw failure instanceof AppError ? failure : unreadable();
  return { fields, file: result };
}
