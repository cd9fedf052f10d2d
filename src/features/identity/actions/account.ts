"use server";

// The signed-in user's own account security, from portal Settings and the admin Account page
// (docs/PRODUCT.md#sign-in-two-factor, docs/PRODUCT.md#account-security). accountAction admits
// either role, an admin who has not enrolled yet and a client whose company requires two-factor:
// this is where they enrol.
import {
  changePasswordSchema,
  confirmPasskeySchema,
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  emailChangeSchema,
  noInputSchema,
  ownNameSchema,
  passkeyIdSchema,
  renamePasskeySchema,
  sessionIdSchema,
  twoFactorPasswordSchema,
} from "@/features/identity/validation/account";
import { getDb } from "@/server/core/get-db";
import { listOwnPasskeys, removeOwnPasskey, renameOwnPasskey } from "@/features/identity/server/passkeys/account-passkeys";
import { confirmPasskey } from "@/features/identity/server/passkeys/confirmation";
import { changeOwnPassword } from "@/features/identity/server/password/change";
import { requestEmailChange } from "@/features/identity/server/profile/email-change";
import { updateOwnName } from "@/features/identity/server/profile/own-name";
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  regenerateBackupCodes,
  startTwoFactorEnrolment,
} from "@/features/identity/server/second-factor/two-factor";
import { listOwnSessions, revokeOtherOwnSessions, revokeOwnSession } from "@/features/identity/server/sessions/account-sessions";
import { accountAction } from "@/features/identity/server/sessions/route-guards";
import { currentSessionId } from "@/features/identity/server/sessions/session";

export const startTwoFactorAction = accountAction(twoFactorPasswordSchema, (actor, input, headers) =>
  startTwoFactorEnrolment(actor, headers, input.password),
);

export const confirmTwoFactorAction = accountAction(confirmTwoFactorSchema, (actor, input, headers) =>
  confirmTwoFactorEnrolment(actor, headers, input.code),
);

export const regenerateBackupCodesAction = accountAction(twoFactorPasswordSchema, (actor, input, headers) =>
  regenerateBackupCodes(actor, headers, input.password),
);

export const disableTwoFactorAction = accountAction(disableTwoFactorSchema, (actor, input, headers) =>
  disableTwoFactor(actor, headers, input),
);

export const changePasswordAction = accountAction(changePasswordSchema, (actor, input, headers) =>
  changeOwnPassword(actor, headers, input),
);

export const listSessionsAction = accountAction(noInputSchema, async (actor, _input, headers) =>
  listOwnSessions(getDb(), { actor, currentSessionId: await currentSessionId(headers) }),
);

export const revokeSessionAction = accountAction(sessionIdSchema, async (actor, input, headers) =>
  revokeOwnSession(getDb(), { actor, sessionId: input.sessionId, currentSessionId: await currentSessionId(headers) }),
);

export const revokeOtherSessionsAction = accountAction(noInputSchema, async (actor, _input, headers) =>
  revokeOtherOwnSessions(getDb(), { actor, currentSessionId: await currentSessionId(headers) }),
);

export const listPasskeysAction = accountAction(noInputSchema, (actor) => listOwnPasskeys(getDb(), { actor }));

export const renamePasskeyAction = accountAction(renamePasskeySchema, (actor, input) =>
  renameOwnPasskey(getDb(), { actor, passkeyId: input.passkeyId, name: input.name }),
);

export const removePasskeyAction = accountAction(passkeyIdSchema, (actor, input, headers) =>
  removeOwnPasskey(getDb(), { actor, passkeyId: input.passkeyId, headers }),
);

export const confirmPasskeyAction = accountAction(confirmPasskeySchema, (actor, input) => confirmPasskey(actor, input));

// The personal profile (docs/PRODUCT.md#portal-settings): the person's own name and sign-in e-mail.
export const updateOwnNameAction = accountAction(ownNameSchema, (actor, input) => updateOwnName(getDb(), { actor, name: input.name }));

export const requestEmailChangeAction = accountAction(emailChangeSchema, (actor, input) =>
  requestEmailChange(getDb(), { actor, newEmail: input.newEmail, currentPassword: input.currentPassword }),
);
