"use server";

import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { switchSsoOffAsFirm } from "@/features/sso/server";
import { ssoClientIdSchema } from "@/features/sso/validation";

/** The firm switches a company's single sign-on off (docs/PRODUCT.md#single-sign-on): audited, owners mailed. */
export const switchSsoOffAsFirmAction = adminAction(ssoClientIdSchema, (actor, input) =>
  switchSsoOffAsFirm(getDb(), { actor, clientId: input.clientId }),
);
