// The rules a finding's Markdown is read by, shared by the portal's renderer
// (features/findings/components/finding-markdown.tsx) and the generated reports
// (features/reports/server/generated/report-markdown.ts), so both show the same thing
// (docs/PRODUCT.md#portal-findings): GitHub's extensions, raw HTML dropped, images not loaded.

/** Only web and mail links survive: javascript:, data: and relative addresses become plain text. */
export function safeFindingUrl(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url.trim()) ? url.trim() : "";
}
