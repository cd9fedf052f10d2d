"use server";
// The admin's own account settings; each action checks the admin session itself (adminAction).
import { notificationPreferencesSchema } from "@/lib/validation/notifications";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/server/modules/account";
import { saveNotificationPreferences } from "@/server/modules/notifications";

export const saveAdminNotificationPreferencesAction = adminAction(notificationPreferencesSchema, (actor, input) =>
  saveNotificationPreferences(getDb(), { actor, input }),
);
