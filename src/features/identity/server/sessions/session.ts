import "server-only";
import { getSessionCookie } from "better-auth/cookies";
import { eq } from "drizzle-orm";
import { headers as nextHeaders } from "next/headers";
import { cache } from "react";
import { type Actor, type AdminActor, type ClientActor, OWNER_ONLY_MESSAGE, READ_ONLY_VIEW_MESSAGE } from "@/server/core/actor";

export { OWNER_ONLY_MESSAGE };
import { getDb } from "@/server/core/db/client";
import { type SecondFactorMethod, user } from "../schema";
import { DEMO_ADMIN_EMAIL } from "@/server/core/demo-admin";
import { serverEnv } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { getAuth } from "../auth";
import { clientMembershipOf, membershipRefusal } from "../client-membership";
import { PASSKEY_METHOD } from "../passkeys/hooks";
import { SSO_METHOD } from "../sso/sso-plugin";
import { NEEDS_BETTER_AUTH, readSessionRow, type SessionRow } from "./read";
import { viewAsOf } from "../view-as/view-as";
import { identityPorts } from "../ports";

/**
 * The session of the request, from its cookies (one query: session, user and company,
 * read.ts); route handlers pass their request headers. A page
 * render asks several times (its layout and the page each guard themselves, the portal's guard
 * tries the client and then the viewing admin), all with the request's one headers object, so
 * within a render the answer is kept per headers object: one session lookup per request (React
 * `cache`, scoped to the render; outside a render, in route handlers and actions, it calls through).
 */
export async function getSession(headers?: Headers) {
  return readSessionOnce(headers ?? (await nextHeaders()));
}

const readSessionOnce = cache(readSession);

/**
 * Whether the request carries a session cookie whose session is gone (signed out elsewhere, revoked,
 * expired): the browser keeps sending it until something clears it. The portal page has it cleared
 * (src/features/account/components/sign-in/stale-session-reset.tsx), so the signed-out portal is always the prerendered
 * login page that src/proxy.ts serves to a request without one.
 */
export async function hasStaleSessionCookie(): Promise<boolean> {
  const h = await nextHeaders();
  return getSessionCookie(h) !== null && (await getSession(h)) === null;
}

async function readSession(h: Headers) {
  // No session cookie, no session: the anonymous visitor (the login forms) costs no better-auth
  // call and no database round trip.
  if (!getSessionCookie(h)) return null;
  const row = await readSessionRow(getDb(), h);
  if (row === null) return null;
  // Due for its daily renewal or expired: better-auth renews or deletes it (its writes).
  const found = row === NEEDS_BETTER_AUTH ? await readSessionThroughBetterAuth(h) : row;
  if (!found) return null;
  // A session of a user with two-factor on that passed no second factor was opened before the
  // enrolment (turning it on ends the others; this covers sessions older than that rule): it is
  // not a signed-in session any more.
  // A session made through the company's identity provider is the exception: the provider is the
  // company's own proof (docs/PRODUCT.md#single-sign-on).
  if (found.twoFactorEnabled && !found.secondFactorMethod && found.signInMethod !== SSO_METHOD) return null;
  return {
    userId: found.userId,
    email: found.email,
    name: found.name,
    role: found.role === "admin" ? "admin" : "client",
    twoFactorEnabled: found.twoFactorEnabled,
    /**
     * The second factor this session passed (an app or backup code, a passkey with user
     * verification, a trusted device) and when, as recorded on the session when it was passed;
     * null for a password-only session (docs/PRODUCT.md#sign-in-two-factor).
     */
    secondFactor: found.secondFactorMethod ? { method: found.secondFactorMethod, at: new Date(found.secondFactorAt ?? 0) } : null,
    viaPasskey: found.signInMethod === PASSKEY_METHOD,
    /** Made through the company's identity provider: its two-factor policy is the provider's. */
    viaSso: found.signInMethod === SSO_METHOD,
    sessionId: found.sessionId,
    /** The user's company, when it was read with the session (undefined: read it when needed). */
    membership: found.membership,
  } as const;
}

