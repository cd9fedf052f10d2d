import "server-only";
import { sso, type SSOOptions } from "@better-auth/sso";
import { getCurrentAuthEndpointContext } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/server/core/db/client";
import { session, user } from "../schema";
import { SSO_REQUIRED_MESSAGE } from "@/lib/domain/sso";
import { PASSKEY_SIGN_IN_PATH } from "../passkeys/hooks";
import { dropSetCookie } from "../second-factor/plugin";
import { identityPorts, type SsoCompanyFacts } from "../ports";
import { recordIdentityProviderProof } from "../second-factor/fresh-factor-state";
import { SSO_FLOW_COOKIE, type SsoFlow, ssoFlowOf, type SsoStepUp } from "./flow-cookie";
import { takeSamlFlow } from "./saml-flow";
import { type SamlResponseFacts, samlResponseFacts } from "./saml-response";
import { assertedEmail, resolveSsoUser, type SsoLookups } from "./resolve-user";
import { guardSsoOutboundFetches, isSsoEndpointPath } from "./outbound";

/** How a session made through a company's identity provider is marked (`session.sign_in_method`). */
export const SSO_METHOD = "sso";

const SAML_ACS_PREFIX = "/sso/saml2/sp/acs";
const CALLBACK_PREFIXES = ["/sso/callback", SAML_ACS_PREFIX];
const isCallback = (path: string | undefined) => CALLBACK_PREFIXES.some((prefix) => path?.startsWith(prefix));

/** Read before better-auth's transaction, handed to the resolver through the endpoint's context. */
type SsoRequestState = {
  facts: SsoCompanyFacts | null;
  flow: SsoFlow | null;
  authTime: Date | null;
  testedAs: string | null;
  stepUpPassed: boolean;
  /** A SAML response as our parser read it (saml-response.ts), before the plugin checks it; its facts count only once it has. */
  saml: SamlResponseFacts | null;
};
const STATE_KEY = "sentinelSso";

function requestState(): SsoRequestState | null {
  const context = getCurrentAuthEndpointContext() as unknown as Record<string, unknown>;
  return (context[STATE_KEY] as SsoRequestState | undefined) ?? null;
}

type Adapter = Parameters<NonNullable<SSOOptions["resolveUser"]>>[1]["database"];

function lookupsOf(database: Adapter): SsoLookups {
  return {
    async accountOf(providerId, accountId) {
      const found = await database.findOne<{ userId: string }>({
        model: "account",
        where: [
          { field: "providerId", value: providerId },
          { field: "accountId", value: accountId },
        ],
      });
      return found ? { userId: found.userId } : null;
    },
    async userByEmail(email) {
      const found = await database.findOne<{ id: string }>({ model: "user", where: [{ field: "email", value: email }] });
      return found ? { id: found.id } : null;
    },
    async linkedSubjectOf(userId, providerId) {
      const found = await database.findOne<{ accountId: string }>({
        model: "account",
        where: [
          { field: "userId", value: userId },
          { field: "providerId", value: providerId },
        ],
      });
      return found?.accountId ?? null;
    },
  };
}

/** The ID token's auth_time (seconds), when it gave one. */
function authTimeOf(claims: Record<string, unknown>): Date | null {
  return typeof claims.auth_time === "number" && Number.isFinite(claims.auth_time) ? new Date(claims.auth_time * 1000) : null;
}

/** The owner's test sign-in went through: the company may now switch single sign-on on. */
async function recordTestPassed(db: Db, clientId: string, userId: string, testedAs: string, now: Date): Promise<void> {
  const [tester] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId)).limit(1);
  await (await identityPorts()).sso.recordTestPassed(db, { clientId, testedAt: now, testedByName: tester?.name ?? "An owner", testedAs });
}

/** The step-up's proof goes to the session that asked for it, if it is still that person's and alive. */
async function recordStepUpPassed(db: Db, step: SsoStepUp, now: Date): Promise<void> {
  const [alive] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, step.sessionId), eq(session.userId, step.userId), gt(session.expiresAt, now)))
    .limit(1);
  if (alive) await recordIdentityProviderProof(db, alive.id, now);
}

/**
 * Why a SAML response the plugin accepted is refused all the same: what our parser read of it before
 * (saml-response.ts) is missing, malformed, has a comment or CDATA section, names a weak algorithm, or
 * gives another subject than the plugin's reading.
 */
function samlRefusal(saml: SamlResponseFacts | null, pluginNameId: string): string | null {
  if (!saml || saml.refusal === "malformed") return "invalid_saml_response";
  if (saml.refusal === "comment") return "sso_saml_comment";
  if (saml.weakAlgorithm) return "sso_weak_signature";
  return saml.nameId === pluginNameId ? null : "invalid_saml_response";
}

/**
 * better-auth's SSO plugin, with our resolver and SAML's strict checks. Its requests to the
 * provider go through the guarded fetch (outbound.ts).
 */
