// A token's owner scopes last as long as its maker is an owner (docs/PRODUCT.md#api-and-webhooks):
// checked at each request, a maker demoted to member, removed from the company or deleted takes
// the owner's rights of findings:write, access-log:read and webhooks:manage with them (403 with a
// sentence saying why), while the member's scopes keep working; promoted again, the rights return.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as accessLogRoute } from "@/app/api/v1/access-log/route";
import { POST as commentsRoute } from "@/app/api/v1/findings/[id]/comments/route";
import { GET as projectsRoute } from "@/app/api/v1/projects/route";
import { GET as webhooksRoute } from "@/app/api/v1/webhooks/route";
import { createApiToken, OWNER_SCOPES_ENDED } from "@/features/api/server";
import { changePersonRole, removePerson } from "@/features/clients/server";
import { DEMO_USERS } from "@/features/demo/server/demo-data";
import { DEMO_MEASURED } from "@/features/demo/server/demo-measurements";
import { apiTokens } from "@/features/api/server/schema";
import { clientActor } from "@tests/integration/helpers/admin-session";
import { APP_ORIGIN } from "@tests/integration/helpers/auth";
import { setupTestDatabase } from "@tests/integration/helpers/db";

const t = setupTestDatabase({ seedDemo: true });
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

const FINDING = DEMO_MEASURED.jailbreak.findingId;

/** What each scope's call answers for the token: status, and the problem's detail when refused. */
async function answers(secret: string) {
  const call = async (handler: unknown, path: string, init: RequestInit = {}, params: Record<string, string> = {}) => {
    const response = await (handler as Handler)(
      new Request(`${APP_ORIGIN}${path}`, { ...init, headers: { authorization: `Bearer ${secret}`, ...init.headers } }),
      { params: Promise.resolve(params) },
    );
    const body = response.status >= 400 ? ((await response.json()) as { detail?: string }) : null;
    return body ? `${response.status} ${body.detail}` : String(response.status);
  };
  return {
    "projects:read": await call(projectsRoute, "/api/v1/projects"),
    "access-log:read": await call(accessLogRoute, "/api/v1/access-log"),
    "webhooks:manage": await call(webhooksRoute, "/api/v1/webhooks"),
    "findings:write": await call(
      commentsRoute,
      `/api/v1/findings/${FINDING}/comments`,
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ body: "From CI" }) },
      { id: FINDING },
    ),
  };
}

const working = { "projects:read": "200", "access-log:read": "200", "webhooks:manage": "200", "findings:write": "201" };
const ended = {
  "projects:read": "200",
  "access-log:read": `403 ${OWNER_SCOPES_ENDED}`,
  "webhooks:manage": `403 ${OWNER_SCOPES_ENDED}`,
  "findings:write": `403 ${OWNER_SCOPES_ENDED}`,
};

describe("a token's owner scopes and its maker", () => {
  it("end while the maker is demoted, return when promoted again, and end for good when the maker is removed", async () => {
    const owner = await clientActor(DEMO_USERS.acme.email);
    const maker = DEMO_USERS.acmeMember;
    await changePersonRole(t.db, { actor: owner, userId: maker.id, role: "owner" });
    const { secret } = await createApiToken(t.db, {
      actor: await clientActor(maker.email),
      name: "Riley's CI",
      scopes: ["projects:read", "access-log:read", "webhooks:manage", "findings:write"],
      lifetimeDays: 30,
    });
    expect(await answers(secret)).toEqual(working);

    await changePersonRole(t.db, { actor: owner, userId: maker.id, role: "member" });
    expect(await answers(secret)).toEqual(ended);

    await changePersonRole(t.db, { actor: owner, userId: maker.id, role: "owner" });
    expect(await answers(secret)).toEqual(working);

    await removePerson(t.db, { actor: owner, userId: maker.id });
    expect(await answers(secret)).toEqual(ended);
  });

  it("end when the maker's user is gone (the token keeps only the maker's name)", async () => {
    const { secret, id } = await createApiToken(t.db, {
      actor: await clientActor(DEMO_USERS.acme.email),
      name: "Orphan",
      scopes: ["projects:read", "access-log:read", "webhooks:manage", "findings:write"],
      lifetimeDays: 30,
    });
    expect(await answers(secret)).toEqual(working);
    await t.db.update(apiTokens).set({ createdByUserId: null }).where(eq(apiTokens.id, id));
    expect(await answers(secret)).toEqual(ended);
  });
});