/** better-auth's own getSession, which renews a session due for it and deletes an expired one. */
async function readSessionThroughBetterAuth(h: Headers): Promise<(Omit<SessionRow, "membership"> & { membership?: undefined }) | null> {
  const result = await getAuth().api.getSession({ headers: h });
  if (!result) return null;
  const { role, twoFactorEnabled } = result.user as { role?: string; twoFactorEnabled?: boolean | null };
  const { signInMethod, secondFactorMethod, secondFactorAt } = result.session as {
    signInMethod?: string | null;
    secondFactorMethod?: SecondFactorMethod | null;
    secondFactorAt?: Date | string | null;
  };
  return {
    sessionId: result.session.id,
    userId: result.user.id,
    email: result.user.email,
    name: result.user.name,
    role: role ?? "client",
    twoFactorEnabled: twoFactorEnabled === true,
    signInMethod: signInMethod ?? null,
    secondFactorMethod: secondFactorMethod ?? null,
    secondFactorAt: secondFactorAt ? new Date(secondFactorAt) : null,
  };
}

/** The signed-in session's id, for "This device" and for never signing out the current one. */
export async function currentSessionId(headers?: Headers): Promise<string> {
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  return session.sessionId;
}

export const ADMIN_TWO_FACTOR_REQUIRED = "Two-factor sign-in is required for admins. Set it up on your Account page first.";
export const CLIENT_TWO_FACTOR_REQUIRED = "Your company requires two-factor sign-in. Set it up in Settings first.";

/** Thrown by the guards for a user who must enrol and has not: pages send them to enrolment. */
export class TwoFactorRequiredError extends AppError {
  constructor(message: string = ADMIN_TWO_FACTOR_REQUIRED) {
    super("forbidden", message);
  }
}

/**
 * The demo admin may skip two-factor while the demo data set is in use, so the README's demo stays
 * one step; never on a production deployment, even with SEED_DEMO=true
 * (docs/PRODUCT.md#sign-in-two-factor).
 */
export function isDemoAdminExempt(email: string): boolean {
  const env = serverEnv();
  return env.seedDemo && !env.isProduction && email === DEMO_ADMIN_EMAIL;
}

/** Whether this user is using the demo exemption: the demo admin (isDemoAdminExempt) without two-factor. */
export function demoExemptionInUse(user: { role: string; twoFactorEnabled: boolean; email: string }): boolean {
  return user.role === "admin" && !user.twoFactorEnabled && isDemoAdminExempt(user.email);
}

/**
 * demoExemptionInUse for the signed-in user, from the request's session, which carries the user's
 * two-factor state: the dashboard's note about it costs no read of its own.
 */
export async function sessionDemoExempt(headers?: Headers): Promise<boolean> {
  const session = await getSession(headers);
  return session !== null && demoExemptionInUse(session);
}

/**
 * The admin of the request. Every admin page, route handler and action comes through here, so the
 * two-factor requirement lives here too: an admin without it gets a TwoFactorRequiredError. Only
 * the enrolment itself (the Account page and its actions) passes `{ enrolment: true }`.
 */
export async function requireAdmin(headers?: Headers, options: { enrolment?: boolean } = {}): Promise<AdminActor> {
  const session = await getSession(headers);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  if (session.role !== "admin") throw new AppError("forbidden", "Access denied. Admins only.");
  if (!options.enrolment && !session.secondFactor && !isDemoAdminExempt(session.email)) throw new TwoFactorRequiredError();
  return { role: "admin", userId: session.userId, email: session.email, name: session.name };
}

/**
 * The signed-in client and its clients row (found through the user id, never from input). Every
 * client write goes through here (clientAction, withClient), so an admin viewing a portal is
 * refused here, whatever the write. When the company requires two-factor and the user has none,
 * everything is refused with a TwoFactorRequiredError but the enrolment itself (`{ enrolment: true }`,
 * the account actions): docs/PRODUCT.md#account-security.
 */
export async function requireClient(headers?: Headers, options: { enrolment?: boolean } = {}): Promise<ClientActor> {
  const h = headers ?? (await nextHeaders());
  const session = await getSession(h);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  if (session.role === "admin" && viewAsOf(h, session.userId)) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  if (session.role !== "client") throw new AppError("forbidden", "Access denied. Please use the admin portal.");
  const membership = session.membership !== undefined ? session.membership : await clientMembershipOf(getDb(), session.userId);
  const refusal = membershipRefusal(membership);
  if (!membership || refusal) throw new AppError("forbidden", refusal ?? "Client account not found");
  if (!options.enrolment && membership.requireTwoFactor && !session.secondFactor && !session.viaSso)
    throw new TwoFactorRequiredError(CLIENT_TWO_FACTOR_REQUIRED);
  return {
    role: "client",
    userId: session.userId,
    email: session.email,
    name: session.name,
    clientId: membership.clientId,
    company: membership.company,
    personRole: membership.personRole,
    billingWithheld: membership.personRole === "member" && membership.billingWithheldFromMembers,
    reportsWithheld: membership.personRole === "member" && membership.reportsWithheldFromMembers,
    findingsWithheld: membership.personRole === "member" && membership.findingsWithheldFromMembers,
  };
}

