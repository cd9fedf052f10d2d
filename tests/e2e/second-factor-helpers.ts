// Two-factor in browser tests (docs/PRODUCT.md#sign-in-two-factor): codes computed here from the
// secret the Settings card shows, and the card's set-up.
import type { Page } from "@playwright/test";
import * as OTPAuth from "otpauth";
import { expect } from "./fixtures";

/** The authenticator's code `steps` periods from now (each code is accepted once). */
export const codeFor = (secret: string, steps = 0) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Turns two-factor on from Settings' card on the current page; returns the secret and a backup code. */
export async function enrolTwoFactor(me: Page, password: string): Promise<{ secret: string; backupCode: string }> {
  const card = me.getByRole("heading", { name: "Two-factor authentication" }).locator("..");
  await expect(card).toHaveAttribute("data-hydrated", "true");
  await card.getByRole("button", { name: "Set up two-factor" }).click();
  await card.getByLabel("Current password").fill(password);
  await card.getByRole("button", { name: "Continue" }).click();
  const secret = (await card.getByTestId("totp-secret").textContent())!.trim();
  await card.getByLabel("6-digit code").fill(codeFor(secret));
  await card.getByRole("button", { name: "Confirm" }).click();
  await expect(card.getByTestId("backup-code")).toHaveCount(10);
  const backupCode = (await card.getByTestId("backup-code").first().textContent())!.trim();
  await card.getByRole("button", { name: "I saved my codes" }).click();
  await expect(card.getByText("On: signing in needs your password")).toBeVisible();
  return { secret, backupCode };
}
