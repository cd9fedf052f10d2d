import { formatRelativeTime } from "@/lib/format";

/**
 * "5 minutes ago", with the exact time for machines. Worked out where it renders: the server's
 * clock and the browser's are never the same (a minute passes, or the person's clock is off), so
 * the browser's text may differ from the server's at hydration. React then keeps the server's text
 * for this element alone instead of failing the hydration, which would render the whole page again
 * in the browser and drop what the theme script set on <html>.
 */
export function RelativeTime({ value, prefix = "" }: { value: string | Date; prefix?: string }) {
  const iso = typeof value === "string" ? value : value.toISOString();
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {`${prefix}${formatRelativeTime(value)}`}
    </time>
  );
}
