"use client";

// After an invitation's password is set, the login form opens with the invitee's address filled
// (docs/PRODUCT.md#sign-in-reset-password-and-invitations). Handed over in this tab's session
// storage, not the address bar, so it lands in no history, log or Referer.
const KEY = "sign-in-email";

export function rememberSignInEmail(email: string): void {
  try {
    window.sessionStorage.setItem(KEY, email);
  } catch {
    // Storage refused (private mode, quota): the form simply starts empty.
  }
}

/** The address handed over, read once. */
export function takeSignInEmail(): string | null {
  try {
    const email = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    return email;
  } catch {
    return null;
  }
}
