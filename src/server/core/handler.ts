import "server-only";
import { headers } from "next/headers";
import { after } from "next/server";
import type { z } from "zod";
import * as zcore from "zod/v4/core";
import { BODY_LIMITS, readTextLimited } from "./body-limit";
import { AppError, type ErrorBody, errorBodyOf, errorResponse } from "./errors";
import { assertSameOrigin } from "./same-origin";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type Handler<A> = (request: Request, ctx: { actor: A; params: Record<string, string | string[]> }) => Promise<Response>;

/** A route method as Next.js calls it. */
export type RouteMethod = (request: Request, context?: RouteContext) => Promise<Response>;

/**
 * A route method: same-origin check, the guard (which gives the actor, or throws), then the
 * handler, every error through the one mapping (mail it queued is sent by its job, see mail/outbox.ts).
 * The account module's withAdmin / withClient / withClientRead pass their session guards.
 */
export function guardedRoute<A>(guard: (h: Headers) => Promise<A>, handler: Handler<A>): RouteMethod {
  return async (request: Request, context?: RouteContext): Promise<Response> => {
    try {
      assertSameOrigin(request);
      const actor = await guard(request.headers);
      const params = context ? await context.params : {};
      return await handler(request, { actor, params });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/** Public route handler: still maps errors through the one mapping. */
export const withPublic = (handler: Handler<null>) => guardedRoute(async () => null, handler);

/**
 * Parses a JSON body with a shared schema; another content type is a 415, bad JSON or bad fields a
 * 400 with a message, a body over the limit a 413 (counted while it streams in, see body-limit.ts).
 */
export async function parseJson<S extends zcore.$ZodType>(
  request: Request,
  schema: S,
  maxBytes: number = BODY_LIMITS.adminJson,
  tooLarge?: () => AppError,
): Promise<zcore.output<S>> {
  // A body that says it is text or a form is what another site can send without asking first
  // (no CORS preflight): JSON is only read when it says it is JSON.
  if (request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() !== "application/json") {
    throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
  }
  const raw = await readTextLimited(request, maxBytes, tooLarge);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError("bad_request", "Request body must be valid JSON.");
  }
  return parseInput(schema, body);
}

/** Parses with a shared schema; a ZodError becomes a 400 with field errors in the one mapping (errors.ts). */
export function parseInput<S extends zcore.$ZodType>(schema: S, input: unknown): zcore.output<S> {
  return zcore.parse(schema, input);
}

/**
 * The one shape of every server action's answer, the route handlers' in its failure: success with
 * its data, or the very error body a route answers (`{ success: false, error, code, fieldErrors? }`).
 */
export type ActionResult<T = undefined> = { success: true; data: T } | ErrorBody;

/** A failed action result from a thrown value, through the same mapping as the route handlers. */
export function actionFailure(error: unknown): ErrorBody {
  return errorBodyOf(error, "action").body;
}

const INPUT_SCHEMA = Symbol.for("aisec.actionInputSchema");

/**
 * Server action wrapper: guard, validate with the shared schema, map errors to a plain result.
 * The account module's adminAction / clientAction / accountAction / clientReadAction pass their
 * session guards; publicAction below passes none.
 */
export function action<A, S extends zcore.$ZodType, T>(
  guard: () => Promise<A>,
  schema: S,
  fn: (actor: A, input: z.output<S>) => Promise<T>,
) {
  const run = async (input: z.input<S>): Promise<ActionResult<T>> => {
    try {
      const actor = await guard();
      return { success: true, data: await fn(actor, parseInput(schema, input)) };
    } catch (error) {
      return actionFailure(error);
    }
  };
  // The schema stays reachable from the exported action, so the input fuzzing checks the very
  // schema the action validates with (see actionInputSchema).
  Object.defineProperty(run, INPUT_SCHEMA, { value: schema });
  return run;
}

/** The schema an action made by `action()` validates its input with, or null for any other function. */
export function actionInputSchema(fn: unknown): zcore.$ZodType | null {
  return typeof fn === "function" ? ((fn as unknown as Record<symbol, zcore.$ZodType | undefined>)[INPUT_SCHEMA] ?? null) : null;
}

/** What a public action gets instead of an actor: the request's headers and a way to work after answering. */
export type PublicContext = { headers: Headers; defer: (task: () => Promise<void>) => void };

/**
 * Server action open to anyone (sign-in, password reset): no session, but the same validation and
 * result shape. Headers give the client address (rate limits) and user agent; `defer` runs work
 * after the response has gone out (next/server `after`).
 */
export const publicAction = <S extends zcore.$ZodType, T>(schema: S, fn: (input: z.output<S>, ctx: PublicContext) => Promise<T>) =>
  action(
    async (): Promise<PublicContext> => ({
      headers: new Headers(await headers()),
      defer: (task) => after(task),
    }),
    schema,
    (ctx, input) => fn(input, ctx),
  );
