"use server";
// The portal's notification preferences.
// Each action checks the client session itself (clientAction) and validates with the same schema as
// the form; the client id always comes from the session.
import { clientAction } from "@/features/identity/server";
import { notificationPreferencesSchema } from "@/features/notifications/validation";
import { saveNotificationPreferences } from "@/features/notifications/server";
import { getDb } from "@/server/core/get-db";

export const saveNotificationPreferencesAction = clientAction(notificationPreferencesSchema, (actor, input) =>
  saveNotificationPreferences(getDb(), { actor, input }),
);
