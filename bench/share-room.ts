// `npm run bench:share`: a recipient's view-only page and stamped download of a 60-page report
// (docs/PRODUCT.md#sharing-with-third-parties). The first page a recipient opens stamps the copy and
// draws the page (target ≤ 1 s); a later page comes from the copy kept for them (far quicker); a
// stamped download (target ≤ 3 s) grows the heap and native memory by under 100 MB. Prints each
// figure with "met" or "missed".
import { performance } from "node:perf_hooks";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

const { stampPdfWith } = await import("../src/features/reports/server/stamp");
const { loadPdf, renderPdfPage } = await import("../src/features/sharing/server/page-render");

const PAGES = 60;
const LINE =
  "Shared with Dana Whitfield <auditor@audit-firm.example> by Acme Robotics on 2026-11-29 · Confidential under NDA · verify ABCD-EFGH-JKMN";

async function report(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([612, 792]);
    page.drawText(`Finding ${n}: prompt injection through retrieved documents`, { x: 72, y: 720, size: 16, font });
    for (let line = 0; line < 40; line++)
      page.drawText(`Line ${line + 1} of the finding's description, its evidence and the steps to reproduce it.`, {
        x: 72,
        y: 690 - line * 15,
        size: 10,
        font,
      });
    page.drawRectangle({ x: 72, y: 60, width: 468, height: 20, color: rgb(0.9, 0.9, 0.95) });
  }
  return pdf.save();
}

const verdict = (ms: number, target: number) => `${ms.toFixed(0)} ms (target ≤ ${target} ms): ${ms <= target ? "met" : "missed"}`;
const original = await report();
console.log(`report: ${PAGES} pages, ${(original.byteLength / 1024).toFixed(0)} KB`);

// View-only: the first page (stamp the copy, load it, draw the page), then a page of the kept copy.
let started = performance.now();
const doc = await loadPdf(
  await stampPdfWith(original, { lines: [LINE.replace(/verify .*/, "view only")], mark: "auditor@audit-firm.example" }),
);
await renderPdfPage(doc, 1);
const first = performance.now() - started;
console.log(`first view-only page: ${verdict(first, 1_000)}`);
started = performance.now();
await renderPdfPage(doc, 30);
console.log(`a later page (copy kept): ${verdict(performance.now() - started, 1_000)}`);

// A stamped download, three times; memory measured around the last.
const times: number[] = [];
let growth = 0;
for (let run = 1; run <= 3; run++) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  started = performance.now();
  const copy = await stampPdfWith(original, { lines: [LINE], mark: "auditor@audit-firm.example" });
  times.push(performance.now() - started);
  growth = Math.max(growth, process.memoryUsage().rss - before);
  if (copy.byteLength === 0) process.exitCode = 1;
}
const median = [...times].sort((a, b) => a - b)[1]!;
console.log(`stamped download: median ${verdict(median, 3_000)}`);
const mb = growth / 1024 / 1024;
console.log(`memory growth: ${mb.toFixed(0)} MB (target < 100 MB): ${mb < 100 ? "met" : "missed"}`);
