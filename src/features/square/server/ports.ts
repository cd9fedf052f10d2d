import "server-only";
import { definePorts } from "@/server/core/ports";
import type { SQL, SQLWrapper } from "drizzle-orm";
import type { SubscriptionStatus } from "@/lib/domain/subscription-status";
import type { DbOrTx } from "@/server/core/db/client";

// Square sits below the subscriptions slice, which owns the subscription rows and the plans: what
// the sync, the webhook and the customer screens read and write of them comes through this port,
// which that slice fills and the app hands over at start (src/identity-ports.ts, from
// src/instrumentation.ts; the integration tests' setup). Each member is one statement, or SQL
// embedded in square's own, so no sync or screen runs more statements than before.

/** A subscription's state as Square reports it, mapped (subscription-sync.ts). */
export type SquareSubscriptionUpdate = {
  id: string;
  status: SubscriptionStatus;
  period_end: string | null;
  version: number | null;
  /** The plan variation Square bills now: a plan swapped at Square moves the row to that plan. */
  variation: string | null;
};

/** A subscription made in Square, as its row is created (createSubscriptionFromSquare). */
export type SquareSubscriptionRow = {
  clientId: string | null;
  squareCustomerId: string;
  squareSubscriptionId: string;
  tierId: string;
  status: SubscriptionStatus;
  periodEnd: string | null;
  version: number | null;
};

export type SquareSubscriptionsPort = {
  /** How many of the customer's subscriptions (`squareCustomerId`, the caller's column) belong to no client, as a sub-select. */
  unownedCountSql: (squareCustomerId: SQLWrapper) => SQL<number>;
  /** Whether one of them belongs to no client, as an exists. */
  hasUnownedSql: (squareCustomerId: SQLWrapper) => SQL<boolean>;
  /**
   * Subscriptions with no client get their customer's client (`linked`: the caller's subquery of
   * square_customer_id, client_id, client_id never null); an active one for a client that already
   * has an active one waits as pending.
   */
  assignToLinkedClients: (db: DbOrTx, linked: SQL) => Promise<void>;
  /** Applies Square's states to the rows carrying their ids, in one statement; how many changed. */
  applyUpdates: (db: DbOrTx, updates: SquareSubscriptionUpdate[]) => Promise<number>;
  /** The plan linked to this plan variation (an active one first), or null. */
  planOfVariation: (db: DbOrTx, variation: string) => Promise<string | null>;
  /** The client's pending request for this plan takes Square's subscription; false when it has none. */
  adoptPendingRequest: (
    db: DbOrTx,
    request: { clientId: string; tierId: string; squareSubscriptionId: string; squareCustomerId: string },
  ) => Promise<boolean>;
  /** Creates the row (an active one pending while its client has another active); nothing when it exists. */
  insertFromSquare: (db: DbOrTx, row: SquareSubscriptionRow) => Promise<void>;
};

export type SquarePorts = { subscriptions: SquareSubscriptionsPort };

const ports = definePorts<SquarePorts>("square");
/** Hands square its ports: once at start (src/instrumentation.ts) and in the integration tests' setup. */
export const provideSquarePorts = ports.provide;
/** The ports handed over at start; throws when none were (a start that skipped the wiring). */
export const squarePorts = ports.get;
