"use client";

import { Users } from "lucide-react";
import { useState } from "react";
import {
  adminChangePersonRoleAction,
  adminInvitePersonAction,
  adminRemovePersonAction,
  adminResendInvitationAction,
  adminResetPersonTwoFactorAction,
  adminRevokeInvitationAction,
} from "@/features/clients/actions/admin-client";
import {
  changePersonRoleAction,
  invitePersonAction,
  removePersonAction,
  resendInvitationAction,
  revokeInvitationAction,
} from "@/features/clients/actions/portal";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { StatusBadge } from "@/components/ui/status-badge";
import { Toast, useToast } from "@/components/ui/toast";
import { type ChangeResult, useChange } from "@/components/ui/use-change";
import {
  CLIENT_PERSON_ROLE_LABELS,
  CLIENT_PERSON_ROLE_TONES,
  CLIENT_PERSON_STATUS_LABELS,
  CLIENT_PERSON_STATUS_TONES,
  type ClientPersonRole,
} from "@/lib/domain/client-person";
import { RelativeTime } from "@/components/ui/relative-time";
import { SIGN_IN_METHOD_LABELS } from "@/lib/domain/sign-in-method";
import type { InvitePersonInput } from "@/features/clients/validation";
import type { TeamPerson } from "@/features/clients/server";
import { MAIL_NOT_CONFIGURED_MESSAGE } from "./invitation-link";
import { InvitePersonDialog } from "./invite-person-dialog";

/**
 * The people of a client company (docs/PRODUCT.md#portal-team): the owners' Team card on portal
 * Settings, and the People card of the admin's client page (`clientId` set). `readOnly` (an admin
 * viewing the portal) shows the list without an action.
 */
export type TeamScope = { clientId?: string };

/** An invitation no mail carries yet: never "sent" (docs/PRODUCT.md#portal-team). */
const unmailedInvitation = (email: string, what: string) =>
  `${what} for ${email} is kept in the outbox: mail is not configured yet, so it goes out once the firm sets it up.`;

/** The actions of the card's scope: the portal's act on the session's company, the admin's name it. */
export function teamActions({ clientId }: TeamScope) {
  if (clientId)
    return {
      invite: (input: InvitePersonInput) => adminInvitePersonAction({ ...input, clientId }),
      resend: (userId: string) => adminResendInvitationAction({ clientId, userId }),
      revoke: (userId: string) => adminRevokeInvitationAction({ clientId, userId }),
      changeRole: (userId: string, role: ClientPersonRole) => adminChangePersonRoleAction({ clientId, userId, role }),
      remove: (userId: string) => adminRemovePersonAction({ clientId, userId }),
      resetTwoFactor: (userId: string) => adminResetPersonTwoFactorAction({ clientId, userId }),
    };
  return {
    invite: (input: InvitePersonInput) => invitePersonAction(input),
    resend: (userId: string) => resendInvitationAction({ userId }),
    revoke: (userId: string) => revokeInvitationAction({ userId }),
    changeRole: (userId: string, role: ClientPersonRole) => changePersonRoleAction({ userId, role }),
    remove: (userId: string) => removePersonAction({ userId }),
    // Only an admin resets someone else's two-factor.
    resetTwoFactor: null,
  };
}

