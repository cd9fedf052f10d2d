// `npm run bench:stamp`: stamps a generated 20 MB, 200-page PDF for a recipient, as every report
// download does (docs/PRODUCT.md#portal-reports), and prints the time of each run, the median and
// whether it meets the 3-second target; then checks that every page carries the recipient's e-mail.
// Each page holds an image of random pixels (about 100 KB, as a scanned or screenshot-heavy
// report's pages do), so the file is large the way real reports are: in streams, not in objects.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { PDFDocument, PDFName, PDFOperator, PDFOperatorNames as Ops, StandardFonts } from "pdf-lib";

const { stampPdf } = await import("../src/features/reports/server/stamp");
const { pdfPageTexts } = await import("../tests/helpers/pdf-text");

const PAGES = 200;
const TARGET_BYTES = 20 * 1024 * 1024;
const RUNS = 5;
const TARGET_MS = 3_000;

async function generateReport(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  // Raw RGB pixels per page image, sized so the whole file is about TARGET_BYTES.
  const side = Math.floor(Math.sqrt(TARGET_BYTES / PAGES / 3));
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([612, 792]);
    const image = pdf.context.register(
      pdf.context.stream(randomBytes(side * side * 3), {
        Type: "XObject",
        Subtype: "Image",
        Width: side,
        Height: side,
        ColorSpace: "DeviceRGB",
        BitsPerComponent: 8,
      }),
    );
    page.node.setXObject(PDFName.of("Im1"), image);
    page.pushOperators(
      PDFOperator.of(Ops.PushGraphicsState),
      PDFOperator.of(
        Ops.ConcatTransformationMatrix,
        [400, 0, 0, 400, 106, 250].map((v) => pdf.context.obj(v)),
      ),
      PDFOperator.of(Ops.DrawObject, [PDFName.of("Im1")]),
      PDFOperator.of(Ops.PopGraphicsState),
    );
    page.drawText(`Findings, page ${n} of ${PAGES}`, { x: 72, y: 720, size: 14, font });
  }
  return pdf.save({ useObjectStreams: false });
}

const original = await generateReport();
console.log(`report: ${PAGES} pages, ${(original.byteLength / 1024 / 1024).toFixed(1)} MB`);
const recipient = {
  name: "Jordan Lee",
  email: "client@example.com",
  company: "Acme Robotics",
  at: new Date(),
  downloadId: crypto.randomUUID(),
};

const times: number[] = [];
let stamped: Uint8Array = new Uint8Array();
for (let run = 1; run <= RUNS; run++) {
  const started = performance.now();
  stamped = await stampPdf(original, recipient);
  const ms = performance.now() - started;
  times.push(ms);
  console.log(`run ${run}: ${ms.toFixed(0)} ms`);
}
const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
console.log(`median ${median.toFixed(0)} ms (target ≤ ${TARGET_MS} ms): ${median <= TARGET_MS ? "met" : "missed"}`);

const texts = await pdfPageTexts(stamped);
const unstamped = texts.filter((text) => !text.includes(recipient.email)).length;
console.log(`stamped copy: ${(stamped.byteLength / 1024 / 1024).toFixed(1)} MB, ${texts.length} pages, ${unstamped} without the e-mail`);
if (unstamped > 0 || texts.length !== PAGES) process.exitCode = 1;
