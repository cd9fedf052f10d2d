import "server-only";
import type { Actor } from "@/server/core/actor";
import type { DbOrTx } from "@/server/core/db/client";
import { enforceRateLimit, type RateRule } from "@/server/core/rate-limit";

// Every invitation is a mail the firm sends to an address someone typed (docs/PRODUCT.md#portal-team):
// without a limit, one owner's session could make the firm's mail server a spam source.
export const INVITATION_LIMITS = {
  // Invitations and resends together, per owner sending them.
  perSender: { windowSeconds: 60 * 60, max: 20 },
  // The same per admin, new clients included: higher, since onboarding a batch of clients (or a
  // company's whole team) is the firm's work, yet bounded, since a stolen admin session could
  // otherwise mail anyone.
  perAdmin: { windowSeconds: 60 * 60, max: 100 },
  // Per company, whichever of its owners sends them.
  perCompany: { windowSeconds: 60 * 60, max: 20 },
  // A resend to one address: a mail that has just gone needs no second one.
  resendPerAddress: { windowSeconds: 5 * 60, max: 1 },
} as const satisfies Record<string, RateRule>;

export const INVITATION_LIMIT_MESSAGES = {
  perSender: (wait: string) => `You have sent too many invitations. Please wait ${wait} and try again.`,
  perCompany: (wait: string) => `Too many invitations have been sent for this company. Please wait ${wait} and try again.`,
  resendPerAddress: (wait: string) => `An invitation was sent to this address a moment ago. Please wait ${wait} before sending another.`,
};

/**
 * Counts one invitation mail (a new invitation, a removed person invited again, a resend, a new
 * client) and throws a 429 AppError naming the limit when it is over one. An owner's count also
 * goes to the company's budget; an admin's only to their own (the firm acting for the company
 * should not be stopped by what its owners sent). `resendTo` (the invited person's user id, whose
 * address the resend goes to) adds the per-address resend limit.
 */
export async function limitInvitation(db: DbOrTx, { actor, company, resendTo }: { actor: Actor; company?: string; resendTo?: string }) {
  if (resendTo) {
    await enforceRateLimit(db, `invite:resend:${resendTo}`, INVITATION_LIMITS.resendPerAddress, INVITATION_LIMIT_MESSAGES.resendPerAddress);
  }
  const senderRule = actor.role === "admin" ? INVITATION_LIMITS.perAdmin : INVITATION_LIMITS.perSender;
  await enforceRateLimit(db, `invite:sender:${actor.userId}`, senderRule, INVITATION_LIMIT_MESSAGES.perSender);
  if (company && actor.role !== "admin") {
    await enforceRateLimit(db, `invite:company:${company}`, INVITATION_LIMITS.perCompany, INVITATION_LIMIT_MESSAGES.perCompany);
  }
}
