import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { siteConfig } from "@/config/site";
import type { ClientPersonRole, ClientPersonStatus } from "@/lib/domain/client-person";
import type { SignInMethod } from "@/lib/domain/sign-in-method";
import type { InvitePerson } from "@/features/clients/validation";
import { type Actor, assertClient, type ClientActor } from "@/server/core/actor";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { clientPeople, clients } from "./schema";
import { uniqueViolationOf } from "@/server/core/db/unique-violation";
import { AppError } from "@/server/core/errors";
import { getMailTransport } from "@/server/core/mail/mailer";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { layoutMail, type RenderedMail } from "@/server/core/mail/templates";
import { withdrawInvitationLinks } from "@/features/identity/server";
import {
  clearCredentialsForInvitation,
  createCredentialUser,
  deleteUsers,
  endSessionsOf,
  findUserByEmail,
  userFacts,
} from "@/features/identity/server";
import { recordAudit } from "@/features/audit/server";
import { INVITE_TOKEN_DAYS, type InvitationLink, withInvitationLink } from "./invitation-link";
import { limitInvitation } from "./invitation-limits";

// The people of a client company (docs/PRODUCT.md#portal-team): the owners' Team card and the
// admin's client page share these functions. A client actor acts on its own company only, and
// only as an owner; an admin names the company.

export type TeamPerson = {
  userId: string;
  name: string;
  email: string;
  role: ClientPersonRole;
  status: ClientPersonStatus;
  lastSignInAt: Date | null;
  /** How that sign-in was made (null before the first, or before it was recorded). */
  lastSignInMethod: SignInMethod | null;
  /** Made a member at a first sign-in through the company's identity provider, not invited. */
  joinedThroughSso: boolean;
};

/** The same words whether the address is another company's, an admin's, or a colleague's: nothing is revealed. */
export const EMAIL_IN_USE_MESSAGE = "This e-mail address cannot be invited. Use another address, or ask us for help.";
export const LAST_OWNER_MESSAGE = "A company keeps at least one active owner. Make someone else an owner first.";

/** The company this actor may manage the people of: its own as an owner, any as an admin. */
export function companyOf(actor: Actor, clientId?: string): string {
  if (actor.role === "admin") {
    if (!clientId) throw new AppError("bad_request", "Client is required");
    return clientId;
  }
  assertClient(actor);
  if (actor.viewer) throw new AppError("forbidden", "Read-only view: changes cannot be made while viewing a client's portal.");
  if (actor.personRole !== "owner") throw new AppError("forbidden", "Only an owner of your company can do this.");
  return actor.clientId;
}

export async function listTeam(db: DbOrTx, { actor, clientId }: { actor: Actor; clientId?: string }): Promise<TeamPerson[]> {
  // Reading the list: owners, admins, and a viewing admin (who sees what an owner sees).
  const company = actor.role === "admin" ? companyOf(actor, clientId) : readableCompany(actor);
  const users = userFacts(db);
  return db
    .select({
      userId: clientPeople.userId,
      name: users.name,
      email: users.email,
      role: clientPeople.role,
      status: clientPeople.status,
      lastSignInAt: users.lastSignInAt,
      lastSignInMethod: users.lastSignInMethod,
      joinedThroughSso: clientPeople.joinedThroughSso,
    })
    .from(clientPeople)
    .innerJoin(users, eq(users.userId, clientPeople.userId))
    .where(eq(clientPeople.clientId, company))
    .orderBy(
      sql`case ${clientPeople.status} when 'active' then 0 when 'invited' then 1 else 2 end`,
      asc(clientPeople.createdAt),
      asc(clientPeople.userId),
    );
}

function readableCompany(actor: ClientActor): string {
  if (!actor.viewer && actor.personRole !== "owner") throw new AppError("forbidden", "Only an owner of your company can do this.");
  return actor.clientId;
}

