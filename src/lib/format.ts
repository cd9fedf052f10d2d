// Formatting shared by server and browser. Money is integer cents everywhere; USD, US locale.

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const usdWhole = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Whole dollars without decimals: 250000 → "$2,500". */
export function formatCentsWhole(cents: number): string {
  return usdWhole.format(Math.round(cents / 100));
}

/** Dollars in thousands, no decimals, with K (admin Outstanding Revenue): 4_567_800 cents → "$46K". */
export function formatCentsThousands(cents: number): string {
  return `$${Math.round(cents / 100_000).toLocaleString("en-US")}K`;
}

/** Parses a user-typed dollar amount ("1,234.5", "$99") into integer cents, or null when invalid. */
export function parseDollarsToCents(input: string | number): number | null {
  const text = typeof input === "number" ? String(input) : input.replace(/[$,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Integer cents → a plain decimal with two places ("1234.50", "-0.05", "0.00") by string
 * arithmetic only, so no amount is ever rounded through a float (CSV exports).
 */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not an integer amount of cents: ${cents}`);
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${cents < 0 ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Cents → "1234.56" for number inputs. */
export function centsToDollarInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  return `${sign}${Math.floor(abs / 100)}${fraction ? `.${String(fraction).padStart(2, "0")}` : ""}`;
}

/** B, KB or MB with one decimal (docs/PRODUCT.md#rules-money-and-dates): 512 → "512 B", 1536 → "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "2026-12-20" or a Date → "Dec 20, 2026". Calendar dates are formatted in UTC so they never shift a day. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  return Number.isNaN(date.getTime()) ? "—" : dateFormat.format(date);
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** A moment, "Nov 24, 2026, 12:51 AM UTC": in UTC so the server's and the browser's render agree. */
export function formatDateTime(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "—" : `${dateTimeFormat.format(date)} UTC`;
}

/** Relative time: "just now" under a minute, minutes under 60, hours under 1440, else the date. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const minutes = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 60_000));
  if (minutes === 0) return "just now";
  if (minutes < 60) return minutes === 1 ? "1 minute ago" : `${minutes} minutes ago`;
  if (minutes < 1440) {
    const hours = Math.floor(minutes / 60);
    return hours === 1 ? "1 hour ago" : `${hours} hours ago`;
  }
  return formatDate(date);
}

/** Rounded percentage of part over whole, 0 when whole is 0, clamped to 0..100. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / whole) * 100)));
}

/** Today's date as yyyy-mm-dd in UTC. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
