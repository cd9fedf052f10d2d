// The QR codes a PDF shows, decoded as a phone's camera would (jsQR on the image's pixels): the
// images pdf-lib embeds are 8-bit RGB or grey, Flate-compressed, their alpha in a separate mask.
import { inflateSync } from "node:zlib";
import jsQR from "jsqr";
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from "pdf-lib";

const name = (value: string) => PDFName.of(value);

export async function qrCodesIn(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes);
  const found: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream) || object.dict.get(name("Subtype")) !== name("Image")) continue;
    const colorSpace = object.dict.get(name("ColorSpace"));
    const channels = colorSpace === name("DeviceRGB") ? 3 : colorSpace === name("DeviceGray") ? 1 : 0;
    if (channels === 0 || object.dict.get(name("BitsPerComponent"))?.toString() !== "8") continue;
    const width = (object.dict.get(name("Width")) as PDFNumber).asNumber();
    const height = (object.dict.get(name("Height")) as PDFNumber).asNumber();
    const pixels = object.dict.get(name("Filter")) === name("FlateDecode") ? inflateSync(object.contents) : object.contents;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = pixels[i * channels + (channels === 3 ? c : 0)]!;
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, width, height);
    if (code) found.push(code.data);
  }
  return found;
}
