"use server";
// The admin's own account settings; each action checks the admin session itself (adminAction).
import { notificationPreferencesSchema } from "@/features/notifications/validation";
import { getDb } from "@/server/core/get-db";
import { adminAction } from "@/features/identity/server";
import { saveNotificationPreferences } from "@/features/notifications/server";

export const saveAdminNotificationPreferencesAction = adminAction(notificationPreferencesSchema, (actor, input) =>
  saveNotificationPreferences(getDb(), { actor, input }),
);
