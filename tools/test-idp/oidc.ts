// A real OpenID Provider (the `oidc-provider` package) on loopback, for the tests and the demo:
// authorization code with PKCE, signed ID tokens, discovery, JWKS, nonce and auth_time as a
// company's Okta or Entra ID gives them. Its login page lists its people; a form post signs one
// in (no password: a test tool). A dev and test tool: nothing in src/ imports it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Configuration } from "oidc-provider";

export type TestIdpPerson = { sub: string; email: string; name: string; emailVerified?: boolean };
export type TestIdpClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type TestOidcIdp = {
  /** The issuer, e.g. http://127.0.0.1:4050 (discovery at /.well-known/openid-configuration). */
  issuer: string;
  hostPort: string;
  addPerson(person: TestIdpPerson): void;
  addClient(client: TestIdpClient): void;
  /** How long an authorization code lives from now on (seconds; 60 unless told). */
  setCodeSeconds(seconds: number): void;
  close(): Promise<void>;
};

type Options = {
  port?: number;
  people?: TestIdpPerson[];
  clients?: TestIdpClient[];
  log?: boolean;
  /** `POST /_fake/txt {"name","value"}` hands a TXT record to the local DNS server (the CLI's). */
  onTxt?: (name: string, value: string) => void;
};

type Stored = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/** oidc-provider's storage, in memory, with the clients served from the tool's own list. */
class MemoryAdapter {
  constructor(
    private readonly model: string,
    private readonly clients: TestIdpClient[],
    private readonly rows: Map<string, Stored>,
  ) {}
  private key = (id: string) => `${this.model}:${id}`;
  async upsert(id: string, payload: Stored): Promise<void> {
    this.rows.set(this.key(id), payload);
  }
  async find(id: string): Promise<Stored | undefined> {
    if (this.model === "Client") {
      const client = this.clients.find((c) => c.clientId === id);
      if (!client) return undefined;
      return {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      };
    }
    return this.rows.get(this.key(id));
  }
  async findByUserCode(userCode: string): Promise<Stored | undefined> {
    return [...this.rows.values()].find((row) => row.userCode === userCode);
  }
  async findByUid(uid: string): Promise<Stored | undefined> {
    return [...this.rows.values()].find((row) => row.uid === uid);
  }
  async consume(id: string): Promise<void> {
    const row = this.rows.get(this.key(id));
    if (row) row.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string): Promise<void> {
    this.rows.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [key, row] of this.rows) if (row.grantId === grantId) this.rows.delete(key);
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startTestOidcIdp(options: Options = {}): Promise<TestOidcIdp> {
  const people = new Map<string, TestIdpPerson>();
  for (const person of options.people ?? []) people.set(person.sub, person);
  const clients: TestIdpClient[] = [...(options.clients ?? [])];
  let codeSeconds = 60;
  const rows = new Map<string, Stored>();

  // Listening comes first (the issuer names the port), the provider after its key: a request in
  // between gets 503 rather than no answer at all, which would hang a readiness check for good.
  let handle: http.RequestListener | null = null;
  const server = http.createServer((req, res) => {
    if (handle) return void handle(req, res);
    res.statusCode = 503;
    res.end("starting");
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "test-idp-1", alg: "RS256", use: "sig" };

  const configuration: Configuration = {
    // Everything in memory; clients come from the list above, so ones added later are found.
    adapter: (name: string) => new MemoryAdapter(name, clients, rows),
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (!person) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: person.email, email_verified: person.emailVerified ?? true, name: person.name }),
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    cookies: { keys: [randomBytes(32).toString("hex")] },
    jwks: { keys: [signingKey] },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { AuthorizationCode: () => codeSeconds, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    // Refresh tokens are not what this tool is for: offline_access is granted nothing.
    scopes: ["openid", "email", "profile", "offline_access"],
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();
  handle = (req, res) => {
    if (options.log) console.info(`[test-idp] ${req.method} ${req.url}`);
    if (req.method === "POST" && req.url === "/_fake/txt" && options.onTxt) return void txt(req, res);
    const match = /^\/interaction\/([^/?]+)(\/login)?/.exec(req.url ?? "");
    if (!match) return void callback(req, res);
    void interaction(req, res, Boolean(match[2])).catch((error: unknown) => {
      res.statusCode = 400;
      res.setHeader("content-type", "text/plain");
      res.end(error instanceof Error ? error.message : "interaction failed");
    });
  };

  const bodyOf = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = "";
      req.on("data", (chunk: Buffer) => (text += chunk.toString()));
      req.on("end", () => resolve(text));
    });

  async function txt(req: http.IncomingMessage, res: http.ServerResponse) {
    let record: { name?: unknown; value?: unknown } = {};
    try {
      record = JSON.parse(await bodyOf(req)) as typeof record;
    } catch {
      // answered below
    }
    if (typeof record.name !== "string" || typeof record.value !== "string") {
      res.statusCode = 400;
      return void res.end('{"error":"name and value (strings) are required"}');
    }
    options.onTxt!(record.name, record.value);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ name: record.name, value: record.value }));
  }

  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, login: boolean) {
    const details = await provider.interactionDetails(req, res);
    if (!login) {
      const hint = typeof details.params.login_hint === "string" ? details.params.login_hint.toLowerCase() : null;
      const choices = [...people.values()].map(
        (p) =>
          `<li><form method="post" action="/interaction/${details.uid}/login"><input type="hidden" name="sub" value="${escapeHtml(p.sub)}">` +
          `<button type="submit"${hint === p.email.toLowerCase() ? " autofocus" : ""}>Sign in as ${escapeHtml(p.name)} (${escapeHtml(p.email)})</button></form></li>`,
      );
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(
        `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body><main><h1>Test identity provider</h1>` +
          `<p>Choose who you are (a test tool: no password).</p><ul>${choices.join("")}</ul></main></body></html>`,
      );
      return;
    }
    const body = await bodyOf(req);
    const sub = new URLSearchParams(body).get("sub") ?? "";
    if (!people.has(sub)) throw new Error(`No such person: ${sub}`);
    const clientId = String(details.params.client_id);
    const grant = new provider.Grant({ accountId: sub, clientId });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    hostPort: `127.0.0.1:${port}`,
    addPerson: (person) => void people.set(person.sub, person),
    addClient: (client) => void clients.push(client),
    setCodeSeconds: (seconds) => void (codeSeconds = seconds),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
