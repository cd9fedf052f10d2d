"use server";

// The signed-in user's own two-factor settings, from portal Settings and the admin Account page
// (docs/PRODUCT.md#sign-in-two-factor). accountAction admits either role, and an admin who has
// not enrolled yet: this is where they enrol.
import { confirmTwoFactorSchema, disableTwoFactorSchema, twoFactorPasswordSchema } from "@/lib/validation/account";
import { confirmTwoFactorEnrolment, disableTwoFactor, regenerateBackupCodes, startTwoFactorEnrolment } from "@/server/auth/two-factor";
import { accountAction } from "@/server/handler";

export const startTwoFactorAction = accountAction(twoFactorPasswordSchema, (actor, input, headers) => startTwoFactorEnrolment(actor, headers, input.password));

export const confirmTwoFactorAction = accountAction(confirmTwoFactorSchema, (actor, input, headers) => confirmTwoFactorEnrolment(actor, headers, input.code));

export const regenerateBackupCodesAction = accountAction(twoFactorPasswordSchema, (actor, input, headers) => regenerateBackupCodes(actor, headers, input.password));

export const disableTwoFactorAction = accountAction(disableTwoFactorSchema, (actor, input, headers) => disableTwoFactor(actor, headers, input));
