import { describe, expect, it } from "vitest";
import { cleanDisplayName, contentMatchesExtension, zipEntryNames } from "@/server/data/admin-upload-content";
import { docxBytes, exeBytes, jpegBytes, pdfBytes, pngBytes, xlsxBytes, zipArchive } from "../integration/helpers/upload-files";

describe("content checks", () => {
  it("recognise each accepted type by its bytes", () => {
    expect(contentMatchesExtension(pdfBytes(), "pdf")).toBe(true);
    expect(contentMatchesExtension(pngBytes(), "png")).toBe(true);
    expect(contentMatchesExtension(jpegBytes(), "jpg")).toBe(true);
    expect(contentMatchesExtension(jpegBytes(), "jpeg")).toBe(true);
    expect(contentMatchesExtension(docxBytes(), "docx")).toBe(true);
    expect(contentMatchesExtension(xlsxBytes(), "xlsx")).toBe(true);
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(contentMatchesExtension(ole, "doc")).toBe(true);
    expect(contentMatchesExtension(ole, "xls")).toBe(true);
  });

  it("refuse impostors and truncated files", () => {
    expect(contentMatchesExtension(exeBytes(), "pdf")).toBe(false);
    expect(contentMatchesExtension(new Uint8Array([0x25, 0x50]), "pdf")).toBe(false);
    expect(contentMatchesExtension(docxBytes(), "xlsx")).toBe(false);
    expect(contentMatchesExtension(zipArchive({ "word/document.xml": "x" }), "docx")).toBe(false); // no [Content_Types].xml
    expect(contentMatchesExtension(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), "docx")).toBe(false);
    expect(contentMatchesExtension(pngBytes(), "jpg")).toBe(false);
  });

  it("read zip entry names from the central directory", () => {
    expect(zipEntryNames(zipArchive({ "a.txt": "1", "dir/b.xml": "22" }))).toEqual(["a.txt", "dir/b.xml"]);
    expect(zipEntryNames(new Uint8Array(10))).toBeNull();
  });
});

describe("display names", () => {
  it("keep ordinary names, tidy whitespace", () => {
    expect(cleanDisplayName("Q3 Report (final).pdf")).toBe("Q3 Report (final).pdf");
    expect(cleanDisplayName("  Résumé   2026.docx ")).toBe("Résumé 2026.docx");
  });
  it.each(["../etc/passwd.pdf", "a/b.pdf", "a\\b.pdf", "x\u0000.pdf", "x\n.pdf", "..", ".", "", "   ", `${"a".repeat(256)}.pdf`])("refuse %j", (name) => {
    expect(cleanDisplayName(name)).toBeNull();
  });
});