export function TeamCard({
  people,
  clientId,
  readOnly = false,
  currentUserId,
  title = "Team",
}: {
  /** `twoFactorEnabled` (the admin's client page) offers Reset two-factor for that person. */
  people: (TeamPerson & { twoFactorEnabled?: boolean })[];
  clientId?: string;
  readOnly?: boolean;
  /** The signed-in person (portal): their own row says "you". */
  currentUserId?: string;
  title?: string;
}) {
  const { toast, show } = useToast();
  const { isBusy, run } = useChange((message, tone) => show(message, tone === "error" ? 6000 : 4000, tone));
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<TeamPerson | null>(null);
  const [resetting, setResetting] = useState<TeamPerson | null>(null);
  const activeOwners = people.filter((p) => p.role === "owner" && p.status === "active").length;
  const actions = teamActions({ clientId });

  const change = <T,>(key: string, send: () => Promise<ChangeResult<T>>, done: string) => run(key, send, { done: () => done });

  return (
    <Card className="max-w-3xl" id="team">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Users className="h-5 w-5 text-accent" aria-hidden />
          {title}
        </h2>
        {readOnly ? null : (
          <Button size="sm" onClick={() => setInviting(true)}>
            Invite a colleague
          </Button>
        )}
      </div>
      <p className="mt-1 text-sm text-muted">
        Everyone who signs in for this company. Owners can invite colleagues, change their role and remove them; members see everything
        else.
      </p>
      {people.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No one yet.</p>
      ) : (
        <ul aria-label="People" className="mt-4 divide-y divide-slate-800">
          {people.map((p) => {
            const you = p.userId === currentUserId;
            // The company's only active owner can be neither demoted nor removed (the server refuses
            // it too), so neither is offered: another person must become an owner first.
            const onlyOwner = p.role === "owner" && p.status === "active" && activeOwners === 1;
            const label = `${p.name}${you ? " (you)" : ""}`;
            return (
              <li key={p.userId} data-person={p.email} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium break-words">{label}</p>
                  <p className="break-all text-muted">{p.email}</p>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <StatusBadge value={p.role} label={CLIENT_PERSON_ROLE_LABELS[p.role]} tone={CLIENT_PERSON_ROLE_TONES[p.role]} />
                    <StatusBadge
                      value={p.status}
                      label={CLIENT_PERSON_STATUS_LABELS[p.status]}
                      tone={CLIENT_PERSON_STATUS_TONES[p.status]}
                    />
                    <span className="text-xs text-muted">
                      {p.lastSignInAt ? <RelativeTime value={p.lastSignInAt} prefix="Last sign-in " /> : "Never signed in"}
                      {p.lastSignInAt && p.lastSignInMethod ? ` (${SIGN_IN_METHOD_LABELS[p.lastSignInMethod]})` : null}
                    </span>
                    {p.joinedThroughSso ? <span className="text-xs text-muted">· Joined through single sign-on</span> : null}
                  </div>
                </div>
                {readOnly || p.status === "deactivated" ? null : (
                  <div className="flex flex-wrap gap-2">
                    {p.status === "invited" ? (
                      <>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={isBusy}
                          aria-label={`Resend invitation to ${p.name}`}
                          onClick={() =>
                            run(`resend:${p.userId}`, () => actions.resend(p.userId), {
                              done: ({ mailConfigured }) =>
                                mailConfigured
                                  ? `A new invitation was sent to ${p.email}.`
                                  : unmailedInvitation(p.email, "A new invitation"),
                            })
                          }
                        >
                          Resend invitation
                        </Button>
                        <Button
                          size="sm"
                          variant="secondary"
                          disabled={isBusy}
                          aria-label={`Revoke invitation of ${p.name}`}
                          onClick={() =>
                            change(`revoke:${p.userId}`, () => actions.revoke(p.userId), `The invitation of ${p.email} was revoked.`)
                          }
                        >
                          Revoke invitation
                        </Button>
                      </>
                    ) : (
                      <>
                        {onlyOwner ? (
                          <p className="max-w-xs text-xs text-muted">
                            The only owner: make someone else an owner before changing this role.
                          </p>
                        ) : (
                          <>
                            <Button
                              size="sm"
                              variant="secondary"
                              disabled={isBusy}
                              aria-label={p.role === "owner" ? `Make member: ${p.name}` : `Make owner: ${p.name}`}
                              onClick={() => {
                                const role: ClientPersonRole = p.role === "owner" ? "member" : "owner";
                                change(
                                  `role:${p.userId}`,
                                  () => actions.changeRole(p.userId, role),
                                  `${p.name} is now ${role === "owner" ? "an owner" : "a member"}.`,
                                );
                              }}
                            >
                              {p.role === "owner" ? "Make member" : "Make owner"}
                            </Button>
                            <Button
                              size="sm"
                              variant="danger"
                              disabled={isBusy}
                              aria-label={`Remove ${p.name}`}
                              onClick={() => setRemoving(p)}
                            >
                              Remove
                            </Button>
                          </>
                        )}
                        {actions.resetTwoFactor && p.twoFactorEnabled ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={isBusy}
                            aria-label={`Reset two-factor of ${p.name}`}
                            onClick={() => setResetting(p)}
                          >
                            Reset two-factor
                          </Button>
                        ) : null}
                      </>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {inviting ? (
        <InvitePersonDialog
          invite={actions.invite}
          onClose={() => setInviting(false)}
          onInvited={(email, mailConfigured, linkShown) =>
            mailConfigured
              ? show(`Invitation sent to ${email}.`, 4000, "success")
              : linkShown
                ? show(`Invitation for ${email} ready. ${MAIL_NOT_CONFIGURED_MESSAGE}`, 6000, "error")
                : show(unmailedInvitation(email, "The invitation"), 6000, "error")
          }
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          description="They are signed out at once and can no longer sign in. Their messages and the history keep their name."
          confirmLabel="Remove"
          busyLabel="Removing..."
          send={() => actions.remove(removing.userId)}
          onClose={() => setRemoving(null)}
          onDone={() => show(`${removing.name} was removed and signed out.`, 4000, "success")}
        />
      ) : null}
      {resetting && actions.resetTwoFactor ? (
        <ConfirmDialog
          title={`Reset two-factor of ${resetting.name}?`}
          description="This turns off their two-factor sign-in, deletes their authenticator secret and backup codes, and signs them out everywhere. They are e-mailed."
          confirmLabel="Reset two-factor"
          busyLabel="Resetting..."
          send={() => actions.resetTwoFactor!(resetting.userId)}
          onClose={() => setResetting(null)}
          onDone={() => show(`Two-factor sign-in of ${resetting.name} was reset. They have been e-mailed.`, 5000, "success")}
        />
      ) : null}
      <Toast toast={toast} />
    </Card>
  );
}
