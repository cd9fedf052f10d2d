import { describe, expect, it } from "vitest";
import { clientListQuerySchema } from "@/features/clients/validation";
import { linkInvoicesSchema, projectFormSchema, projectListQuerySchema } from "@/features/projects/validation";
import { rateCardSchema, updateClientRatesSchema } from "@/features/rates/validation";
import { uploadExtensionOf } from "@/lib/validation/uploads";

const card = { serviceType: "AI Security Assessment", hourlyRate: "350", effectiveFrom: "2027-01-01" };

describe("rate cards", () => {
  it("convert dollars (number or text) to integer cents; blanks become null", () => {
    expect(rateCardSchema.parse({ ...card, hourlyRate: 350, monthlyRetainer: "25,000.5", discountTier: " ", description: "" })).toEqual({
      serviceType: "AI Security Assessment",
      hourlyRate: 35_000,
      monthlyRetainer: 2_500_050,
      discountTier: null,
      description: null,
      effectiveFrom: "2027-01-01",
    });
    expect(rateCardSchema.parse({ ...card, monthlyRetainer: null }).monthlyRetainer).toBeNull();
    expect(rateCardSchema.parse({ ...card, monthlyRetainer: "" }).monthlyRetainer).toBeNull();
    expect(rateCardSchema.parse({ ...card, hourlyRate: 0.1 }).hourlyRate).toBe(10);
  });

  it.each([-1, "-1", Number.NaN, Number.POSITIVE_INFINITY, 1e21, "1e3", "12.345", "", "abc", 20_000_000, null, true])(
    "refuse %s as an hourly rate",
    (value) => {
      expect(rateCardSchema.safeParse({ ...card, hourlyRate: value }).success).toBe(false);
    },
  );

  it("need a real effective date", () => {
    expect(rateCardSchema.safeParse({ ...card, effectiveFrom: "2027-02-29" }).success).toBe(false);
    expect(rateCardSchema.safeParse({ ...card, effectiveFrom: "2028-02-29" }).success).toBe(true);
  });

  it("come as a bounded list for a client id", () => {
    expect(updateClientRatesSchema.safeParse({ clientId: "nope", rates: [] }).success).toBe(false);
    expect(
      updateClientRatesSchema.safeParse({ clientId: "00000000-0000-4000-8000-00000000a001", rates: Array(21).fill(card) }).success,
    ).toBe(false);
  });
});

describe("project form", () => {
  it("stores blanks as null and requires name, client and a real start date", () => {
    const parsed = projectFormSchema.parse({
      projectName: " Audit ",
      clientId: "00000000-0000-4000-8000-00000000a001",
      startDate: "2026-12-01",
      targetCompletionDate: "",
      notes: "",
    });
    expect(parsed).toEqual({
      projectName: "Audit",
      clientId: "00000000-0000-4000-8000-00000000a001",
      startDate: "2026-12-01",
      targetCompletionDate: null,
      notes: null,
      description: null,
    });
    const result = projectFormSchema.safeParse({ projectName: "", clientId: "", startDate: "2026-13-01" });
    expect(result.success).toBe(false);
  });
});

describe("list queries", () => {
  it("forgive junk in the URL", () => {
    expect(clientListQuerySchema.parse({ q: ["a", "b"], page: "-3" })).toEqual({ q: "", page: 1 });
    expect(clientListQuerySchema.parse({ q: " acme\u0000 ", page: "2" })).toEqual({ q: "acme", page: 2 });
    expect(projectListQuerySchema.parse({ status: "bogus" })).toEqual({ q: "", status: "all", page: 1 });
    expect(projectListQuerySchema.parse({ status: "on_hold", page: "4" })).toEqual({ q: "", status: "on_hold", page: 4 });
  });
});

describe("link invoices", () => {
  it("needs at least one invoice id", () => {
    expect(linkInvoicesSchema.safeParse({ projectId: "00000000-0000-4000-8000-00000000a001", invoiceIds: [] }).success).toBe(false);
    expect(linkInvoicesSchema.safeParse({ projectId: "00000000-0000-4000-8000-00000000a001", invoiceIds: ["x"] }).success).toBe(false);
  });
});

describe("upload extensions", () => {
  it("accept the product's types in any case and nothing else", () => {
    expect(["a.PDF", "b.docx", "c.Xls", "d.xlsx", "e.png", "f.JPG", "g.jpeg", "h.doc"].map(uploadExtensionOf)).toEqual([
      "pdf",
      "docx",
      "xls",
      "xlsx",
      "png",
      "jpg",
      "jpeg",
      "doc",
    ]);
    expect(["a.exe", "a.pdf.exe", "pdf", "a.", "a.svg", "a.html"].map(uploadExtensionOf)).toEqual([null, null, null, null, null, null]);
  });
});
