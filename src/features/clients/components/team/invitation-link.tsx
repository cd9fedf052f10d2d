"use client";

import { Check, Copy } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";

/** `mailConfigured` false: the invitation waits in the outbox and the admin must hand the link on. */
export type SentInvitation = { email: string; inviteUrl: string; expiresAt: string; mailConfigured: boolean };

/** The plain words for an invitation no mail will carry (docs/PRODUCT.md#admin-client-page). */
export const MAIL_NOT_CONFIGURED_MESSAGE = "Mail is not configured: copy this invitation link and send it yourself.";

/**
 * The invitation an admin just sent, with its link to copy in case the mail does not arrive: after
 * Create New Client and after an invitation from the client page (docs/PRODUCT.md#admin-client-page);
 * owners in the portal never see the link. `actions` come between Copy and Done.
 */
export function InvitationLink({
  sent,
  onDone,
  inputId = "person-invite-link",
  actions,
}: {
  sent: SentInvitation;
  onDone: () => void;
  inputId?: string;
  actions?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const expires = new Date(sent.expiresAt).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(sent.inviteUrl);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (permissions, insecure context): the link stays selectable below.
      document.getElementById(inputId)?.focus();
    }
  };
  return (
    <div className="space-y-4">
      {sent.mailConfigured ? (
        <Alert tone="success">
          Invitation sent to <strong>{sent.email}</strong>. The link lets them choose a password and expires on {expires}.
        </Alert>
      ) : (
        <Alert tone="error">
          {MAIL_NOT_CONFIGURED_MESSAGE} Nothing was e-mailed to <strong>{sent.email}</strong>. The link lets them choose a password and
          expires on {expires}.
        </Alert>
      )}
      <Field
        id={inputId}
        label="Invitation link"
        hint={sent.mailConfigured ? "Share it yourself if the email does not arrive." : "Send it to them yourself, by a channel you trust."}
      >
        <Input id={inputId} readOnly value={sent.inviteUrl} onFocus={(e) => e.currentTarget.select()} mono />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={copy}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? "Copied" : "Copy invitation link"}
        </Button>
        {actions}
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
