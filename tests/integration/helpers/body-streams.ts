// Request bodies for the size-limit tests: fixed bytes with a declared length, the same bytes as a
// chunked stream without one, and an endless stream that counts what the server pulled from it.

export const CHUNK_BYTES = 64 * 1024;

/** A stream over `bytes`, cut into chunks only when the reader asks for them. */
export function chunkedStream(bytes: Uint8Array, chunkBytes = CHUNK_BYTES): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + chunkBytes));
        offset += chunkBytes;
      },
    },
    { highWaterMark: 0 },
  );
}

export type LazyBody = { stream: ReadableStream<Uint8Array>; readonly pulled: number; readonly cancelled: boolean };

/**
 * `totalBytes` of JSON whitespace generated one chunk per pull, so only what the server reads ever
 * exists: `pulled` says how much that was, `cancelled` whether the server gave up on the rest.
 */
export function lazyBody(totalBytes: number, chunkBytes = CHUNK_BYTES): LazyBody {
  const state = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= totalBytes) return controller.close();
        const size = Math.min(chunkBytes, totalBytes - state.pulled);
        state.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    get pulled() {
      return state.pulled;
    },
    get cancelled() {
      return state.cancelled;
    },
  };
}

/** A JSON text padded with trailing spaces to exactly `size` bytes (still the same JSON). */
export function paddedJson(value: unknown, size: number): Uint8Array<ArrayBuffer> {
  const json = new TextEncoder().encode(JSON.stringify(value));
  if (json.byteLength > size) throw new Error(`JSON of ${json.byteLength} bytes does not fit in ${size}`);
  const out = new Uint8Array(size).fill(0x20);
  out.set(json);
  return out;
}

/** A POST with `body`: fixed bytes declare their length, a stream is sent chunked (duplex: "half"). */
export function postRequest(
  url: string,
  headers: Headers,
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
  declaredLength?: number,
): Request {
  const h = new Headers(headers);
  if (declaredLength !== undefined) h.set("content-length", String(declaredLength));
  else h.delete("content-length");
  return new Request(url, { method: "POST", headers: h, body, duplex: "half" } as RequestInit);
}
