import { describe, expect, it } from "vitest";
import { projectFormSchema } from "@/features/projects/validation";
import { rateCardSchema } from "@/features/rates/validation";
import { isoDateSchema } from "@/lib/validation/common";
import { serviceBookingSchema } from "@/features/bookings/validation";

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("isoDateSchema: one date rule for every form", () => {
  it.each(["1900-01-01", "1999-12-31", "2026-02-28", "2028-02-29", "2100-12-31"])("accepts %s", (value) => {
    expect(isoDateSchema.safeParse(value).success).toBe(true);
  });

  it.each(["0000-01-01", "0001-01-01", "1899-12-31", "2101-01-01", "9999-12-31"])("refuses %s as out of range", (value) => {
    const result = isoDateSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain("Enter a date between 1900 and 2100");
  });

  it.each([
    ["2026-02-30", "Not a real date"],
    ["2027-02-29", "Not a real date"],
    ["2026-13-01", "Not a real date"],
    ["26-01-01", "Use the format YYYY-MM-DD"],
    ["+002026-01-01", "Use the format YYYY-MM-DD"],
    ["2026-01-01T00:00:00Z", "Use the format YYYY-MM-DD"],
    ["", "Use the format YYYY-MM-DD"],
  ])("refuses %s with %s", (value, message) => {
    expect(firstMessage(isoDateSchema.safeParse(value))).toBe(message);
  });

  it("refuses non-strings", () => {
    expect(isoDateSchema.safeParse(20260101).success).toBe(false);
    expect(isoDateSchema.safeParse(null).success).toBe(false);
  });

  it("is the rule of the project, rate card and booking forms", () => {
    const project = { projectName: "Audit", clientId: "00000000-0000-4000-8000-00000000a001" };
    expect(projectFormSchema.safeParse({ ...project, startDate: "0000-01-01" }).success).toBe(false);
    expect(projectFormSchema.safeParse({ ...project, startDate: "2026-01-01", targetCompletionDate: "2101-01-01" }).success).toBe(false);
    expect(projectFormSchema.safeParse({ ...project, startDate: "2026-01-01", targetCompletionDate: "2100-01-01" }).success).toBe(true);
    const card = { serviceType: "Assessment", hourlyRate: 200, effectiveFrom: "1899-12-31" };
    expect(rateCardSchema.safeParse(card).success).toBe(false);
    expect(rateCardSchema.safeParse({ ...card, effectiveFrom: "2026-01-01" }).success).toBe(true);
    const booking = serviceBookingSchema.safeParse({ preferredStartDate: "9999-12-31" });
    expect(booking.error?.issues.find((i) => i.path[0] === "preferredStartDate")?.message).toBe("Enter a date between 1900 and 2100");
  });
});
