import { MailX } from "lucide-react";
import type { Metadata } from "next";
import { connection } from "next/server";
import { AuthShell } from "@/features/account/components/sign-in/auth-shell";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { describeUnsubscribeLink } from "@/features/notifications/server";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false } };

// Opened from a mail's footer, signed out (docs/PRODUCT.md#notifications). Opening it changes
// nothing: the button posts to the one-click address, which brings the browser back with done=1.
export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const link = describeUnsubscribeLink(token);
  if (!link.ok) {
    return (
      <AuthShell icon={<MailX className="h-6 w-6" aria-hidden />} title="Link not valid">
        <Alert tone="error">{link.message}</Alert>
      </AuthShell>
    );
  }
  if (params.done === "1") {
    return (
      <AuthShell icon={<MailX className="h-6 w-6" aria-hidden />} title="You are unsubscribed">
        <Alert tone="success">
          You will no longer receive {link.label} mails. You can turn them back on in your account&apos;s Settings, under Notifications.
        </Alert>
      </AuthShell>
    );
  }
  return (
    <AuthShell icon={<MailX className="h-6 w-6" aria-hidden />} title={`Unsubscribe from ${link.label} mails?`}>
      <p className="text-sm text-muted">You will stop receiving {link.label} mails. Other notifications stay as they are.</p>
      <form method="post" action={`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`} className="mt-6">
        <Button type="submit" className="w-full">
          Unsubscribe
        </Button>
      </form>
    </AuthShell>
  );
}
