import "server-only";
import { eq } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import type { Actor } from "@/server/core/actor";
import { type DbOrTx, getDb } from "@/server/core/db/client";
import { user } from "@/features/identity/server/schema";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { layoutMail } from "@/server/core/mail/templates";
import { recordAudit } from "@/features/audit/server";
import { newResetToken } from "../password/reset";
import { checkPassword } from "../second-factor/two-factor";
import { getAuth } from "../auth";
import { findUserByEmail } from "../users";

// A new sign-in e-mail (docs/PRODUCT.md#portal-settings). Our own flow rather than better-auth's
// changeEmail: its link signs a browser in without the second factor when no session is open, and
// its token (a signed JWT) cannot be withdrawn. Here the request takes the current password, the
// link (one use, 1 hour, stored hashed like a reset token) goes to the new address, and the change
// happens only when someone opens it and confirms.

export const EMAIL_CHANGE_HOURS = 1;
const identifierOf = (token: string) => `change-email:${token}`;

export const EMAIL_CHANGE_MESSAGES = {
  same: "That is already your sign-in e-mail.",
  invalidLink: "This link is invalid or has expired. Ask for a new one in your settings.",
  taken: "This e-mail address cannot be used. Use another address, or ask us for help.",
} as const;

type Pending = { userId: string; from: string; to: string };

/**
 * Asks for a new sign-in e-mail: the current password, then a confirmation link mailed to the new
 * address. An address someone else already uses gets the same answer and no mail: the answer
 * reveals nothing about who has an account.
 */
export async function requestEmailChange(
  db: DbOrTx,
  { actor, newEmail, currentPassword }: { actor: Actor; newEmail: string; currentPassword: string },
): Promise<{ sentTo: string }> {
  if (actor.role === "client" && actor.viewer)
    throw new AppError("forbidden", "Read-only view: changes cannot be made while viewing a client's portal.");
  const to = newEmail.trim().toLowerCase();
  await checkPassword(actor.userId, currentPassword);
  if (to === actor.email.toLowerCase())
    throw new AppError("bad_request", EMAIL_CHANGE_MESSAGES.same, { fieldErrors: { newEmail: EMAIL_CHANGE_MESSAGES.same } });
  if (await findUserByEmail(db, to)) return { sentTo: to };
  const token = newResetToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_HOURS * 60 * 60 * 1000);
  const pending: Pending = { userId: actor.userId, from: actor.email, to };
  const ctx = await getAuth().$context;
  await ctx.internalAdapter.createVerificationValue({ identifier: identifierOf(token), value: JSON.stringify(pending), expiresAt });
  const url = `${serverEnv().appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  const mail = await layoutMail({
    subject: `Confirm your new ${siteConfig.name} sign-in e-mail`,
    paragraphs: [
      `Hello ${actor.name || actor.email},`,
      `You asked to sign in to ${siteConfig.name} with this address instead of ${actor.email}. Nothing changes until you confirm with the link below.`,
      `The link expires in ${EMAIL_CHANGE_HOURS} hour and can be used once. If you did not ask for this, ignore this message.`,
    ],
    action: { label: "Confirm this e-mail", url },
  });
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, { to, kind: "email_change", secretLinkExpiresAt: expiresAt, ...mail });
    await recordAudit(tx, {
      actor,
      action: "account.email_change_requested",
      entityType: "user",
      entityId: actor.userId,
      clientId: actor.role === "client" ? actor.clientId : null,
      after: { newEmail: to },
    });
  });
  return { sentTo: to };
}

async function findPending(token: string): Promise<Pending | null> {
  const ctx = await getAuth().$context;
  const record = await ctx.internalAdapter.findVerificationValue(identifierOf(token));
  if (!record || record.expiresAt.getTime() <= Date.now()) return null;
  try {
    return JSON.parse(record.value) as Pending;
  } catch {
    return null;
  }
}

/** What the confirmation page shows before anyone clicks: the new address, or an invalid link. */
export async function emailChangeState(token: string): Promise<{ newEmail: string } | null> {
  if (!/^[A-Za-z0-9]{32}$/.test(token)) return null;
  const pending = await findPending(token);
  return pending ? { newEmail: pending.to } : null;
}

/**
 * Confirms a new sign-in e-mail with its link: used once, refused when the address was taken since
 * or the account's address changed meanwhile. The old address is told.
 */
export async function confirmEmailChange(token: string): Promise<{ email: string }> {
  const pending = await findPending(token);
  if (!pending) throw new AppError("bad_request", EMAIL_CHANGE_MESSAGES.invalidLink);
  const ctx = await getAuth().$context;
  await ctx.internalAdapter.deleteVerificationByIdentifier(identifierOf(token));
  const mail = await layoutMail({
    subject: `Your ${siteConfig.name} sign-in e-mail was changed`,
    paragraphs: [`Your account now signs in with ${pending.to} instead of this address.`, "If you did not do this, contact us at once."],
  });
  const db = getDb();
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ email: user.email }).from(user).where(eq(user.id, pending.userId)).for("update").limit(1);
    if (!current || current.email !== pending.from) throw new AppError("bad_request", EMAIL_CHANGE_MESSAGES.invalidLink);
    if (await findUserByEmail(tx, pending.to)) throw new AppError("conflict", EMAIL_CHANGE_MESSAGES.taken);
    await tx.update(user).set({ email: pending.to, emailVerified: true }).where(eq(user.id, pending.userId));
    await recordAudit(tx, {
      actor: { userId: pending.userId },
      action: "account.email_changed",
      entityType: "user",
      entityId: pending.userId,
      before: { email: pending.from },
      after: { email: pending.to },
    });
    await enqueueEmail(tx, { to: pending.from, kind: "email_changed", ...mail });
  });
  return { email: pending.to };
}