export function teamInvitationMail(opts: { name: string; company: string; invitedBy: string; url: string }): Promise<RenderedMail> {
  return layoutMail({
    subject: `You're invited to ${opts.company} in the ${siteConfig.name} client portal`,
    paragraphs: [
      `Hello ${opts.name},`,
      `${opts.invitedBy} invited you to ${opts.company} in the ${siteConfig.name} client portal, where you can follow the company's projects, invoices, rates and documents.`,
      `Choose your password with the link below. It expires in ${INVITE_TOKEN_DAYS} days and can be used once; if it has expired, ask to be invited again.`,
    ],
    action: { label: "Set your password", url: opts.url },
  });
}

async function companyName(db: DbOrTx, clientId: string): Promise<string> {
  const [row] = await db.select({ company: clients.company }).from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!row) throw new AppError("not_found", "Client not found");
  return row.company;
}

/**
 * Invites a person: their user (no password), the person (invited), the invitation mail and the
 * audit entry in one transaction with the invitation link (withInvitationLink). An address already
 * in use anywhere is refused with one message, except a person this company removed: they are
 * invited again (reinvitePerson).
 */
export async function invitePerson(
  db: Db,
  { actor, clientId, input }: { actor: Actor; clientId?: string; input: InvitePerson },
): Promise<{ userId: string; inviteUrl: string; expiresAt: Date; mailConfigured: boolean }> {
  const company = companyOf(actor, clientId);
  // Counted before anything else, a refused address included: each try may be a mail.
  await limitInvitation(db, { actor, company });
  const email = input.email.toLowerCase();
  const inUse = new AppError("conflict", EMAIL_IN_USE_MESSAGE, { fieldErrors: { email: EMAIL_IN_USE_MESSAGE } });
  const existing = await findUserByEmail(db, email);
  if (existing) return reinvitePerson(db, { actor, company, userId: existing.id, email, input, inUse });
  const userId = randomUUID();
  try {
    return await sendInvitation(db, { actor, company, userId, email, input }, async (tx) => {
      if (await findUserByEmail(tx, email)) throw inUse;
      await createCredentialUser(tx, { id: userId, email, name: input.name, role: "client" });
      await tx
        .insert(clientPeople)
        .values({ userId, clientId: company, role: input.role, status: "invited", addedByAdmin: actor.role === "admin" });
      return null;
    });
  } catch (error) {
    // Two invitations of one address at once: the unique index decides, with the check's message.
    if (!(error instanceof AppError) && uniqueViolationOf(error) !== null) throw inUse;
    throw error;
  }
}

/**
 * Invites again a person this company removed: the same user and person, invited once more (their
 * messages and history keep one name), with fresh credentials to choose through the invitation.
 * Anyone else with that address (another company's person, an admin, an active colleague) is
 * refused with the one message that reveals nothing.
 */
async function reinvitePerson(
  db: Db,
  {
    actor,
    company,
    userId,
    email,
    input,
    inUse,
  }: { actor: Actor; company: string; userId: string; email: string; input: InvitePerson; inUse: AppError },
): Promise<{ userId: string; inviteUrl: string; expiresAt: Date; mailConfigured: boolean }> {
  // Checked before a token is made, so a refused call leaves nothing behind; checked again, locked, below.
  const [known] = await db
    .select({ status: clientPeople.status })
    .from(clientPeople)
    .where(and(eq(clientPeople.clientId, company), eq(clientPeople.userId, userId)));
  if (known?.status !== "deactivated") throw inUse;
  return sendInvitation(db, { actor, company, userId, email, input }, async (tx, link) => {
    const person = await lockPerson(tx, company, userId);
    if (person.status !== "deactivated") throw inUse;
    await clearCredentialsForInvitation(tx, { userId, name: input.name, keepLink: link.verificationId });
    await tx
      .update(clientPeople)
      .set({ status: "invited", role: input.role, addedByAdmin: actor.role === "admin" })
      .where(eq(clientPeople.userId, userId));
    return { userId, name: person.name, email, role: person.role, status: "deactivated" };
  });
}

/**
 * The invitation both ways share: `admit` makes the person invited (and answers what the audit
 * entry shows before), then the mail and the audit entry, all in one transaction with the link.
 */
