import "server-only";

// A PDF's page drawn as a PNG on the server (docs/PRODUCT.md#sharing-with-third-parties): PDF.js from
// unpdf on @napi-rs/canvas, npm packages both (no system library), so `npm install` is enough.

const SCALE = 1.5;

// PDF.js calls ArrayBuffer's transferToFixedLength (Node 21 and later); on Node 20 without it a
// page's fonts fail to load and the page draws blank. A copy does what PDF.js needs of it.
type Transferable = ArrayBuffer & { transferToFixedLength?: (length?: number) => ArrayBuffer };
const arrayBufferProto = ArrayBuffer.prototype as Transferable;
if (!arrayBufferProto.transferToFixedLength)
  Object.defineProperty(arrayBufferProto, "transferToFixedLength", {
    configurable: true,
    writable: true,
    value(this: ArrayBuffer, length = this.byteLength) {
      const copy = new ArrayBuffer(length);
      new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy;
    },
  });

export async function loadPdf(bytes: Uint8Array) {
  const { getDocumentProxy } = await import("unpdf");
  return getDocumentProxy(bytes);
}

export type LoadedPdf = Awaited<ReturnType<typeof loadPdf>>;

/** Page `page` (from 1) of a loaded PDF as a PNG, at 1.5 times its size in points. */
export async function renderPdfPage(doc: LoadedPdf, page: number): Promise<Uint8Array> {
  const { renderPageAsImage } = await import("unpdf");
  return new Uint8Array(await renderPageAsImage(doc, page, { scale: SCALE, canvasImport: () => import("@napi-rs/canvas") }));
}
