import { describe, expect, it } from "vitest";
import { cleanDisplayName, contentMatchesExtension } from "@/server/core/uploads/file-content";
import { docxBytes, exeBytes, jpegBytes, pdfBytes, pngBytes, xlsxBytes, zipArchive } from "../integration/helpers/upload-files";

describe("content checks", () => {
  it("recognise each accepted type by its bytes", async () => {
    expect(await contentMatchesExtension(pdfBytes(), "pdf")).toBe(true);
    expect(await contentMatchesExtension(pngBytes(), "png")).toBe(true);
    expect(await contentMatchesExtension(jpegBytes(), "jpg")).toBe(true);
    expect(await contentMatchesExtension(jpegBytes(), "jpeg")).toBe(true);
    expect(await contentMatchesExtension(docxBytes(), "docx")).toBe(true);
    expect(await contentMatchesExtension(xlsxBytes(), "xlsx")).toBe(true);
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await contentMatchesExtension(ole, "doc")).toBe(true);
    expect(await contentMatchesExtension(ole, "xls")).toBe(true);
  });

  it("refuse impostors and truncated files", async () => {
    expect(await contentMatchesExtension(exeBytes(), "pdf")).toBe(false);
    expect(await contentMatchesExtension(new Uint8Array([0x25, 0x50]), "pdf")).toBe(false);
    expect(await contentMatchesExtension(docxBytes(), "xlsx")).toBe(false);
    expect(await contentMatchesExtension(xlsxBytes(), "docx")).toBe(false);
    expect(await contentMatchesExtension(zipArchive({ "word/document.xml": "x" }), "docx")).toBe(false); // no [Content_Types].xml
    expect(await contentMatchesExtension(zipArchive({ "[Content_Types].xml": "<Types/>", "payload.bin": "x" }), "docx")).toBe(false);
    expect(await contentMatchesExtension(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "docx")).toBe(false);
    expect(await contentMatchesExtension(pngBytes(), "jpg")).toBe(false);
    expect(await contentMatchesExtension(new TextEncoder().encode("<html><script>alert(1)</script>"), "pdf")).toBe(false);
  });
});

describe("display names", () => {
  it("keep ordinary names, tidy whitespace", () => {
    expect(cleanDisplayName("Q3 Report (final).pdf")).toBe("Q3 Report (final).pdf");
    expect(cleanDisplayName("  Résumé   2026.docx ")).toBe("Résumé 2026.docx");
  });
  it.each(["../etc/passwd.pdf", "a/b.pdf", "a\\b.pdf", "x\u0000.pdf", "x\n.pdf", "..", ".", "", "   ", `${"a".repeat(256)}.pdf`])(
    "refuse %j",
    (name) => {
      expect(cleanDisplayName(name)).toBeNull();
    },
  );
});
