// A report on which the download stamp would not show is refused at the upload with a 400 that
// names the page (docs/PRODUCT.md#admin-reports); one whose page box is offset, cropped or turned
// is published, and its copy carries the stamp inside the visible box, a Cyrillic name included.
import { PDFDocument, PDFName, PDFNumber } from "pdf-lib";
import { describe, expect, it, vi } from "vitest";
import { POST as uploadRoute } from "@/app/api/admin/reports/upload/route";
import { reports } from "@/features/reports/server/schema";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { stampPdf } from "@/features/reports/server/stamp";
import { pdfDrawnTexts } from "@tests/helpers/pdf-text";
import { APP_ORIGIN, authHeaders, sessionCookie } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";
import { TENANTS } from "@tests/integration/helpers/tenants";

vi.mock("next/headers", async () => (await import("@tests/integration/helpers/next-headers-mock")).nextHeadersMock);
vi.mock("next/server", async (importOriginal) =>
  (await import("@tests/integration/helpers/next-headers-mock")).nextServerMock(importOriginal),
);

const t = setupTestDatabase({ seedDemo: true });

async function pdfWith(boxes: { media: [number, number, number, number]; crop?: [number, number, number, number]; rotate?: number }[]) {
  const pdf = await PDFDocument.create();
  for (const box of boxes) {
    const page = pdf.addPage();
    page.setMediaBox(...box.media);
    if (box.crop) page.setCropBox(...box.crop);
    if (box.rotate !== undefined) page.node.set(PDFName.of("Rotate"), PDFNumber.of(box.rotate));
  }
  return pdf.save();
}

async function upload(title: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("projectId", TENANTS.acme.projectId);
  form.set("title", title);
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "report.pdf", { type: "application/pdf" }));
  const headers = authHeaders(await sessionCookie(DEMO_USERS.admin.email));
  return uploadRoute(new Request(`${APP_ORIGIN}/api/admin/reports/upload`, { method: "POST", headers, body: form }), undefined as never);
}

describe("the upload of a report", () => {
  it("refuses a PDF with a page on which the stamp would not show, naming the page, storing nothing", async () => {
    const before = (await t.db.select({ id: reports.id }).from(reports)).length;
    for (const bad of [
      { media: [0, 0, 100, 100] as [number, number, number, number] },
      { media: [0, 0, 612, 792] as [number, number, number, number], crop: [0, 0, 612, 30] as [number, number, number, number] },
      { media: [0, 0, 612, 792] as [number, number, number, number], rotate: 45 },
    ]) {
      const response = await upload("Unstampable", await pdfWith([{ media: [0, 0, 612, 792] }, bad]));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: expect.stringMatching(/^The download stamp would not show on page 2: its visible area must be at least 2 × 2 inches/),
      });
    }
    expect(await t.db.select({ id: reports.id }).from(reports)).toHaveLength(before);
  });

  it("publishes one whose boxes are offset, cropped or turned; the stamp lands inside each visible box", async () => {
    const pages = [
      { media: [500, -900, 595, 842] as [number, number, number, number] },
      {
        media: [0, 0, 612, 792] as [number, number, number, number],
        crop: [40, 150, 500, 600] as [number, number, number, number],
        rotate: 270,
      },
    ];
    const bytes = await pdfWith(pages);
    expect((await upload("Odd boxes", bytes)).status).toBe(201);
    const copy = await stampPdf(bytes, {
      name: "Анна Иванова",
      email: "anna@example.com",
      company: "Acme",
      at: new Date(),
      downloadId: "d1",
    });
    const drawn = await pdfDrawnTexts(copy);
    const visible = [
      [500, -900, 1095, -58],
      [40, 150, 540, 750],
    ];
    drawn.forEach((texts, n) => {
      const [x0, y0, x1, y1] = visible[n]!;
      const foot = texts.filter((d) => d.size <= 8);
      expect(foot.map((d) => d.text).join(" ")).toContain("Prepared for Анна Иванова <anna@example.com>");
      for (const { matrix, width } of foot) {
        const [a, b, , , e, f] = matrix as number[];
        for (const [x, y] of [
          [e!, f!],
          [e! + a! * width!, f! + b! * width!],
        ]) {
          expect(x).toBeGreaterThanOrEqual(x0!);
          expect(x).toBeLessThanOrEqual(x1!);
          expect(y).toBeGreaterThanOrEqual(y0!);
          expect(y).toBeLessThanOrEqual(y1!);
        }
      }
    });
  });
});