async function sendInvitation(
  db: Db,
  { actor, company, userId, email, input }: { actor: Actor; company: string; userId: string; email: string; input: InvitePerson },
  admit: (tx: DbOrTx, link: InvitationLink) => Promise<Record<string, unknown> | null>,
): Promise<{ userId: string; inviteUrl: string; expiresAt: Date; mailConfigured: boolean }> {
  const companyLabel = await companyName(db, company);
  const { link } = await withInvitationLink(db, userId, async (tx, fresh) => {
    const { url, expiresAt } = fresh;
    const before = await admit(tx, fresh);
    await enqueueTeamInvitation(tx, { to: email, name: input.name, company: companyLabel, invitedBy: actor.name, url, expiresAt });
    await recordAudit(tx, {
      actor,
      action: "client.person.invite",
      entityType: "client",
      entityId: company,
      before,
      after: { userId, name: input.name, email, role: input.role, status: "invited", invitationExpiresAt: expiresAt.toISOString() },
    });
  });
  // Without outgoing mail the invitation only waits in the outbox: an admin is told to hand the link on.
  return { userId, inviteUrl: link.url, expiresAt: link.expiresAt, mailConfigured: getMailTransport() !== null };
}

async function enqueueTeamInvitation(
  tx: DbOrTx,
  {
    to,
    name,
    company,
    invitedBy,
    url,
    expiresAt,
  }: { to: string; name: string; company: string; invitedBy: string; url: string; expiresAt: Date },
) {
  await enqueueEmail(tx, {
    to,
    kind: "client_invitation",
    secretLinkExpiresAt: expiresAt,
    ...(await teamInvitationMail({ name, company, invitedBy, url })),
  });
}

/** The person of this company, locked for the change; another company's person answers like a missing one. */
async function lockPerson(tx: DbOrTx, clientId: string, userId: string) {
  const users = userFacts(tx);
  const [row] = await tx
    .select({ userId: clientPeople.userId, role: clientPeople.role, status: clientPeople.status, name: users.name, email: users.email })
    .from(clientPeople)
    .innerJoin(users, eq(users.userId, clientPeople.userId))
    .where(and(eq(clientPeople.clientId, clientId), eq(clientPeople.userId, userId)))
    .for("update", { of: clientPeople });
  if (!row) throw new AppError("not_found", "Person not found");
  return row;
}

/**
 * Whether another active owner remains when this one stops being one. The company's owner rows are
 * locked first, so two owners demoting each other at once cannot both succeed.
 */
async function assertAnotherOwner(tx: DbOrTx, clientId: string, userId: string): Promise<void> {
  const owners = await tx
    .select({ userId: clientPeople.userId })
    .from(clientPeople)
    .where(and(eq(clientPeople.clientId, clientId), eq(clientPeople.role, "owner"), eq(clientPeople.status, "active")))
    .for("update");
  if (!owners.some((o) => o.userId !== userId)) throw new AppError("conflict", LAST_OWNER_MESSAGE);
}

export async function changePersonRole(
  db: Db,
  { actor, clientId, userId, role }: { actor: Actor; clientId?: string; userId: string; role: ClientPersonRole },
): Promise<{ role: ClientPersonRole }> {
  const company = companyOf(actor, clientId);
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, company, userId);
    if (person.role === role) return { role };
    if (person.role === "owner" && person.status === "active") await assertAnotherOwner(tx, company, userId);
    await tx.update(clientPeople).set({ role }).where(eq(clientPeople.userId, userId));
    await recordAudit(tx, {
      actor,
      action: "client.person.role",
      entityType: "client",
      entityId: company,
      before: { userId, name: person.name, role: person.role },
      after: { userId, name: person.name, role },
    });
    return { role };
  });
}

/**
 * Removes a person: they can no longer sign in and their sessions end at once; the user stays, so
 * their messages and audit entries keep their name. An invitation not yet accepted is revoked
 * instead (revokeInvitation).
 */
