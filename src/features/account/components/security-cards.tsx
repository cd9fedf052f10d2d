"use client";

import { ChangePasswordCard } from "./change-password-card";
import { PasskeysCard } from "./passkeys-card";
import { SessionsCard } from "./sessions-card";
import { TwoFactorCard } from "./two-factor-card";

/**
 * The portal's Security section: password, two-factor, passkeys and sessions, in that order. One
 * module, so a page that loads it on demand fetches one chunk: loaded card by card, the code the cards
 * share (the step-up dialog, the passkey ceremony) came once in each card's chunk.
 */
export function SecurityCards(security: { twoFactorEnabled: boolean; twoFactorRequired: boolean; demoExempt: boolean }) {
  return (
    <>
      <ChangePasswordCard />
      <TwoFactorCard enabled={security.twoFactorEnabled} required={security.twoFactorRequired} demoExempt={security.demoExempt} />
      <PasskeysCard />
      <SessionsCard />
    </>
  );
}
