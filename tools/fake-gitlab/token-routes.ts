// What a token is: GET /personal_access_tokens/self, which GitLab answers for any live token of any
// scope (a project access token is a personal access token of its bot), so a client can learn its
// scopes before it writes.
import { type Call, tokenItself } from "./auth";
import { json } from "./http";

const iso = (ms: number) => new Date(ms).toISOString();
/** GitLab's expires_at is a date, the day the token stops working from midnight UTC. */
const day = (ms: number) => iso(ms).slice(0, 10);

export function showSelfToken(call: Call): void {
  const token = tokenItself(call);
  if (token === undefined) return;
  call.req.resume();
  json(call.res, 200, {
    id: token.id,
    name: token.name,
    revoked: false,
    created_at: iso(token.createdAt),
    description: null,
    scopes: token.scopes,
    user_id: token.bot.id,
    last_used_at: iso(call.ctx.now()),
    active: true,
    expires_at: token.expiresAt === null ? null : day(token.expiresAt),
    last_used_ips: ["127.0.0.1"],
  });
}