export async function removePerson(db: Db, { actor, clientId, userId }: { actor: Actor; clientId?: string; userId: string }) {
  const company = companyOf(actor, clientId);
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, company, userId);
    if (person.status === "deactivated") return { status: person.status };
    if (person.role === "owner" && person.status === "active") await assertAnotherOwner(tx, company, userId);
    await tx.update(clientPeople).set({ status: "deactivated" }).where(eq(clientPeople.userId, userId));
    await endSessionsOf(tx, [userId]);
    await recordAudit(tx, {
      actor,
      action: "client.person.remove",
      entityType: "client",
      entityId: company,
      before: { userId, name: person.name, email: person.email, role: person.role, status: person.status },
      after: { userId, name: person.name, email: person.email, role: person.role, status: "deactivated" },
    });
    return { status: "deactivated" as const };
  });
}

/** Withdraws an invitation not yet accepted: the invited user and its links are gone. */
export async function revokeInvitation(db: Db, { actor, clientId, userId }: { actor: Actor; clientId?: string; userId: string }) {
  const company = companyOf(actor, clientId);
  return db.transaction(async (tx) => {
    const person = await lockPerson(tx, company, userId);
    if (person.status !== "invited") throw new AppError("conflict", "Only an invitation that has not been accepted can be revoked.");
    if (person.role === "owner") await assertAnotherOwner(tx, company, userId);
    // Its links then say the invitation was withdrawn, whether the user stays or goes.
    await withdrawInvitationLinks(tx, userId);
    const users = userFacts(tx);
    const [history] = await tx.select({ lastSignInAt: users.lastSignInAt }).from(users).where(eq(users.userId, userId));
    if (history?.lastSignInAt) {
      // A removed person invited again: they are removed once more, and the user (with the
      // name their messages and history show) stays.
      await tx.update(clientPeople).set({ status: "deactivated" }).where(eq(clientPeople.userId, userId));
    } else {
      // The user has never signed in: nothing of theirs is kept. Their withdrawn token stays in
      // the verification store, naming no user, until it expires (retention then removes it).
      await deleteUsers(tx, [userId]);
    }
    await recordAudit(tx, {
      actor,
      action: "client.person.revoke_invitation",
      entityType: "client",
      entityId: company,
      before: { userId, name: person.name, email: person.email, role: person.role, status: "invited" },
      after: null,
    });
    return { revoked: true as const };
  });
}

/** Sends a new invitation link to a person who has not accepted yet (the old link still works until it expires). */
export async function resendInvitation(db: Db, { actor, clientId, userId }: { actor: Actor; clientId?: string; userId: string }) {
  const company = companyOf(actor, clientId);
  const companyLabel = await companyName(db, company);
  // Checked before a token is made, so a refused call leaves nothing behind; checked again, locked, below.
  const [known] = await db
    .select({ status: clientPeople.status })
    .from(clientPeople)
    .where(and(eq(clientPeople.clientId, company), eq(clientPeople.userId, userId)));
  if (!known) throw new AppError("not_found", "Person not found");
  if (known.status !== "invited") throw new AppError("conflict", "This person has already accepted the invitation.");
  await limitInvitation(db, { actor, company, resendTo: userId });
  const { link } = await withInvitationLink(db, userId, async (tx, { url, expiresAt }) => {
    const person = await lockPerson(tx, company, userId);
    if (person.status !== "invited") throw new AppError("conflict", "This person has already accepted the invitation.");
    await enqueueTeamInvitation(tx, { to: person.email, name: person.name, company: companyLabel, invitedBy: actor.name, url, expiresAt });
    await recordAudit(tx, {
      actor,
      action: "client.person.resend_invitation",
      entityType: "client",
      entityId: company,
      before: null,
      after: { userId, email: person.email, invitationExpiresAt: expiresAt.toISOString() },
    });
  });
  // Without outgoing mail the new invitation only waits in the outbox: the screen says so.
  return { expiresAt: link.expiresAt, mailConfigured: getMailTransport() !== null };
}
