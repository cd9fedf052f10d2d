import { describe, expect, it } from "vitest";
import {
  centsToDecimal,
  centsToDollarInput,
  formatCents,
  formatCentsThousands,
  formatDate,
  formatFileSize,
  formatRelativeTime,
  parseDollarsToCents,
  percentOf,
} from "@/lib/format";

describe("money", () => {
  it("writes cents as an exact two-place decimal for CSV", () => {
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-5)).toBe("-0.05");
    expect(centsToDecimal(1_250_050)).toBe("12500.50");
    expect(centsToDecimal(9_007_199_254_740_991)).toBe("90071992547409.91");
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });

  it("formats cents as USD in the US locale", () => {
    expect(formatCents(123456)).toBe("$1,234.56");
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(4_800_000)).toBe("$48,000.00");
  });
  it("formats thousands with K and no decimals", () => {
    expect(formatCentsThousands(4_567_800)).toBe("$46K");
    expect(formatCentsThousands(0)).toBe("$0K");
    expect(formatCentsThousands(123_456_700)).toBe("$1,235K");
  });
  it("parses typed dollars into exact cents", () => {
    expect(parseDollarsToCents("1,234.5")).toBe(123450);
    expect(parseDollarsToCents("$0.07")).toBe(7);
    expect(parseDollarsToCents(350)).toBe(35000);
    expect(parseDollarsToCents("0.1")).toBe(10);
    expect(parseDollarsToCents("1.234")).toBeNull();
    expect(parseDollarsToCents("-5")).toBeNull();
    expect(parseDollarsToCents("abc")).toBeNull();
    expect(centsToDollarInput(123450)).toBe("1234.50");
    expect(centsToDollarInput(35000)).toBe("350");
    expect(centsToDollarInput(null)).toBe("");
  });
  it("sums 0.1 + 0.2 exactly in cents", () => {
    expect(parseDollarsToCents("0.1")! + parseDollarsToCents("0.2")!).toBe(30);
  });
});

describe("sizes, dates and percentages", () => {
  it("shows B, KB or MB with one decimal", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(5 * 1024 * 1024)).toBe("5.0 MB");
  });
  it("formats calendar dates without shifting the day", () => {
    expect(formatDate("2026-12-20")).toBe("Dec 20, 2026");
    expect(formatDate(null)).toBe("—");
  });
  it("uses minutes under 60, hours under 1440, else a date", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(formatRelativeTime(new Date("2026-11-21T11:59:30Z"), now)).toBe("just now");
    expect(formatRelativeTime(new Date("2026-11-21T11:15:00Z"), now)).toBe("45 minutes ago");
    expect(formatRelativeTime(new Date("2026-11-21T09:00:00Z"), now)).toBe("3 hours ago");
    expect(formatRelativeTime(new Date("2026-11-19T12:00:00Z"), now)).toBe("Nov 19, 2026");
  });
  it("rounds percentages and guards against zero", () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 0)).toBe(0);
    expect(percentOf(12, 10)).toBe(100);
  });
});
