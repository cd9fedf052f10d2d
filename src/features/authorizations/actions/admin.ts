"use server";
// Server actions of the admin's authorization card and the Settings terms card; each checks the admin session itself (adminAction).
import { adminAction } from "@/features/identity/server";
import { authorizationFormSchema, authorizationIdSchema, authorizationTermsSchema } from "@/features/authorizations/validation";
import { saveAuthorizationDraft, sendAuthorization } from "@/features/authorizations/server";
import { setAuthorizationTerms } from "@/features/settings/server";
import { getDb } from "@/server/core/get-db";

export const saveAuthorizationDraftAction = adminAction(authorizationFormSchema, async (actor, input) =>
  saveAuthorizationDraft(getDb(), { actor, input }),
);

export const sendAuthorizationAction = adminAction(authorizationIdSchema, async (actor, { authorizationId }) => {
  const { documentHash } = await sendAuthorization(getDb(), { actor, authorizationId });
  return { documentHash };
});

export const saveAuthorizationTermsAction = adminAction(authorizationTermsSchema, async (actor, { terms }) => {
  const { customized } = await setAuthorizationTerms(getDb(), { actor, terms });
  return { customized };
});
