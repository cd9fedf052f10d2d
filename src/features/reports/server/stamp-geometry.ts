import "server-only";
import type { PDFDocument, PDFPage } from "pdf-lib";

/**
 * Where the stamp goes on a page: the part a reader sees (the CropBox within the MediaBox) as it is
 * shown, turned by the page's /Rotate. `width` and `height` are the shown page's, and `at` turns a
 * point of the shown page (from its bottom left corner) into the page's own coordinates; text drawn
 * there at `rotation` degrees reads upright to the reader (docs/PRODUCT.md#portal-reports).
 */
export type StampArea = {
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  at: (x: number, y: number) => { x: number; y: number };
};

/** The smallest shown page the stamp's lines fit on, legibly: 2 × 2 inches. */
export const MIN_STAMP_SIDE = 144;

type Box = { x: number; y: number; width: number; height: number };

// A box may be written with its corners in any order: [urx ury llx lly] is the same rectangle.
const normalized = (box: Box): Box => ({
  x: Math.min(box.x, box.x + box.width),
  y: Math.min(box.y, box.y + box.height),
  width: Math.abs(box.width),
  height: Math.abs(box.height),
});

/** What a viewer shows: the CropBox (the MediaBox when there is none) clipped to the MediaBox. */
function visibleBox(page: PDFPage): Box | null {
  const media = normalized(page.getMediaBox());
  const crop = normalized(page.getCropBox());
  const x = Math.max(media.x, crop.x);
  const y = Math.max(media.y, crop.y);
  const box = {
    x,
    y,
    width: Math.min(media.x + media.width, crop.x + crop.width) - x,
    height: Math.min(media.y + media.height, crop.y + crop.height) - y,
  };
  return [box.x, box.y, box.width, box.height].every(Number.isFinite) && box.width > 0 && box.height > 0 ? box : null;
}

/** The stamp's area on a page, or null when the stamp could not be shown there legibly. */
export function stampArea(page: PDFPage): StampArea | null {
  let box: Box | null;
  let angle: number;
  try {
    box = visibleBox(page);
    angle = page.getRotation().angle;
  } catch {
    return null; // A box or /Rotate that is not numbers.
  }
  const rotation = (((angle % 360) + 360) % 360) as StampArea["rotation"];
  if (!box || ![0, 90, 180, 270].includes(rotation)) return null;
  const { x: x0, y: y0 } = box;
  const x1 = x0 + box.width;
  const y1 = y0 + box.height;
  const turned = rotation === 90 || rotation === 270;
  const width = turned ? box.height : box.width;
  const height = turned ? box.width : box.height;
  if (width < MIN_STAMP_SIDE || height < MIN_STAMP_SIDE) return null;
  // A viewer turns the page clockwise by /Rotate: the shown page's bottom left corner and axes,
  // in the page's own coordinates.
  const at = {
    0: (x: number, y: number) => ({ x: x0 + x, y: y0 + y }),
    90: (x: number, y: number) => ({ x: x1 - y, y: y0 + x }),
    180: (x: number, y: number) => ({ x: x1 - x, y: y1 - y }),
    270: (x: number, y: number) => ({ x: x0 + y, y: y1 - x }),
  }[rotation];
  return { width, height, rotation, at };
}

/** The first page on which the stamp would not show (1-based), or null when every page takes it. */
export function unstampablePage(pdf: PDFDocument): number | null {
  const index = pdf.getPages().findIndex((page) => !stampArea(page));
  return index < 0 ? null : index + 1;
}
