"use client";

import { useState } from "react";
import { saveAdminNotificationPreferencesAction } from "@/features/notifications/actions/admin";
import { saveNotificationPreferencesAction } from "@/features/notifications/actions/portal";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Toast, useToast } from "@/components/ui/toast";
import { useChange } from "@/components/ui/use-change";
import { useHydrated } from "@/components/ui/use-hydrated";
import {
  NOTIFICATION_CATEGORY_INFO,
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_DELIVERY_LABELS,
  type NotificationAudience,
  type NotificationCategory,
  type NotificationDelivery,
} from "@/lib/domain/notification-category";
import type { NotificationPreferences as Preferences } from "@/features/notifications/server";

/**
 * Settings → Notifications (docs/PRODUCT.md#notifications): each category of the person's
 * audience on or off, and one mail per event or a daily summary. Used by the portal's Settings and
 * the admin Account page.
 */
export function NotificationPreferences({
  audience,
  initial,
  readOnly = false,
}: {
  audience: NotificationAudience;
  initial: Preferences;
  /** An admin viewing the portal: the choices show, Save does not. */
  readOnly?: boolean;
}) {
  const hydrated = useHydrated();
  const { toast, show } = useToast();
  const [enabled, setEnabled] = useState<NotificationCategory[]>(initial.enabled);
  const [delivery, setDelivery] = useState<NotificationDelivery>(initial.delivery);
  const [includeMessageText, setIncludeMessageText] = useState(initial.includeMessageText);
  const { isBusy, run } = useChange<"save">((message, tone) => show(message, tone === "error" ? 6000 : 3000, tone));
  const save = audience === "admin" ? saveAdminNotificationPreferencesAction : saveNotificationPreferencesAction;

  const toggle = (category: NotificationCategory, on: boolean) =>
    setEnabled((current) => (on ? [...new Set([...current, category])] : current.filter((c) => c !== category)));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    run("save", () => save({ enabled, delivery, includeMessageText }), {
      // The saved preferences are the card's whole new state: nothing else on the page shows them.
      done: (saved) => {
        setEnabled(saved.enabled);
        setDelivery(saved.delivery);
        setIncludeMessageText(saved.includeMessageText);
        return "Notification preferences saved.";
      },
      refresh: false,
      unreachable: "Could not reach the server. Please try again.",
    });
  }

  return (
    <Card className="max-w-2xl">
      <h2 className="text-lg font-semibold" id={`notifications-heading-${audience}`}>
        Notifications
      </h2>
      <p className="mt-1 text-sm text-muted">
        Your own: choose which mails you receive (your colleagues choose theirs). Every mail also has an unsubscribe link.
      </p>
      <form onSubmit={onSubmit} aria-labelledby={`notifications-heading-${audience}`} data-hydrated={hydrated} className="mt-4 space-y-6">
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Mail me about</legend>
          {initial.categories.map((category) => (
            <label key={category} className="flex items-start gap-3 text-sm">
              <input
                type="checkbox"
                name="enabled"
                value={category}
                className="mt-1 h-4 w-4 accent-cyan-500"
                checked={enabled.includes(category)}
                onChange={(e) => toggle(category, e.target.checked)}
              />
              <span>
                <span className="font-medium">{NOTIFICATION_CATEGORY_INFO[category].label}</span>
                <span className="block text-muted">{NOTIFICATION_CATEGORY_INFO[category].description}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="flex items-start gap-3 text-sm">
          <input
            type="checkbox"
            name="includeMessageText"
            className="mt-1 h-4 w-4 accent-cyan-500"
            checked={includeMessageText}
            onChange={(e) => setIncludeMessageText(e.target.checked)}
          />
          <span>
            <span className="font-medium">Include the message text in message mails</span>
            {/* What the box does as it stands now, so the help never contradicts the tick. */}
            <span className="block text-muted" data-include-text-help>
              {includeMessageText
                ? "On: a message mail carries the message's text."
                : "Off: the mail only says there is a new message, and the text stays behind the sign-in."}
            </span>
          </span>
        </label>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">How</legend>
          {NOTIFICATION_DELIVERIES.map((value) => (
            <label key={value} className="flex items-center gap-3 text-sm">
              <input
                type="radio"
                name="delivery"
                value={value}
                className="h-4 w-4 accent-cyan-500"
                checked={delivery === value}
                onChange={() => setDelivery(value)}
              />
              {NOTIFICATION_DELIVERY_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {readOnly ? null : (
          <Button type="submit" disabled={isBusy}>
            {isBusy ? "Saving…" : "Save notifications"}
          </Button>
        )}
      </form>
      <Toast toast={toast} />
    </Card>
  );
}
