// The download stamp (docs/PRODUCT.md#portal-reports) lands where a reader sees it: inside the
// page's CropBox (else its MediaBox) wherever that box starts, along the foot of the page as it is
// shown whatever its /Rotate, upright, at a legible size, and in the recipient's own script.
import { degrees, PDFDocument, PDFName, PDFNumber } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { stampPdf, stampRefusal, wrapLine } from "@/features/reports/server/stamp";
import { type DrawnText, pdfDrawnTexts, pdfPageTexts } from "@tests/helpers/pdf-text";

type Box = [x: number, y: number, width: number, height: number];
type PageSpec = { media: Box; crop?: Box; rotate?: number };

async function pdfWith(...pages: PageSpec[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const spec of pages) {
    const page = pdf.addPage([612, 792]);
    page.setMediaBox(...spec.media);
    if (spec.crop) page.setCropBox(...spec.crop);
    if (spec.rotate !== undefined) page.node.set(PDFName.of("Rotate"), PDFNumber.of(spec.rotate));
  }
  return pdf.save();
}

const recipient = (name: string) => ({
  name,
  email: "reader@example.com",
  company: "Acme Robotics",
  at: new Date("2026-11-25T10:11:12Z"),
  downloadId: "0d7c1e52-5a0b-4f7e-9a43-1c2d3e4f5a6b",
});

/** The visible box (crop within media) of a spec, as [x0, y0, x1, y1]. */
function visible({ media, crop = media }: PageSpec): [number, number, number, number] {
  return [
    Math.max(media[0], crop[0]),
    Math.max(media[1], crop[1]),
    Math.min(media[0] + media[2], crop[0] + crop[2]),
    Math.min(media[1] + media[3], crop[1] + crop[3]),
  ];
}

/** A point of the page in the coordinates of the page as shown (turned clockwise by /Rotate), from its bottom left. */
function shown(spec: PageSpec, x: number, y: number): [number, number] {
  const [x0, y0, x1, y1] = visible(spec);
  switch (((spec.rotate ?? 0) % 360) + 0) {
    case 90:
      return [y - y0, x1 - x];
    case 180:
      return [x1 - x, y1 - y];
    case 270:
      return [y1 - y, x - x0];
    default:
      return [x - x0, y - y0];
  }
}

/** The foot lines: what is drawn at the foot's size (the faint e-mail across the page is larger). */
const footOf = (texts: DrawnText[]) => texts.filter((t) => t.size <= 8);

function expectReadableFoot(spec: PageSpec, texts: DrawnText[]) {
  const [x0, y0, x1, y1] = visible(spec);
  const foot = footOf(texts);
  expect(foot.length).toBeGreaterThanOrEqual(2);
  for (const t of foot) {
    const [a, b, c, d, e, f] = t.matrix as [number, number, number, number, number, number];
    expect(t.size).toBeGreaterThanOrEqual(6);
    // The baseline's start and end and the top of its glyphs lie inside the visible box.
    const ends = [
      [e, f],
      [e + a * t.width!, f + b * t.width!],
      [e + c * t.size, f + d * t.size],
      [e + a * t.width! + c * t.size, f + b * t.width! + d * t.size],
    ];
    for (const [x, y] of ends) {
      expect(x!).toBeGreaterThanOrEqual(x0 - 0.01);
      expect(x!).toBeLessThanOrEqual(x1 + 0.01);
      expect(y!).toBeGreaterThanOrEqual(y0 - 0.01);
      expect(y!).toBeLessThanOrEqual(y1 + 0.01);
    }
    // Upright as shown: the baseline runs left to right of the shown page, its glyphs point up.
    const [sx, sy] = shown(spec, e, f);
    const [ex, ey] = shown(spec, e + a * 100, f + b * 100);
    expect(ex - sx).toBeCloseTo(100, 5);
    expect(ey - sy).toBeCloseTo(0, 5);
    const [, upY] = shown(spec, e + c * 100, f + d * 100);
    expect(upY - sy).toBeCloseTo(100, 5);
    // At the foot of the shown page.
    expect(sy).toBeGreaterThanOrEqual(0);
    expect(sy).toBeLessThan(60);
  }
}

const LETTER: Box = [0, 0, 612, 792];