export function ssoPlugin() {
  guardSsoOutboundFetches();
  return sso({
    resolveUser: async (input, { database }) => {
      const state = requestState();
      if (input.protocol === "saml") {
        const refusal = samlRefusal(state?.saml ?? null, input.accountKey.accountId);
        if (refusal) return { action: "reject", code: refusal };
      }
      const signedInAt = input.protocol === "oidc" ? authTimeOf(input.verifiedIdTokenClaims) : (state?.saml?.authnInstant ?? null);
      const decision = await resolveSsoUser(
        input,
        state?.facts ?? null,
        state?.flow ?? null,
        signedInAt,
        lookupsOf(database),
        (email) => {
          if (state) state.testedAs = email;
        },
        () => {
          if (state) state.stepUpPassed = true;
        },
      );
      if (state && decision.action !== "reject") state.authTime = signedInAt;
      return decision;
    },
    // The provider's e-mail_verified decides nothing: a link needs our own verified domain.
    trustEmailVerified: false,
    // Providers are registered by our own functions (src/features/sso), never by this plugin's endpoints.
    providersLimit: 0,
    saml: {
      enableInResponseToValidation: true,
      allowIdpInitiated: false,
      requireTimestamps: true,
      clockSkew: 2 * 60_000,
      algorithms: { onDeprecated: "reject" },
    },
  });
}

/**
 * Our side of a sign-in through a company's identity provider: the company's facts and the flow's
 * cookie read before the plugin's transaction; after it, the person made or activated, the session
 * bounded by the company's hours (a browser-session cookie, never renewed), the owner's test
 * recorded. Also refuses a password sign-in the company's "required" mode rules out.
 */
export function ssoPolicyPlugin(db: Db) {
  return {
    id: "sentinel-sso-policy",
    hooks: {
      before: [
        {
          // Whatever replaced the global fetch since, the plugin's requests go through the guard.
          matcher: (ctx) => isSsoEndpointPath(ctx.path),
          handler: createAuthMiddleware(async () => {
            guardSsoOutboundFetches();
          }),
        },
        {
          matcher: (ctx) => isCallback(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const providerId = (ctx.params as { providerId?: string } | undefined)?.providerId;
            // A SAML response arrives by a cross-site POST: its flow is kept on the server (saml-flow.ts).
            const saml = ctx.path?.startsWith(SAML_ACS_PREFIX)
              ? samlResponseFacts((ctx.body as { SAMLResponse?: unknown } | undefined)?.SAMLResponse)
              : null;
            const state: SsoRequestState = {
              facts: providerId ? await (await identityPorts()).sso.companyFacts(db, providerId) : null,
              flow: saml ? await takeSamlFlow(db, saml.inResponseTo, ssoFlowOf(ctx.headers)) : ssoFlowOf(ctx.headers),
              authTime: null,
              testedAs: null,
              stepUpPassed: false,
              saml,
            };
            return { context: { [STATE_KEY]: state } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/sign-in/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            if (typeof email === "string" && (await (await identityPorts()).sso.passwordRefused(db, email)))
              throw new APIError("FORBIDDEN", { code: "SSO_REQUIRED", message: SSO_REQUIRED_MESSAGE });
          }),
        },
      ],
      after: [
        {
          // A passkey is no way around a required provider either (owners excepted): the session
          // it just made is ended before the browser can use it.
          matcher: (ctx) => ctx.path === PASSKEY_SIGN_IN_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const made = ctx.context.newSession;
            if (!made || !(await (await identityPorts()).sso.passwordRefused(db, made.user.email))) return;
            await db.delete(session).where(eq(session.token, made.session.token));
            throw new APIError("FORBIDDEN", { code: "SSO_REQUIRED", message: SSO_REQUIRED_MESSAGE });
          }),
        },
        {
          matcher: (ctx) => isCallback(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const state = (ctx as unknown as Record<string, unknown>)[STATE_KEY] as SsoRequestState | undefined;
            ctx.setCookie(SSO_FLOW_COOKIE, "", { path: "/api/auth/sso", maxAge: 0 });
            if (!state?.facts) return;
            const { facts, flow } = state;
            const now = new Date();
            if (state.testedAs && flow?.testUserId) {
              await recordTestPassed(db, facts.clientId, flow.testUserId, state.testedAs, now);
              return;
            }
            if (state.stepUpPassed && flow?.stepUp) {
              await recordStepUpPassed(db, flow.stepUp, now);
              return;
            }
            const made = ctx.context.newSession;
            if (!made) return;
            const expiresAt = new Date(Math.min(made.session.expiresAt.getTime(), now.getTime() + facts.sessionHours * 3_600_000));
            const { clients } = await identityPorts();
            await db.transaction(async (tx) => {
              // A newcomer the resolver let in (just-in-time) becomes a member; an invited person is active now.
              await clients.admitSsoNewcomer(tx, { userId: made.user.id, clientId: facts.clientId });
              await clients.activateInvitedPerson(tx, made.user.id);
              // The plugin stores a newcomer's address as the provider asserted it: kept trimmed,
              // as the resolver matched it. The last sign-in and its way are the owners' to see.
              await tx
                .update(user)
                .set({ emailVerified: true, email: assertedEmail(made.user.email), lastSignInAt: now, lastSignInMethod: SSO_METHOD })
                .where(eq(user.id, made.user.id));
              await tx
                .update(session)
                .set({ signInMethod: SSO_METHOD, ssoAuthAt: state.authTime ?? now, expiresAt })
                .where(eq(session.token, made.session.token));
            });
            dropSetCookie(ctx.context.responseHeaders, ctx.context.authCookies.sessionToken.name);
            await setSessionCookie(ctx, { session: { ...made.session, expiresAt }, user: made.user }, true);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
