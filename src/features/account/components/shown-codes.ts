// The backup codes being shown outlive a remount of the two-factor card: confirming replaces the
// session cookie, and Next then re-renders the page (the portal's sections suspend again), which
// would drop them from component state before the person saved them. Memory only, this tab only.
let codes: string[] | null = null;

export function rememberShownCodes(value: string[] | null): void {
  codes = value;
}

export function shownCodes(): string[] | null {
  return codes;
}
