import "@/lib/validation/zod-config";
import { z } from "zod";
import { NOTIFICATION_CATEGORIES, NOTIFICATION_DELIVERIES } from "@/lib/domain/notification-category";

/** Settings → Notifications: the categories left on and how they arrive. */
export const notificationPreferencesSchema = z.object({
  enabled: z.array(z.enum(NOTIFICATION_CATEGORIES, { error: "Unknown notification category" })).max(NOTIFICATION_CATEGORIES.length),
  delivery: z.enum(NOTIFICATION_DELIVERIES, { error: "Choose how mail arrives" }),
  /** Left out: the stored choice stays. */
  includeMessageText: z.boolean({ error: "Choose whether message mails include the text" }).optional(),
});
export type NotificationPreferencesInput = z.output<typeof notificationPreferencesSchema>;

/** The signed unsubscribe link's token: its shape only; the signature is checked on the server. */
export const unsubscribeTokenSchema = z.object({
  token: z
    .string({ error: "This unsubscribe link is not valid." })
    .min(1, "This unsubscribe link is not valid.")
    .max(512, "This unsubscribe link is not valid.")
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, "This unsubscribe link is not valid."),
});
