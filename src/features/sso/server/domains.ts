import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/server/core/db/client";
import { ssoDomains, ssoSettings } from "./schema";
import { AppError } from "@/server/core/errors";
import { uniqueViolationOf } from "@/server/core/db/unique-violation";
import { ssoVerifyRecordName, ssoVerifyRecordValue } from "@/lib/domain/sso";
import { txtRecords } from "./dns-txt";

export type SsoActor = { clientId: string; userId: string; name: string };

export const DOMAIN_TAKEN = (domain: string) => `${domain} is already verified by another company.`;
const NOT_FOUND = "Domain not found.";

export type SsoDomainView = { id: string; domain: string; recordName: string; recordValue: string; verifiedAt: Date | null };

/** A domain as the card shows it: the TXT record to publish, and whether it was found. */
export const domainView = (row: { id: string; domain: string; token: string; verifiedAt: Date | null }): SsoDomainView => ({
  id: row.id,
  domain: row.domain,
  recordName: ssoVerifyRecordName(row.domain),
  recordValue: ssoVerifyRecordValue(row.token),
  verifiedAt: row.verifiedAt,
});

async function verifiedElsewhere(db: DbOrTx, domain: string, clientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt), ne(ssoDomains.clientId, clientId)))
    .limit(1);
  return row !== undefined;
}

/** Claims a domain for the company: it does nothing until its TXT record is found. */
export async function addSsoDomain(db: DbOrTx, actor: SsoActor, domain: string): Promise<SsoDomainView> {
  if (await verifiedElsewhere(db, domain, actor.clientId))
    throw new AppError("conflict", DOMAIN_TAKEN(domain), { fieldErrors: { domain: DOMAIN_TAKEN(domain) } });
  try {
    const [row] = await db
      .insert(ssoDomains)
      .values({ clientId: actor.clientId, domain, token: randomBytes(18).toString("base64url"), createdByName: actor.name })
      .returning();
    return domainView(row!);
  } catch (error) {
    if (uniqueViolationOf(error) !== null) {
      const message = `${domain} is already on your list.`;
      throw new AppError("conflict", message, { fieldErrors: { domain: message } });
    }
    throw error;
  }
}

/**
 * Looks the domain's TXT record up and, when it carries the token, marks the domain verified. A
 * domain another company verified first stays theirs (the partial unique index decides a race).
 */
export async function verifySsoDomain(db: DbOrTx, actor: SsoActor, id: string): Promise<{ verified: boolean; message: string }> {
  const [row] = await db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.id, id), eq(ssoDomains.clientId, actor.clientId)))
    .limit(1);
  if (!row) throw new AppError("not_found", NOT_FOUND);
  if (row.verifiedAt) return { verified: true, message: `${row.domain} is verified.` };
  if (await verifiedElsewhere(db, row.domain, actor.clientId)) throw new AppError("conflict", DOMAIN_TAKEN(row.domain));
  let records: string[];
  try {
    records = await txtRecords(ssoVerifyRecordName(row.domain));
  } catch (error) {
    throw new AppError("bad_gateway", (error as Error).message);
  }
  if (!records.includes(ssoVerifyRecordValue(row.token))) {
    const message = records.length
      ? `The TXT record at ${ssoVerifyRecordName(row.domain)} does not carry this domain's value yet. DNS changes can take a while to appear.`
      : `No TXT record found at ${ssoVerifyRecordName(row.domain)} yet. DNS changes can take a while to appear.`;
    return { verified: false, message };
  }
  try {
    await db.update(ssoDomains).set({ verifiedAt: new Date() }).where(eq(ssoDomains.id, row.id));
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw new AppError("conflict", DOMAIN_TAKEN(row.domain));
    throw error;
  }
  return { verified: true, message: `${row.domain} is verified.` };
}

/**
 * Removes a domain. Its people can no longer sign in through the provider; with no verified
 * domain left, single sign-on goes off (nothing could use it).
 */
export async function removeSsoDomain(db: DbOrTx, actor: SsoActor, id: string): Promise<void> {
  const removed = await db
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.id, id), eq(ssoDomains.clientId, actor.clientId)))
    .returning({ id: ssoDomains.id });
  if (removed.length === 0) throw new AppError("not_found", NOT_FOUND);
  const left = await db
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.clientId, actor.clientId), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  if (left.length === 0) await db.update(ssoSettings).set({ mode: "off" }).where(eq(ssoSettings.clientId, actor.clientId));
}
