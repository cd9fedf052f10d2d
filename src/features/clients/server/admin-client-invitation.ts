import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { siteConfig } from "@/config/site";
import type { createClientSchema } from "@/features/clients/validation";
import { type AdminActor, assertAdmin } from "@/server/core/actor";
import type { Db } from "@/server/core/db/client";
import { clientPeople, clients } from "./schema";
import { uniqueViolationOf } from "@/server/core/db/unique-violation";
import { AppError } from "@/server/core/errors";
import { getMailTransport } from "@/server/core/mail/mailer";
import { enqueueEmail } from "@/server/core/mail/outbox";
import { layoutMail, type RenderedMail } from "@/server/core/mail/templates";
import { createCredentialUser, findUserByEmail } from "@/features/identity/server";
import { recordAudit } from "@/features/audit/server";
import { linkInquiryToClient } from "@/features/inquiries/server";
import { startClientRates } from "@/features/rates/server";
import { assertCompanyNameFree, companyTakenInstead } from "./company-names";
import { INVITE_TOKEN_DAYS, withInvitationLink } from "./invitation-link";
import { limitInvitation } from "./invitation-limits";

export function invitationMail(opts: { contactPerson: string; company: string; url: string }): Promise<RenderedMail> {
  return layoutMail({
    subject: `You're invited to the ${siteConfig.name} client portal`,
    paragraphs: [
      `Hello ${opts.contactPerson},`,
      `An account for ${opts.company} has been created in the ${siteConfig.name} client portal, where you can follow your projects, invoices, rates and documents.`,
      `Choose your password with the link below. It expires in ${INVITE_TOKEN_DAYS} days and can be used once; if it has expired, use "Forgot password" on the portal's login page.`,
    ],
    action: { label: "Set your password", url: opts.url },
  });
}

/**
 * Creates a client: its user (role client, no password yet), its clients row, the invitation mail in
 * the outbox and the audit entry in one transaction with the invitation link (withInvitationLink),
 * for a user id chosen here: a token left behind by a crash points at no user.
 */
export async function createClientWithInvitation(
  db: Db,
  { actor, input }: { actor: AdminActor; input: z.output<typeof createClientSchema> },
): Promise<{ clientId: string; userId: string; email: string; inviteUrl: string; expiresAt: Date; mailConfigured: boolean }> {
  assertAdmin(actor);
  // The new client's invitation is a mail like any other: it counts against the admin's budget.
  await limitInvitation(db, { actor });
  const email = input.email.toLowerCase();
  const duplicate = new AppError("conflict", "A user with this email already exists.", {
    fieldErrors: { email: "A user with this email already exists." },
  });

  if (await findUserByEmail(db, email)) throw duplicate;
  await assertCompanyNameFree(db, input.company);
  const userId = randomUUID();

  try {
    const { result, link } = await withInvitationLink(db, userId, async (tx, { url: inviteUrl, expiresAt }) => {
      if (await findUserByEmail(tx, email)) throw duplicate;
      await assertCompanyNameFree(tx, input.company);
      await createCredentialUser(tx, { id: userId, email, name: input.contactPerson, role: "client" });
      const [client] = await tx
        .insert(clients)
        .values({
          company: input.company,
          contactPerson: input.contactPerson,
          contactEmail: email,
          phone: input.phone,
          address: input.address,
        })
        .returning({ id: clients.id, company: clients.company, contactPerson: clients.contactPerson, joinedDate: clients.joinedDate });
      // The person the admin invites with the company is its first owner.
      await tx.insert(clientPeople).values({ userId, clientId: client!.id, role: "owner", status: "invited", addedByAdmin: true });
      // A new client starts with the firm's default rate cards (Settings), which the admin can then adjust.
      await startClientRates(tx, { clientId: client!.id });
      if (input.inquiryId) await linkInquiryToClient(tx, { actor, inquiryId: input.inquiryId, clientId: client!.id });
      await enqueueEmail(tx, {
        to: email,
        kind: "client_invitation",
        secretLinkExpiresAt: expiresAt,
        ...(await invitationMail({ contactPerson: input.contactPerson, company: input.company, url: inviteUrl })),
      });
      await recordAudit(tx, {
        actor,
        action: "client.create",
        entityType: "client",
        entityId: client!.id,
        before: null,
        after: {
          ...client,
          email,
          phone: input.phone,
          address: input.address,
          userId,
          invitationExpiresAt: expiresAt.toISOString(),
          inquiryId: input.inquiryId ?? null,
        },
      });
      return { clientId: client!.id, userId };
    });
    // Without outgoing mail the invitation only waits in the outbox: the admin must hand the link on.
    return { ...result, email, inviteUrl: link.url, expiresAt: link.expiresAt, mailConfigured: getMailTransport() !== null };
  } catch (error) {
    // Two admins inviting the same address or company at once: the unique index decides, with the
    // message the check would have given.
    const mapped = companyTakenInstead(error);
    if (mapped === error && uniqueViolationOf(error) !== null) throw duplicate;
    throw mapped;
  }
}