describe("stampPdf", () => {
  it("stamps inside a MediaBox that does not start at the origin", async () => {
    const spec: PageSpec = { media: [1000, -2000, 595, 842] };
    const [texts] = await pdfDrawnTexts(await stampPdf(await pdfWith(spec), recipient("Jordan Lee")));
    expectReadableFoot(spec, texts!);
  });

  it("stamps inside a CropBox that trims the foot and the sides of the page", async () => {
    const spec: PageSpec = { media: LETTER, crop: [50, 120, 500, 600] };
    const stamped = await stampPdf(await pdfWith(spec), recipient("Jordan Lee"));
    const [texts] = await pdfDrawnTexts(stamped);
    expectReadableFoot(spec, texts!);
    const [text] = await pdfPageTexts(stamped);
    expect(text).toContain("Prepared for Jordan Lee <reader@example.com>, Acme Robotics");
    expect(text).toContain("Downloaded 2026-11-25 10:11:12 UTC - download id 0d7c1e52-5a0b-4f7e-9a43-1c2d3e4f5a6b");
  });

  it.each([0, 90, 180, 270, -90, 450])("reads upright at the foot of a page shown with /Rotate %i", async (rotate) => {
    const spec: PageSpec = { media: [10, 20, 612, 792], crop: [30, 40, 560, 700], rotate };
    const [texts] = await pdfDrawnTexts(await stampPdf(await pdfWith(spec), recipient("Jordan Lee")));
    expectReadableFoot({ ...spec, rotate: ((rotate % 360) + 360) % 360 }, texts!);
  });

  it.each([
    ["Cyrillic", "Иван Петров"],
    ["Greek", "Γιώργος Παπαδόπουλος"],
    ["Chinese", "王小明"],
    ["Japanese", "山田 はなこ"],
    ["Hebrew", "דנה לוי"],
    ["Arabic", "محمد علي"],
  ])("draws a %s name with its own letters, never as question marks", async (_script, name) => {
    const spec: PageSpec = { media: LETTER };
    const stamped = await stampPdf(await pdfWith(spec, spec), recipient(name));
    const pages = await pdfDrawnTexts(stamped);
    expect(pages).toHaveLength(2);
    for (const texts of pages) {
      expectReadableFoot(spec, texts);
      const foot = footOf(texts)
        .map((t) => t.text)
        .join("");
      expect(foot).not.toContain("?");
      // A right-to-left name is drawn in the order it is seen: its letters reversed, as one run.
      expect(foot).toContain(/[\u0590-\u06ff]/.test(name) ? [...name].reverse().join("") : name);
      // Arabic is drawn in its joined letter forms; pdf-lib gives one of them no text of its own.
      if (!/[\u0600-\u06ff]/.test(name)) expect(foot).not.toContain("\ufffd");
      expect(foot).toContain("reader@example.com");
    }
    // Only the glyphs used are embedded: a CJK font's subset keeps the copy small.
    expect(stamped.byteLength).toBeLessThan(60_000);
  });

  it("wraps a line too long for a narrow page rather than running off it", async () => {
    const spec: PageSpec = { media: [0, 0, 200, 300] };
    const long = "Maximiliana Alexandrina Featherstonehaugh-Cholmondeley";
    const stamped = await stampPdf(await pdfWith(spec), recipient(long));
    const [texts] = await pdfDrawnTexts(stamped);
    expectReadableFoot(spec, texts!);
    expect(footOf(texts!).length).toBeGreaterThan(2);
    expect(wrapLine("aaa bbb ccc", (t) => t.length, 7)).toEqual(["aaa bbb", "ccc"]);
    expect(wrapLine("abcdefghij", (t) => t.length, 4)).toEqual(["abcd", "efgh", "ij"]);
  });
});

describe("stampRefusal", () => {
  it("accepts pages whose boxes are offset, cropped or turned", async () => {
    expect(
      await stampRefusal(await pdfWith({ media: [1000, -2000, 595, 842] }, { media: LETTER, crop: [50, 120, 500, 600], rotate: 90 })),
    ).toBeNull();
  });

  it.each<[string, PageSpec]>([
    ["a page smaller than 2 × 2 inches", { media: [0, 0, 100, 792] }],
    ["a CropBox outside the MediaBox", { media: LETTER, crop: [700, 900, 200, 200] }],
    ["a CropBox of no area", { media: LETTER, crop: [10, 10, 0, 500] }],
    ["a CropBox that leaves a sliver", { media: LETTER, crop: [0, 0, 612, 40] }],
    ["a /Rotate that is not a multiple of 90", { media: LETTER, rotate: 45 }],
  ])("names the page of %s", async (_what, spec) => {
    expect(await stampRefusal(await pdfWith({ media: LETTER }, spec))).toEqual({ page: 2 });
  });

  it("refuses what pdf-lib cannot read", async () => {
    expect(await stampRefusal(new TextEncoder().encode("%PDF-1.7\nnot really"))).toBe("unreadable");
  });
});

// Kept so a page turned by pdf-lib's own setter reads the same as one written by hand.
it("treats pdf-lib's setRotation like a written /Rotate", async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage([612, 792]).setRotation(degrees(270));
  const [texts] = await pdfDrawnTexts(await stampPdf(await pdf.save(), recipient("Jordan Lee")));
  expectReadableFoot({ media: LETTER, rotate: 270 }, texts!);
});
