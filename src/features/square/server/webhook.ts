import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { serialization, type Square } from "square";
import { z } from "zod";
import { hasInvalidCharacter } from "@/lib/validation/common";
import type { Db, DbOrTx } from "@/server/core/db/client";
import { paymentProviderConnections, squareCustomers, squareWebhookEvents } from "./schema";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/features/audit/server";
import { squareInvoices } from "@/features/invoices/server";
import { createSquareClient } from "./client";
import { linkedClientsOf, recordSeenCustomers, settleCustomerLinks } from "./customer-links";
import type { SquareConfig } from "./config";
import { PROVIDER, usableConnection } from "./connection";
import { invoiceRecipient, mapSquareInvoice } from "./invoice-mapping";
import { MoneyRangeError } from "./money";
import { announceNewInvoices, sendPaidReceipts } from "./invoice-events";
import { type CustomerRecord, fetchCustomerRecords } from "./square-fetch";
import { applySubscriptionUpdates, createSubscriptionFromSquare, subscriptionProblem } from "./subscription-sync";

// POST /api/square/webhook: Square's notifications, so invoices change without a manual sync.
// Authenticity is the HMAC signature; replays are refused by event id; invoice.* events go
// through the same mapping as the sync, subscription.* events update the matching rows.

/** base64(HMAC-SHA256(key, notificationUrl + rawBody)), compared in constant time. */
export function isValidSquareSignature(rawBody: string, signature: string | null, signatureKey: string, notificationUrl: string): boolean {
  if (!signature) return false;
  const expected = createHmac("sha256", signatureKey)
    .update(notificationUrl + rawBody, "utf8")
    .digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature, "base64");
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Looked up and stored as text: a NUL or a lone surrogate would make PostgreSQL fail the query.
const storable = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((value) => !hasInvalidCharacter(value));

const eventSchema = z.object({
  event_id: storable(1, 255),
  type: storable(1, 100),
  merchant_id: storable(0, 255).nullish(),
  data: z
    .object({ object: z.record(z.string(), z.unknown()).nullish() })
    .passthrough()
    .nullish(),
});

export type WebhookOutcome = { received: true; applied: boolean; duplicate?: true; ignored?: string };

const parseOptions = {
  unrecognizedObjectKeys: "passthrough",
  allowUnrecognizedEnumValues: true,
  allowUnrecognizedUnionMembers: true,
} as const;

function parseObject<T>(
  schema: { parse: (raw: unknown, opts?: object) => { ok: true; value: T } | { ok: false } },
  raw: unknown,
  what: string,
): T {
  const malformed = () => new AppError("bad_request", `The event's ${what} is malformed.`);
  let result;
  try {
    result = schema.parse(raw, parseOptions);
  } catch {
    // The SDK's parser throws instead of reporting on some shapes (a "__proto__" key makes it
    // look up a schema that is not there): that is a malformed event, not a server fault.
    throw malformed();
  }
  if (!result.ok) throw malformed();
  return result.value;
}

async function alreadyProcessed(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: squareWebhookEvents.eventId })
    .from(squareWebhookEvents)
    .where(eq(squareWebhookEvents.eventId, eventId))
    .limit(1);
  return Boolean(row);
}

/** Records the event inside the transaction that applies it; false when another delivery won. */
async function claimEvent(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], eventId: string, type: string): Promise<boolean> {
  const claimed = await tx
    .insert(squareWebhookEvents)
    .values({ eventId, eventType: type })
    .onConflictDoNothing()
    .returning({ id: squareWebhookEvents.eventId });
  return claimed.length > 0;
}

/**
 * The customer's record at Square (current e-mail and name), read the first time we see the
 * customer, and again while we know it by no name.
 */
async function firstSightRecord(db: Db, config: SquareConfig, customerId: string): Promise<CustomerRecord | null> {
  const [known] = await db
    .select({ name: squareCustomers.displayName })
    .from(squareCustomers)
    .where(eq(squareCustomers.squareCustomerId, customerId))
    .limit(1);
  if (known?.name) return null;
  const connection = await usableConnection(db, config);
  const records = await fetchCustomerRecords(createSquareClient(config, connection.accessToken), [customerId]);
  const record = records.get(customerId) ?? null;
  // A known customer is read again for its name only: its stored e-mail stays what the sync saw.
  return known && record ? { email: null, name: record.name } : record;
}

async function applyInvoiceEvent(
  db: Db,
  config: SquareConfig,
  event: ParsedEvent["event"],
  mapped: MappedInvoice | null,
  invoice: Square.Invoice,
): Promise<WebhookOutcome> {
  if (!mapped) return recordOnly(db, event, "draft invoice");
  const recipient = invoiceRecipient(invoice);
  const customerId = recipient.customerId;
  if (!customerId) return recordOnly(db, event, "no Square customer on the invoice");
  const record = await firstSightRecord(db, config, customerId);
  const email = record?.email ?? recipient.email;
  const name = recipient.name ?? record?.name ?? null;
  // Same steps as the sync, for one customer: an existing invoice keeps its client, an older
  // version never overwrites a newer one, and a customer linked to no client leaves it unassigned.
  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, event.event_id, event.type))) return { received: true, applied: false, duplicate: true } as const;
    await recordSeenCustomers(tx, [{ squareCustomerId: customerId, name, email }]);
    const clientId = (await linkedClientsOf(tx, [customerId])).get(customerId) ?? null;
    const counts = await squareInvoices.upsert(tx, [{ ...mapped, squareCustomerId: customerId, clientId }]);
    await settleCustomerLinks(tx, null, [customerId]);
    await announceNewInvoices(tx);
    await sendPaidReceipts(tx, counts.paid);
    if (counts.created + counts.updated === 0)
      return { received: true, applied: false, ignored: "no newer version of the invoice" } as const;
    return { received: true, applied: true } as const;
  });
}

