import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { serialization, type Square } from "square";
import { z } from "zod";
import type { Db } from "../../db/client";
import { invoices, paymentProviderConnections, squareWebhookEvents } from "../../db/schema";
import { AppError } from "../../errors";
import { createSquareClient, SquareApiError } from "./client";
import { loadClientEmailIndex, recipientEmail } from "./client-matching";
import type { SquareConfig } from "./config";
import { PROVIDER, usableConnection } from "./connection";
import { invoiceRecipient, mapSquareInvoice } from "./invoice-mapping";
import { MoneyRangeError } from "./money";
import { upsertInvoices } from "./invoice-upsert";
import { fetchCustomerEmails } from "./square-fetch";
import { applySubscriptionUpdates } from "./subscription-sync";

// POST /api/square/webhook: Square's notifications, so invoices change without a manual sync.
// Authenticity is the HMAC signature; replays are refused by event id; invoice.* events go
// through the same mapping as the sync, subscription.* events update the matching rows.

/** base64(HMAC-SHA256(key, notificationUrl + rawBody)), compared in constant time. */
export function isValidSquareSignature(rawBody: string, signature: string | null, signatureKey: string, notificationUrl: string): boolean {
  if (!signature) return false;
  const expected = createHmac("sha256", signatureKey).update(notificationUrl + rawBody, "utf8").digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature, "base64");
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const eventSchema = z.object({
  event_id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  merchant_id: z.string().max(255).nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()).nullish() }).passthrough().nullish(),
});

export type WebhookOutcome = { received: true; applied: boolean; duplicate?: true; ignored?: string };

const parseOptions = {
  unrecognizedObjectKeys: "passthrough",
  allowUnrecognizedEnumValues: true,
  allowUnrecognizedUnionMembers: true,
} as const;

function parseObject<T>(schema: { parse: (raw: unknown, opts?: object) => { ok: true; value: T } | { ok: false } }, raw: unknown, what: string): T {
  const result = schema.parse(raw, parseOptions);
  if (!result.ok) throw new AppError("bad_request", `The event's ${what} is malformed.`);
  return result.value;
}

async function alreadyProcessed(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: squareWebhookEvents.eventId }).from(squareWebhookEvents).where(eq(squareWebhookEvents.eventId, eventId)).limit(1);
  return Boolean(row);
}

/** Records the event inside the transaction that applies it; false when another delivery won. */
async function claimEvent(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], eventId: string, type: string): Promise<boolean> {
  const claimed = await tx.insert(squareWebhookEvents).values({ eventId, eventType: type }).onConflictDoNothing().returning({ id: squareWebhookEvents.eventId });
  return claimed.length > 0;
}

/** Our client for a Square invoice: the existing row's client, else by the customer's email. */
async function clientForInvoice(db: Db, config: SquareConfig, invoice: Square.Invoice, squareInvoiceId: string): Promise<string | null> {
  const [existing] = await db.select({ clientId: invoices.clientId }).from(invoices).where(eq(invoices.squareInvoiceId, squareInvoiceId)).limit(1);
  if (existing) return existing.clientId;
  const recipient = invoiceRecipient(invoice);
  let customerEmail: string | null = null;
  if (recipient.customerId) {
    const connection = await usableConnection(db, config);
    const emails = await fetchCustomerEmails(createSquareClient(config, connection.accessToken), [recipient.customerId]);
    customerEmail = emails.get(recipient.customerId) ?? null;
  }
  const email = recipientEmail(customerEmail, recipient.email);
  return email ? ((await loadClientEmailIndex(db)).get(email) ?? null) : null;
}

async function applyInvoiceEvent(db: Db, config: SquareConfig, event: z.infer<typeof eventSchema>): Promise<WebhookOutcome> {
  const raw = event.data?.object?.invoice;
  if (!raw) return recordOnly(db, event, "no invoice in the event");
  const invoice = parseObject<Square.Invoice>(serialization.Invoice, raw, "invoice");
  let mapped;
  try {
    mapped = mapSquareInvoice(invoice);
  } catch (error) {
    if (error instanceof MoneyRangeError) throw new AppError("bad_request", "The event's invoice has an amount out of range.");
    throw error;
  }
  if (!mapped) return recordOnly(db, event, "draft invoice");
  const clientId = await clientForInvoice(db, config, invoice, mapped.squareInvoiceId);
  if (!clientId) return recordOnly(db, event, "no client matches the customer email");
  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, event.event_id, event.type))) return { received: true, applied: false, duplicate: true } as const;
    await upsertInvoices(tx, [{ ...mapped, clientId }]);
    return { received: true, applied: true } as const;
  });
}

async function applySubscriptionEvent(db: Db, event: z.infer<typeof eventSchema>): Promise<WebhookOutcome> {
  const raw = event.data?.object?.subscription;
  if (!raw) return recordOnly(db, event, "no subscription in the event");
  const subscription = parseObject<Square.Subscription>(serialization.Subscription, raw, "subscription");
  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, event.event_id, event.type))) return { received: true, applied: false, duplicate: true } as const;
    const updated = await applySubscriptionUpdates(tx, [subscription]);
    return updated > 0 ? ({ received: true, applied: true } as const) : ({ received: true, applied: false, ignored: "no matching subscription" } as const);
  });
}

async function recordOnly(db: Db, event: z.infer<typeof eventSchema>, reason: string): Promise<WebhookOutcome> {
  const claimed = await db.transaction((tx) => claimEvent(tx, event.event_id, event.type));
  return claimed ? { received: true, applied: false, ignored: reason } : { received: true, applied: false, duplicate: true };
}

/** Applies one verified notification. The caller has checked the signature over `rawBody`. */
export async function handleSquareEvent(db: Db, config: SquareConfig, rawBody: string): Promise<WebhookOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError("bad_request", "The event body must be valid JSON.");
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw new AppError("bad_request", "The event is missing event_id or type.");
  const event = parsed.data;
  if (await alreadyProcessed(db, event.event_id)) return { received: true, applied: false, duplicate: true };

  // Only the connected seller's events: a signature proves the sender is Square, not whose data it is.
  const [connection] = await db
    .select({ merchantId: paymentProviderConnections.merchantId })
    .from(paymentProviderConnections)
    .where(eq(paymentProviderConnections.provider, PROVIDER));
  if (!connection) return { received: true, applied: false, ignored: "Square is not connected" };
  if (event.merchant_id && event.merchant_id !== connection.merchantId) return { received: true, applied: false, ignored: "another merchant" };

  try {
    if (event.type.startsWith("invoice.")) return await applyInvoiceEvent(db, config, event);
    if (event.type.startsWith("subscription.")) return await applySubscriptionEvent(db, event);
  } catch (error) {
    // Square retries a failed delivery later; our answer says why it failed, without details.
    if (error instanceof SquareApiError) throw new AppError("unavailable", error.message);
    throw error;
  }
  return recordOnly(db, event, `event type ${event.type} is not used`);
}
