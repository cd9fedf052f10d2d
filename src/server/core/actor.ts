import "server-only";
import { FINDINGS_WITHHELD_MESSAGE, REPORTS_WITHHELD_MESSAGE } from "@/lib/domain/member-access";
import { AppError } from "./errors";

// Who is calling: made by the account module's guards from the session (never from input), and
// passed to every module function, which asserts the role it needs. Here, in the core, because
// every module takes it and the account module itself needs modules (audit) that take it too.

export type AdminActor = { role: "admin"; userId: string; email: string; name: string };
export type ClientActor = {
  role: "client";
  userId: string;
  email: string;
  name: string;
  clientId: string;
  company: string;
  /** The person's role in their company (docs/PRODUCT.md#portal-team); a viewing admin sees as an owner. */
  personRole: "owner" | "member";
  /** A member whose owners withheld Billing and the invoice export from members. */
  billingWithheld: boolean;
  /** A member whose owners withheld the engagement reports and evidence packs from members. */
  reportsWithheld: boolean;
  /** A member whose owners withheld the findings (their analytics, exports and mails) from members. */
  findingsWithheld: boolean;
  /** Set when an admin views this client's portal read only (docs/PRODUCT.md#admin-view-as-client). */
  viewer?: { adminUserId: string; adminEmail: string };
  /**
   * Set when a machine acts for the company, not a person: a company API token
   * (docs/PRODUCT.md#api-and-webhooks) or its ticket system (docs/PRODUCT.md#integrations).
   * `userId` then names no user.
   */
  machine?: { kind: "api-token" | "tracker"; id: string; name: string };
};
export type Actor = AdminActor | ClientActor;

/**
 * Who an actor is in a record of what they did (a download's row, the stamp on a report copy): the
 * firm for an admin, and for an admin viewing a portal (named by the admin's address, since the
 * record must show the firm's access, not the client's), else the client person themselves.
 */
export type RecordedPerson = { userId: string; personName: string; personEmail: string; side: "firm" | "client" };

export function recordedPersonOf(actor: Actor): RecordedPerson {
  if (actor.role === "client" && actor.viewer)
    return { userId: actor.viewer.adminUserId, personName: actor.viewer.adminEmail, personEmail: actor.viewer.adminEmail, side: "firm" };
  return {
    userId: actor.userId,
    personName: actor.name || actor.email,
    personEmail: actor.email,
    side: actor.role === "admin" ? "firm" : "client",
  };
}

/**
 * The user a record names as its author: null for a machine (an API token, a ticket system), which
 * is the company's and no person (its name is on the record instead).
 */
export const personIdOf = (actor: { userId: string; machine?: unknown }): string | null => (actor.machine ? null : actor.userId);

/** Module functions call this on the actor they were given, so a wrong call site fails loudly. */
export function assertAdmin(actor: Actor): asserts actor is AdminActor {
  if (actor.role !== "admin") throw new AppError("forbidden", "Access denied. Admins only.");
}

export function assertClient(actor: Actor): asserts actor is ClientActor {
  if (actor.role !== "client") throw new AppError("forbidden", "Access denied. Please use the admin portal.");
}

export const BILLING_WITHHELD_MESSAGE = "Billing is not available to you. Ask an owner of your company.";

/** Billing and the invoice export, refused to a member from whom the owners withheld them (docs/PRODUCT.md#portal-team). */
export function assertBillingVisible(actor: ClientActor): void {
  if (actor.billingWithheld) throw new AppError("forbidden", BILLING_WITHHELD_MESSAGE);
}

/** The reports and evidence packs, their downloads and their sharing, refused to a member from whom the owners withheld them. */
export function assertReportsVisible(actor: ClientActor): void {
  if (actor.reportsWithheld) throw new AppError("forbidden", REPORTS_WITHHELD_MESSAGE);
}

/** The findings, their retests, analytics and exports, refused to a member from whom the owners withheld them. */
export function assertFindingsVisible(actor: ClientActor): void {
  if (actor.findingsWithheld) throw new AppError("forbidden", FINDINGS_WITHHELD_MESSAGE);
}

/** What every client write answers while an admin views a portal. */
export const READ_ONLY_VIEW_MESSAGE = "Read-only view: changes cannot be made while viewing a client's portal.";

/** What a member gets for what only the company's owners may do or see (docs/PRODUCT.md#portal-team). */
export const OWNER_ONLY_MESSAGE = "Only an owner of your company can do this.";

/** Owner-only reads and writes of the portal (a viewing admin sees as an owner). */
export function assertClientOwner(actor: ClientActor): void {
  if (actor.personRole !== "owner") throw new AppError("forbidden", OWNER_ONLY_MESSAGE);
}