/**
 * Whether a subscription row carries this Square subscription id: the subscriptions module's
 * `squareSubscriptionKnown`, handed in by the webhook's route (that module reads this one).
 */
export type SquareSubscriptionKnown = (tx: DbOrTx, squareSubscriptionId: string) => Promise<boolean>;

async function applySubscriptionEvent(
  db: Db,
  event: ParsedEvent["event"],
  subscription: Square.Subscription,
  subscriptionKnown: SquareSubscriptionKnown,
): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, event.event_id, event.type))) return { received: true, applied: false, duplicate: true } as const;
    const updated = await applySubscriptionUpdates(tx, [subscription]);
    if (updated > 0) return { received: true, applied: true } as const;
    const known = await subscriptionKnown(tx, subscription.id ?? "");
    // Known and unchanged (or older): nothing to do. Unknown: Square's own, made there; created here.
    if (!known && (await createSubscriptionFromSquare(tx, subscription))) return { received: true, applied: true } as const;
    return {
      received: true,
      applied: false,
      ignored: known ? "no newer version of the subscription" : "no matching subscription",
    } as const;
  });
}

/**
 * The seller revoked the app at Square: the connection stays (so Settings can say what happened
 * and Reconnect keeps every link) but is marked revoked; no Square call is made until reconnected.
 */
async function markRevoked(db: Db, event: ParsedEvent["event"]): Promise<WebhookOutcome> {
  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, event.event_id, event.type))) return { received: true, applied: false, duplicate: true } as const;
    await tx.update(paymentProviderConnections).set({ revokedAt: new Date() }).where(eq(paymentProviderConnections.provider, PROVIDER));
    await recordAudit(tx, {
      actor: null,
      action: "square.revoked",
      entityType: "payment_provider_connection",
      entityId: PROVIDER,
      after: { merchantId: event.merchant_id ?? null },
    });
    return { received: true, applied: true } as const;
  });
}

async function recordOnly(db: Db, event: ParsedEvent["event"], reason: string): Promise<WebhookOutcome> {
  const claimed = await db.transaction((tx) => claimEvent(tx, event.event_id, event.type));
  return claimed ? { received: true, applied: false, ignored: reason } : { received: true, applied: false, duplicate: true };
}

type MappedInvoice = NonNullable<ReturnType<typeof mapSquareInvoice>>;

/** An event as far as it can be read without the database. */
export type ParsedEvent = {
  event: z.infer<typeof eventSchema>;
  invoice?: { raw: Square.Invoice; mapped: MappedInvoice | null };
  subscription?: Square.Subscription;
};

/**
 * Everything in an event that can be refused without the database: JSON, the envelope, and the
 * invoice or subscription inside it (a 400 naming what is malformed). Runs before any query.
 */
export function parseSquareEvent(rawBody: string): ParsedEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError("bad_request", "The event body must be valid JSON.");
  }
  const parsed = eventSchema.safeParse(json);
  if (!parsed.success) throw new AppError("bad_request", "The event is missing event_id or type.");
  const event = parsed.data;
  if (event.type.startsWith("invoice.") && event.data?.object?.invoice) {
    const raw = parseObject<Square.Invoice>(serialization.Invoice, event.data.object.invoice, "invoice");
    try {
      return { event, invoice: { raw, mapped: mapSquareInvoice(raw) } };
    } catch (error) {
      if (error instanceof MoneyRangeError) throw new AppError("bad_request", "The event's invoice has an amount out of range.");
      throw error;
    }
  }
  if (event.type.startsWith("subscription.") && event.data?.object?.subscription) {
    const subscription = parseObject<Square.Subscription>(serialization.Subscription, event.data.object.subscription, "subscription");
    const problem = subscriptionProblem(subscription);
    if (problem) throw new AppError("bad_request", problem);
    return { event, subscription };
  }
  return { event };
}

/**
 * Applies one verified notification. The caller has checked the signature over `rawBody`, and
 * hands in `subscriptionKnown` (the subscriptions module's `squareSubscriptionKnown`).
 */
export async function handleSquareEvent(
  db: Db,
  config: SquareConfig,
  rawBody: string,
  { subscriptionKnown }: { subscriptionKnown: SquareSubscriptionKnown },
): Promise<WebhookOutcome> {
  const { event, invoice, subscription } = parseSquareEvent(rawBody);
  if (await alreadyProcessed(db, event.event_id)) return { received: true, applied: false, duplicate: true };

  // Only the connected seller's events: a signature proves the sender is Square, not whose data it is.
  const [connection] = await db
    .select({ merchantId: paymentProviderConnections.merchantId })
    .from(paymentProviderConnections)
    .where(eq(paymentProviderConnections.provider, PROVIDER));
  if (!connection) return { received: true, applied: false, ignored: "Square is not connected" };
  if (event.merchant_id && event.merchant_id !== connection.merchantId)
    return { received: true, applied: false, ignored: "another merchant" };

  // A SquareApiError goes through the one error mapping (502 with Square's message): Square
  // retries a failed delivery later.
  if (event.type === "oauth.authorization.revoked") return markRevoked(db, event);
  if (event.type.startsWith("invoice.")) {
    return invoice ? applyInvoiceEvent(db, config, event, invoice.mapped, invoice.raw) : recordOnly(db, event, "no invoice in the event");
  }
  if (event.type.startsWith("subscription.")) {
    return subscription
      ? applySubscriptionEvent(db, event, subscription, subscriptionKnown)
      : recordOnly(db, event, "no subscription in the event");
  }
  return recordOnly(db, event, `event type ${event.type} is not used`);
}
