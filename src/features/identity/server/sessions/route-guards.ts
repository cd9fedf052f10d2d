import "server-only";
import { headers } from "next/headers";
import type { z } from "zod";
import type { $ZodType } from "zod/v4/core";
import type { Actor, AdminActor, ClientActor } from "@/server/core/actor";
import { action, guardedRoute, type Handler } from "@/server/core/handler";
import { requireAccountActor, requireAdmin, requireClient, requireClientOrViewer } from "./session";

// The guarded entry points: every route handler and server action of a signed-in area is one of
// these, so each checks the session itself (a layout check is not enough). The wrappers (same
// origin, validation, the one error mapping, mail after the answer) are the core's.

/** Route handler for admins only: 401 without a session, 403 for any other role. */
export const withAdmin = (handler: Handler<AdminActor>) => guardedRoute(requireAdmin, handler);
/**
 * Route handler for clients only; the actor carries the client id of the session. Refused while an
 * admin views a client's portal (read only), so every client write is refused then.
 */
export const withClient = (handler: Handler<ClientActor>) => guardedRoute(requireClient, handler);
/** A client route that only reads: also open to an admin viewing that client's portal (docs/PRODUCT.md#admin-view-as-client). */
export const withClientRead = (handler: Handler<ClientActor>) => guardedRoute(requireClientOrViewer, handler);

export const adminAction = <S extends $ZodType, T>(schema: S, fn: (actor: AdminActor, input: z.output<S>) => Promise<T>) =>
  action(() => requireAdmin(), schema, fn);
/** A client's action; refused while an admin views a client's portal (every client write is). */
export const clientAction = <S extends $ZodType, T>(schema: S, fn: (actor: ClientActor, input: z.output<S>) => Promise<T>) =>
  action(() => requireClient(), schema, fn);
/**
 * For a signed-in user's own account security (two-factor enrolment, passkeys, password, sessions),
 * from either area. The one admin guard that lets an admin without two-factor through: it is how
 * they enrol.
 */
export const accountAction = <S extends $ZodType, T>(schema: S, fn: (actor: Actor, input: z.output<S>, headers: Headers) => Promise<T>) =>
  action(
    async () => {
      const h = new Headers(await headers());
      return { actor: await requireAccountActor(h), headers: h };
    },
    schema,
    ({ actor, headers: h }, input) => fn(actor, input, h),
  );
/** A client action that only reads: also open to an admin viewing that client's portal. */
export const clientReadAction = <S extends $ZodType, T>(schema: S, fn: (actor: ClientActor, input: z.output<S>) => Promise<T>) =>
  action(() => requireClientOrViewer(), schema, fn);
