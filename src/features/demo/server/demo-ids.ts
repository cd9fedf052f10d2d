// The demo companies' ids and the fixed-id maker every demo file shares (one id per prefix and number).

export const ACME_ID = "00000000-0000-4000-8000-00000000a001";
export const GLOBEX_ID = "00000000-0000-4000-8000-00000000b001";

export const demoId = (prefix: string, n: number) => `00000000-0000-4000-8000-${prefix}${String(n).padStart(12 - prefix.length, "0")}`;
