// Each user's mail preferences (docs/PRODUCT.md#notifications); no row means every category on,
// one mail per event.
import { sql } from "drizzle-orm";
import { boolean, check, pgTable, text } from "drizzle-orm/pg-core";
import { user } from "@/features/identity/server/schema";
import { NOTIFICATION_CATEGORIES, NOTIFICATION_DELIVERIES } from "@/lib/domain/notification-category";
import { updatedAt } from "@/server/core/db/schema/columns";
import { oneOf, sqlStringList } from "@/server/core/db/schema/one-of";

export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    // Stored as what is off, so a category added later is on for everybody.
    disabledCategories: text("disabled_categories")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    delivery: text("delivery", { enum: NOTIFICATION_DELIVERIES }).notNull().default("each"),
    // Message mails say only that there is a message unless the user asks for its text in the mail.
    includeMessageText: boolean("include_message_text").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("notification_preferences_delivery_check", oneOf(t.delivery, NOTIFICATION_DELIVERIES)),
    check(
      "notification_preferences_categories_check",
      sql`${t.disabledCategories} <@ array[${sqlStringList(NOTIFICATION_CATEGORIES)}]::text[]`,
    ),
  ],
);