/** The signed-in client when they are an owner of their company (Team, withholding Billing): members get a 403. */
export async function requireClientOwner(headers?: Headers): Promise<ClientActor> {
  const actor = await requireClient(headers);
  if (actor.personRole !== "owner") throw new AppError("forbidden", OWNER_ONLY_MESSAGE);
  return actor;
}

export const ADMIN_ENROLMENT_PATH = "/admin/account";

/**
 * For admin pages: the admin, or a redirect to the admin login (to enrolment for an admin without
 * two-factor). Each page calls it itself.
 */
export async function requireAdminPage(options: { enrolment?: boolean } = {}): Promise<AdminActor> {
  const { redirect } = await import("next/navigation");
  try {
    return await requireAdmin(undefined, options);
  } catch (error) {
    if (error instanceof TwoFactorRequiredError) redirect(ADMIN_ENROLMENT_PATH);
    if (error instanceof AppError) redirect("/admin/login");
    throw error;
  }
}

/** Any signed-in user of either area, for their own account's security settings. */
export async function requireAccountActor(headers?: Headers): Promise<Actor> {
  const h = headers ?? (await nextHeaders());
  const session = await getSession(h);
  if (!session) throw new AppError("unauthorized", "Please sign in.");
  // Viewing a client's portal, the account cards on its Settings are the client's: the admin's own
  // account is not managed from there.
  if (session.role === "admin" && viewAsOf(h, session.userId)) throw new AppError("forbidden", READ_ONLY_VIEW_MESSAGE);
  return session.role === "admin" ? requireAdmin(h, { enrolment: true }) : requireClient(h, { enrolment: true });
}

/**
 * For reads of the portal: the signed-in client, or an admin viewing a client's portal (an actor
 * of that client carrying `viewer`, read only: writes go through requireClient and are refused).
 */
export async function requireClientOrViewer(headers?: Headers): Promise<ClientActor> {
  const h = headers ?? (await nextHeaders());
  const session = await getSession(h);
  const view = session?.role === "admin" ? viewAsOf(h, session.userId) : null;
  if (!session || !view) return requireClient(h);
  // The view is the admin's: it needs the admin's own second factor, like every admin page.
  if (!session.secondFactor && !isDemoAdminExempt(session.email)) throw new AppError("forbidden", ADMIN_TWO_FACTOR_REQUIRED);
  // The viewer sees what the company's first owner sees (everything, their own settings cards
  // included) and writes nothing.
  const owners = (await identityPorts()).clients.companyOwners;
  const [row] = await getDb()
    .select({ id: owners.columns.clientId, company: owners.columns.company, userId: user.id, email: user.email, name: user.name })
    .from(owners.from)
    .leftJoin(user, eq(user.id, owners.columns.ownerUserId))
    .where(owners.where(view.clientId))
    .orderBy(owners.orderBy)
    .limit(1);
  if (!row) throw new AppError("not_found", "Client not found");
  return {
    role: "client",
    userId: row.userId ?? session.userId,
    email: row.email ?? session.email,
    name: row.name ?? session.name,
    clientId: row.id,
    company: row.company,
    personRole: "owner",
    billingWithheld: false,
    reportsWithheld: false,
    findingsWithheld: false,
    viewer: { adminUserId: session.userId, adminEmail: session.email },
  };
}

/**
 * For the client portal page: the client (or a viewing admin's read-only actor) with `mustEnrol`
 * when their company requires two-factor they have not set up (only enrolment is shown), or null
 * (the login is shown).
 */
export async function getPortalAccess(): Promise<{ actor: ClientActor; mustEnrol: boolean } | null> {
  try {
    return { actor: await requireClientOrViewer(), mustEnrol: false };
  } catch (error) {
    if (error instanceof TwoFactorRequiredError) return { actor: await requireClient(undefined, { enrolment: true }), mustEnrol: true };
    if (error instanceof AppError) return null;
    throw error;
  }
}
