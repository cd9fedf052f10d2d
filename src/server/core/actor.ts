import "server-only";
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
  /** Set when an admin views this client's portal read only (docs/PRODUCT.md#admin-view-as-client). */
  viewer?: { adminUserId: string; adminEmail: string };
};
export type Actor = AdminActor | ClientActor;

/** Module functions call this on the actor they were given, so a wrong call site fails loudly. */
export function assertAdmin(actor: Actor): asserts actor is AdminActor {
  if (actor.role !== "admin") throw new AppError("forbidden", "Access denied. Admins only.");
}

export function assertClient(actor: Actor): asserts actor is ClientActor {
  if (actor.role !== "client") throw new AppError("forbidden", "Access denied. Please use the admin portal.");
}

/** What every client write answers while an admin views a portal. */
export const READ_ONLY_VIEW_MESSAGE = "Read-only view: changes cannot be made while viewing a client's portal.";
